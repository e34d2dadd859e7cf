/**
 * Web bundle benchmark: builds the web app and reports what each chunk weighs, what the sign-in page
 * downloads first, and whether the performance goals hold (sign-in initial JavaScript under 120 kB
 * gzip, largest chunk under 250 kB gzip). Run with `npm run bench:web`; a measurement, not a test.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleReport, formatReport, GOALS, meetsGoals } from '../apps/web/scripts/bundle-size';

const webDir = fileURLToPath(new URL('../apps/web', import.meta.url));
execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });

const report = bundleReport(`${webDir}/dist`);
console.log(formatReport(report));
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `Goal sign-in initial < ${GOALS.signInInitialGzipBytes / 1024} kB gzip: ${verdict(report.signIn.gzipBytes < GOALS.signInInitialGzipBytes)}`,
);
console.log(
  `Goal largest chunk < ${GOALS.largestChunkGzipBytes / 1024} kB gzip: ${verdict(report.largest.gzipBytes < GOALS.largestChunkGzipBytes)}`,
);
console.log(
  `Goal apply page initial < ${GOALS.applyInitialGzipBytes / 1024} kB gzip: ${verdict(report.apply.gzipBytes < GOALS.applyInitialGzipBytes)}`,
);
console.log(
  JSON.stringify({
    applyGzipBytes: report.apply.gzipBytes,
    signInGzipBytes: report.signIn.gzipBytes,
    largestGzipBytes: report.largest.gzipBytes,
    goalsMet: meetsGoals(report),
  }),
);
