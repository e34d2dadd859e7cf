import { fileURLToPath } from 'node:url';
import { bundleReport, GOALS } from './bundle-size';

/**
 * Fails (exit 1) when the public apply entry's initial JavaScript (apply.html's static import closure, read from the
 * built dist and its Vite manifest) reaches 100 kB gzip: a talent opens a submission link on a slow phone connection.
 * Run after the build by `npm run test:e2e`, so CI refuses a change that makes the apply pages heavier;
 * `npm run bench:web` prints the same figure among the others.
 */
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const { apply } = bundleReport(distDir);
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const line = `Apply page initial JavaScript: ${kB(apply.gzipBytes)} gzip in ${apply.files.length} chunks (limit ${kB(GOALS.applyInitialGzipBytes)})`;
if (apply.gzipBytes >= GOALS.applyInitialGzipBytes) {
  console.error(`${line}: over the limit.\n  ${apply.files.join('\n  ')}`);
  process.exit(1);
}
console.log(`${line}: within the limit.`);
