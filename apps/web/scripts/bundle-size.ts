import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (`build.manifest: true`), keyed by source path. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  chunks: ChunkSize[];
  /** The JavaScript a first visit to the sign-in page downloads before it can show the form. */
  signIn: { files: string[]; rawBytes: number; gzipBytes: number };
  /** The same for a public apply page (a talent on a phone opening a submission link). */
  apply: { files: string[]; rawBytes: number; gzipBytes: number };
  largest: ChunkSize;
  totalJs: { rawBytes: number; gzipBytes: number };
}

/** The source whose chunk the sign-in route renders (app/pages.tsx loads it on first paint). */
export const SIGN_IN_PAGE_SOURCE = 'src/features/identity/sign-in-page.tsx';

/** The app's page (every route of the back office, and the sign-in page). */
export const APP_ENTRY = 'index.html';

/** The page the API serves for the public apply addresses: its own entry (decision 0046). */
export const APPLY_ENTRY = 'apply.html';

/** Goals of the performance issue and of the apply pages, checked by `npm run bench:web` (not by tests). */
export const GOALS = {
  signInInitialGzipBytes: 120 * 1024,
  largestChunkGzipBytes: 250 * 1024,
  applyInitialGzipBytes: 100 * 1024,
};

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

function sizeOf(distDir: string, file: string): ChunkSize {
  const path = join(distDir, file);
  return {
    file,
    rawBytes: statSync(path).size,
    gzipBytes: gzipSync(readFileSync(path), { level: 9 }).length,
  };
}

/**
 * The chunks a key needs before it runs: itself and its static imports, transitively. Dynamic
 * imports are left out, since they load later, on demand.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file);
}

export function bundleReport(distDir: string): BundleReport {
  const manifest = readManifest(distDir);
  const jsFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
    file.endsWith('.js'),
  );
  const chunks = jsFiles.map((file) => sizeOf(distDir, file)).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const bySize = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  // The app's entry renders the sign-in route, whose page chunk it requests at once: both count as initial.
  const signInFiles = staticClosure(manifest, [APP_ENTRY, SIGN_IN_PAGE_SOURCE]);
  const sum = (files: readonly ChunkSize[]) => ({
    rawBytes: files.reduce((total, chunk) => total + chunk.rawBytes, 0),
    gzipBytes: files.reduce((total, chunk) => total + chunk.gzipBytes, 0),
  });
  const signInChunks = signInFiles.map((file) => bySize.get(file) ?? sizeOf(distDir, file));
  // The apply entry imports the apply pages statically: its closure is everything a talent downloads first.
  const applyFiles = staticClosure(manifest, [APPLY_ENTRY]);
  const applyChunks = applyFiles.map((file) => bySize.get(file) ?? sizeOf(distDir, file));
  return {
    chunks,
    signIn: { files: signInFiles, ...sum(signInChunks) },
    apply: { files: applyFiles, ...sum(applyChunks) },
    largest: chunks[0]!,
    totalJs: sum(chunks),
  };
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The report as text: every chunk, then the figures the goals speak about. */
export function formatReport(report: BundleReport): string {
  const width = Math.max(...report.chunks.map((chunk) => chunk.file.length));
  const lines = ['JavaScript chunks (raw / gzip), largest first:'];
  for (const chunk of report.chunks) {
    lines.push(
      `  ${chunk.file.padEnd(width)}  ${kB(chunk.rawBytes).padStart(9)}  ${kB(chunk.gzipBytes).padStart(9)}`,
    );
  }
  lines.push(
    `Total JavaScript: ${kB(report.totalJs.rawBytes)} raw, ${kB(report.totalJs.gzipBytes)} gzip in ${report.chunks.length} chunks`,
    `Sign-in page initial JavaScript: ${kB(report.signIn.rawBytes)} raw, ${kB(report.signIn.gzipBytes)} gzip in ${report.signIn.files.length} chunks (goal under ${kB(GOALS.signInInitialGzipBytes)} gzip)`,
    `Apply page initial JavaScript: ${kB(report.apply.rawBytes)} raw, ${kB(report.apply.gzipBytes)} gzip in ${report.apply.files.length} chunks (goal under ${kB(GOALS.applyInitialGzipBytes)} gzip)`,
    `Largest chunk: ${report.largest.file}, ${kB(report.largest.gzipBytes)} gzip (goal under ${kB(GOALS.largestChunkGzipBytes)} gzip)`,
  );
  return lines.join('\n');
}

export function meetsGoals(report: BundleReport): boolean {
  return (
    report.signIn.gzipBytes < GOALS.signInInitialGzipBytes &&
    report.apply.gzipBytes < GOALS.applyInitialGzipBytes &&
    report.largest.gzipBytes < GOALS.largestChunkGzipBytes
  );
}
