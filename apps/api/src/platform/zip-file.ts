import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A zip on local disk, read by its central directory: its entries by name, each opened when needed. */
export interface ZipFile {
  entries: Map<string, yauzl.Entry>;
  open(entry: yauzl.Entry): Promise<Readable>;
  close(): void;
}

/** Opens a zip file (yauzl: reads the central directory, never trusts local headers); rejects when it is not one. */
export async function openZipFile(path: string): Promise<ZipFile> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, file) =>
      error ? reject(error) : resolve(file!),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return {
    entries,
    open: (entry) =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream!))),
      ),
    close: () => zip.close(),
  };
}
