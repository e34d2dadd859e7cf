import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { writeChunk } from './backup-archive';
import { BackupError, pathInside, walkTree } from './backup-tree';

/**
 * The embedded database's data directory as a gzipped tar of its files and folders (PostgreSQL needs its empty
 * folders too), streamed from the disk with the engine closed: PGlite's own dumpDataDir builds the whole archive in
 * memory, and loading one grew its WebAssembly heap for good (platform/db/pglite-seed.ts). Database files shrink
 * several times under gzip; the media beside them would not, so only this entry is compressed (decision 0791).
 */
export async function packDirectory(dir: string, file: string): Promise<void> {
  const pack = tarPack();
  const written = pipeline(
    pack as unknown as Readable,
    createGzip({ level: 6 }),
    fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  written.catch(() => {});
  try {
    for (const item of await walkTree(dir)) {
      const source = path.join(dir, item.name);
      if (item.type === 'directory') {
        await new Promise<void>((resolve, reject) =>
          pack.entry({ name: item.name, type: 'directory', mode: 0o700 }, (error) =>
            error ? reject(error) : resolve(),
          ),
        );
        continue;
      }
      const handle = await fsp.open(source, 'r');
      try {
        const { size } = await handle.stat();
        await new Promise<void>((resolve, reject) => {
          const entry = pack.entry({ name: item.name, size, mode: 0o600 }, (error) =>
            error ? reject(error) : resolve(),
          );
          void (async () => {
            if (size > 0) {
              for await (const chunk of handle.createReadStream({
                start: 0,
                end: size - 1,
                autoClose: false,
              })) {
                await writeChunk(entry, chunk as Buffer);
              }
            }
            entry.end(null);
          })().catch((error: unknown) => {
            entry.destroy(error as Error);
            reject(error as Error);
          });
        });
      } finally {
        await handle.close();
      }
    }
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy();
    await written.catch(() => {});
    throw error;
  }
}

/** Unpacks such an archive into `dir` (new or empty). */
export async function unpackDirectory(file: string, dir: string): Promise<void> {
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const extract = tarExtract();
  const unpacked = pipeline(
    fs.createReadStream(file),
    createGunzip(),
    extract as unknown as NodeJS.WritableStream,
  );
  unpacked.catch(() => {});
  try {
    for await (const entry of extract) {
      const target = pathInside(dir, entry.header.name.replace(/\/+$/, ''));
      if (entry.header.type === 'directory') {
        await fsp.mkdir(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(
          entry as unknown as Readable,
          fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }),
        );
      } else {
        throw new BackupError(`The database archive holds an entry of type ${entry.header.type}.`);
      }
    }
    await unpacked;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The database in the backup could not be unpacked (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
}
