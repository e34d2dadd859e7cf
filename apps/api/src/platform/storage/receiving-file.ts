import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import { Writable } from 'node:stream';
import { crc32 } from '@node-rs/crc32';
import { MESSAGES } from '@casting/domain';
import { AppError } from '../errors';

/**
 * Received bytes are written in batches of this size, one `writev` each: a 5 MiB part is ten writes instead of one
 * per 64 KiB socket read, each of which is a trip through libuv's thread pool. Also the most a body may hold in
 * memory on its way to the file (with the stream's buffer, about twice this), so memory does not grow with the file.
 */
const WRITE_BATCH_BYTES = 512 * 1024;

export type Checksum = 'md5' | 'crc32';

/**
 * The file end of an upload, in one stream stage: counts the bytes and refuses past `maxBytes` (413), checksums them,
 * writes them to a new file (`wx`: never over an existing one) in batches, and at the end flushes the file's data to
 * the disk before it reports the write finished.
 */
export class ReceivingFile extends Writable {
  bytes = 0;
  private readonly md5: Hash | null;
  private crc = 0;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  private handle: FileHandle | null = null;
  private flushing = false;
  private background: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
    checksum: Checksum,
  ) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
    this.md5 = checksum === 'md5' ? createHash('md5') : null;
  }

  override _construct(callback: (error?: Error | null) => void) {
    fsp.open(this.file, 'wx').then((handle) => {
      this.handle = handle;
      callback();
    }, callback);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge));
      return;
    }
    if (this.md5) this.md5.update(chunk);
    else this.crc = crc32(chunk, this.crc);
    if (chunk.length > 0) this.batch.push(chunk);
    this.batchBytes += chunk.length;
    if (this.batchBytes < WRITE_BATCH_BYTES) callback();
    else this.flush().then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void) {
    this.flush()
      .then(() => this.background)
      .then(() => this.handle!.datasync())
      .then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    const handle = this.handle;
    this.handle = null;
    if (!handle) callback(error);
    else
      handle.close().then(
        () => callback(error),
        () => callback(error),
      );
  }

  private async flush() {
    let chunks = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    while (chunks.length > 0) {
      const { bytesWritten } = await this.handle!.writev(chunks);
      if (bytesWritten === 0) throw new Error(`no progress writing ${this.file}`);
      chunks = remainder(chunks, bytesWritten);
    }
    // Start the disk writing what has been written so far while the next batch arrives, so that the flush at the
    // end finds little left to do. One at a time: a flush in progress covers the batches written before it began.
    if (!this.flushing) {
      this.flushing = true;
      this.background = this.handle!.datasync().finally(() => {
        this.flushing = false;
      });
      // Its failure is reported by `_final`, which waits for it; a write abandoned before then (the uploader's
      // connection dropped) must not leave it as an unhandled rejection, which would end the process.
      this.background.catch(() => {});
    }
  }

  /** The checksum in hex: 32 digits for MD5, 8 for CRC-32. */
  digest(): string {
    return this.md5 ? this.md5.digest('hex') : this.crc.toString(16).padStart(8, '0');
  }
}

/** What a short write left of `chunks` (a regular file takes them whole, but the system call may stop early). */
function remainder(chunks: Buffer[], written: number): Buffer[] {
  let skip = written;
  let index = 0;
  while (index < chunks.length && skip >= chunks[index]!.length) skip -= chunks[index++]!.length;
  if (index === chunks.length) return [];
  return [chunks[index]!.subarray(skip), ...chunks.slice(index + 1)];
}
