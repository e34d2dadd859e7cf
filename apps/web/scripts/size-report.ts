import { fileURLToPath } from 'node:url';
import { bundleReport, formatReport } from './bundle-size';

/** Printed after `vite build` (see package.json): what each chunk weighs and what sign-in loads. */
const distDir = fileURLToPath(new URL('../dist', import.meta.url));
console.log(formatReport(bundleReport(distDir)));
