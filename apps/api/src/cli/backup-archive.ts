import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract as tarExtract, pack as tarPack, type Header, type Pack } from 'tar-stream';
import { BackupError, pathInside } from './backup-tree';

/**
 * The backup file: one tar (decision 0791), read and written as a stream, never whole in memory.
 *   casting-backup.json   first: what the backup holds (BackupHeader)
 *   database/...          the database (pg_dump's custom format, or the embedded data directory as a tar.gz)
 *   secrets/auth-secret   the generated signing secret, when the installation runs on one (decision 0793)
 *   files/...             DATA_DIR/files as it is on disk, with local storage
 *   manifest.json         last: every entry before it with its size and SHA-256, checked before a restore writes
 */
export const HEADER_ENTRY = 'casting-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const FORMAT = 'casting-backup';
export const FORMAT_VERSION = 1;
/** Reads of the source files go 256 KiB at a time, as the storage's own server-side reads do. */
const READ_BYTES = 256 * 1024;
/** The header and the manifest are read into memory: a manifest lists ~150 bytes a file. */
const SMALL_ENTRY_LIMIT = 256 * 1024 * 1024;

export interface BackupHeader {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  database: 'embedded' | 'postgresql';
  /** Where the files were: copied into the archive (local) or left in the bucket (s3, decision 0792). */
  storage: 'local' | 's3';
  bucket?: string;
}

export interface ManifestEntry {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  entries: ManifestEntry[];
  files: { count: number; bytes: number };
}

const damaged = (detail: string) =>
  new BackupError(`The backup file is damaged or incomplete (${detail}); nothing was restored.`);

/** An entry being written (tar-stream's streamx sink), as far as this file uses it. */
export interface EntrySink {
  write(data: Buffer): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

export async function writeChunk(entry: EntrySink, chunk: Buffer): Promise<void> {
  if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', resolve));
}

/** Writes the archive entry by entry, each checksummed as it streams; the manifest closes it. */
export class ArchiveWriter {
  private readonly pack: Pack = tarPack();
  private readonly written: Promise<void>;
  readonly entries: ManifestEntry[] = [];

  constructor(readonly file: string) {
    this.written = pipeline(
      this.pack as unknown as Readable,
      fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
    // Until finish() awaits it, a failed write surfaces through the next entry.
    this.written.catch(() => {});
  }

  private entry(
    header: Partial<Header> & { name: string },
    fill: (entry: EntrySink) => Promise<void>,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.pack.entry({ mode: 0o600, ...header }, (error) =>
        error ? reject(error) : resolve(),
      );
      fill(entry).then(
        () => entry.end(null),
        (error: unknown) => {
          entry.destroy(error as Error);
          reject(error as Error);
        },
      );
    });
  }

  async addBuffer(name: string, body: Buffer): Promise<void> {
    await this.entry({ name, size: body.length, mtime: new Date() }, async (entry) => {
      await writeChunk(entry, body);
    });
    this.entries.push({ name, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') });
  }

  /**
   * Streams one file in; null when it vanished before it was opened (a file the running server deleted). The size is
   * taken from the open file, and the storage never rewrites a file in place, so what is read is what was sized.
   */
  async addFile(
    name: string,
    source: string,
    onBytes?: (bytes: number) => void,
  ): Promise<ManifestEntry | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(source, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size, mtime } = await handle.stat();
      const hash = createHash('sha256');
      await this.entry({ name, size, mtime }, async (entry) => {
        if (size === 0) return;
        const stream = handle.createReadStream({
          start: 0,
          end: size - 1,
          highWaterMark: READ_BYTES,
          autoClose: false,
        });
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          hash.update(chunk);
          await writeChunk(entry, chunk);
          onBytes?.(chunk.length);
        }
      });
      const written = { name, bytes: size, sha256: hash.digest('hex') };
      this.entries.push(written);
      return written;
    } finally {
      await handle.close();
    }
  }

  /** Writes the manifest, ends the archive and flushes it to the disk. */
  async finish(files: Manifest['files']): Promise<void> {
    const manifest: Manifest = { entries: this.entries, files };
    const body = Buffer.from(JSON.stringify(manifest));
    await this.entry({ name: MANIFEST_ENTRY, size: body.length, mtime: new Date() }, async (entry) => {
      await writeChunk(entry, body);
    });
    this.pack.finalize();
    await this.written;
    const handle = await fsp.open(this.file, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing after a failure; the caller removes the file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
  }
}

async function readSmall(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += chunk.length;
    if (bytes > SMALL_ENTRY_LIMIT) throw damaged('an oversized header or manifest');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function parseJson<T>(body: Buffer, what: string): T {
  try {
    return JSON.parse(body.toString('utf8')) as T;
  } catch {
    throw damaged(`its ${what} is not readable`);
  }
}

/**
 * Unpacks the archive into `staging` and checks every entry against the manifest: the same names, sizes and
 * digests, nothing missing and nothing added. `accept` sees the header first and refuses a backup of another
 * configuration before anything is unpacked. A damaged or cut-off archive throws, and the caller drops `staging`.
 */
export async function readArchive(
  file: string,
  staging: string,
  accept: (header: BackupHeader) => void,
  onBytes?: (bytes: number) => void,
): Promise<{ header: BackupHeader; manifest: Manifest }> {
  const extract = tarExtract();
  const input = fs.createReadStream(file, { highWaterMark: READ_BYTES });
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  let header: BackupHeader | undefined;
  let manifest: Manifest | undefined;
  const seen = new Map<string, ManifestEntry>();
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (manifest) throw damaged('entries follow its manifest');
      if (!header) {
        if (name !== HEADER_ENTRY) {
          throw new BackupError(
            `${file} is not a backup made by npm run backup (it does not start with ${HEADER_ENTRY}).`,
          );
        }
        const body = await readSmall(entry as AsyncIterable<Buffer>);
        header = parseJson<BackupHeader>(body, 'header');
        if (header.format !== FORMAT || header.version !== FORMAT_VERSION) {
          throw new BackupError(
            `${file} is a backup of an unknown format (${header.format} ${header.version}).`,
          );
        }
        accept(header);
        seen.set(name, { name, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') });
        continue;
      }
      if (name === MANIFEST_ENTRY) {
        manifest = parseJson<Manifest>(await readSmall(entry as AsyncIterable<Buffer>), 'manifest');
        continue;
      }
      if (entry.header.type !== 'file') throw damaged(`an entry of type ${entry.header.type}`);
      if (seen.has(name)) throw damaged(`${name} appears twice`);
      const target = pathInside(staging, name);
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let bytes = 0;
      await pipeline(
        entry as unknown as Readable,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            bytes += chunk.length;
            onBytes?.(chunk.length);
            yield chunk;
          }
        },
        fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }),
      );
      seen.set(name, { name, bytes, sha256: hash.digest('hex') });
    }
  } catch (error) {
    input.destroy();
    if (error instanceof BackupError) throw error;
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (!header) throw damaged('it is empty');
  if (!manifest || !Array.isArray(manifest.entries)) throw damaged('it ends before its manifest');
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  for (const [name, found] of seen) {
    const expected = listed.get(name);
    if (!expected) throw damaged(`${name} is not in the manifest`);
    if (expected.bytes !== found.bytes || expected.sha256 !== found.sha256) {
      throw damaged(`${name} does not match its digest in the manifest`);
    }
  }
  for (const name of listed.keys()) if (!seen.has(name)) throw damaged(`${name} is missing`);
  return { header, manifest };
}
