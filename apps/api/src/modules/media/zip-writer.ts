import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

// Media that is already compressed is stored as it is: deflating a video costs CPU and saves nothing.
const STORE_ONLY = /^(image|video|audio)\/|^application\/(pdf|zip|vnd\.openxmlformats)/;

export interface ZipEntry {
  name: string;
  contentType: string;
  /** Opened only when its turn comes; null when the file is gone (skipped). */
  open(): Promise<Readable | null>;
}

/**
 * Streams entries into a zip, one at a time: archiver queues appends, and each queued entry would otherwise be an
 * open read. Already-compressed media is stored, the rest deflated. Answers the number of entries written.
 */
export async function writeZip(entries: readonly ZipEntry[], out: Writable): Promise<number> {
  // Loaded when a zip is built, not when the API starts (about 20 MB resident that most processes never use).
  const { ZipArchive } = await import('archiver');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => zip.once('error', reject));
  failed.catch(() => undefined);
  zip.pipe(out);
  let count = 0;
  for (const entry of entries) {
    const stream = await entry.open();
    if (!stream) continue;
    const added = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    zip.append(stream, { name: entry.name, store: STORE_ONLY.test(entry.contentType) });
    await Promise.race([added, failed]);
    count += 1;
  }
  await Promise.race([zip.finalize(), failed]);
  await finished(out);
  return count;
}
