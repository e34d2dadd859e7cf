// Fails on any import cycle in our TypeScript, type-only imports included (`npm run check:cycles`, part of
// `npm run lint`). ESLint's import/no-cycle checks the same folders but skips `import type`, and has no option to
// count it; a cycle of types still ties two files together for every reader and refactoring, so madge checks them all.
// Madge's settings (extensions, type imports counted) are in .madgerc, shared with an ad-hoc `npx madge` run.
import fs from 'node:fs';
import madge from 'madge';

const ROOTS = [
  { dir: 'apps/api/src', tsConfig: 'apps/api/tsconfig.json' },
  { dir: 'apps/web/src', tsConfig: 'apps/web/tsconfig.json' },
  { dir: 'packages/domain/src', tsConfig: 'packages/domain/tsconfig.json' },
  { dir: 'e2e', tsConfig: 'e2e/tsconfig.json' },
  { dir: 'bench', tsConfig: 'bench/tsconfig.json' },
  { dir: 'scripts/cluster', tsConfig: 'scripts/cluster/tsconfig.json' },
];

process.chdir(new URL('..', import.meta.url).pathname);
const settings = JSON.parse(fs.readFileSync('.madgerc', 'utf8'));

let cycles = 0;
for (const { dir, tsConfig } of ROOTS) {
  const graph = await madge(dir, { ...settings, tsConfig, baseDir: '.' });
  const found = graph.circular();
  cycles += found.length;
  console.log(`${dir}: ${Object.keys(graph.obj()).length} files, ${found.length} cycle(s)`);
  for (const cycle of found) console.log(`  ${[...cycle, cycle[0]].join(' -> ')}`);
}
if (cycles > 0) {
  console.error(`${cycles} import cycle(s): break each by moving what both files need into a third file.`);
  process.exit(1);
}
