import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@casting/domain';
import { AppError } from '../errors';
import { assertValidKey } from './keys';
import { STORAGE_LIMITS, type CompletedPart, type ObjectInfo, type UploadedPart } from './port';

/**
 * The embedded adapter's files, under one root (DATA_DIR/files):
 *   blobs/<uuid>             a single upload's or a server write's bytes, written once and never changed
 *   blobs/<uuid>/<n>.<md5>   a completed multipart upload: its parts, kept as they arrived, read in part order
 *   objects/<key>.json       the object: which blob (and, for a multipart one, which parts), size, type, ETag
 *   uploads/<id>/upload.json a multipart upload: its key and content type
 *   uploads/<id>/<n>.<md5>   a received part; the name carries its MD5 so that the part and its ETag appear together
 * Every write streams to a file that nothing points at yet, then one rename publishes it, so a dropped connection or
 * a crash never leaves a half object: at worst an unreferenced blob.
 *
 * Completing a multipart upload copies nothing: the upload's folder becomes the object's blob folder with one
 * rename, and reads go through the parts in order. Joining the parts into one file used to cost a full second pass
 * over the bytes (seconds per gigabyte) while the uploader waited for `complete`.
 */
export interface StoredObject extends ObjectInfo {
  blob: string;
  /** For a completed multipart upload: the part files under `blobs/<blob>/`, in order, with their sizes. */
  parts?: Array<{ file: string; size: number }>;
}

interface UploadRecord {
  key: string;
  contentType: string;
}

const UPLOAD_ID = /^[a-f0-9]{32}$/;
const PART_FILE = /^(\d{1,5})\.([a-f0-9]{32})$/;

/** Counts bytes and hashes them on the way through; refuses past `maxBytes` with a 413. */
class MeasuringStream extends Transform {
  readonly md5 = createHash('md5');
  bytes = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new AppError('PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge));
      return;
    }
    this.md5.update(chunk);
    callback(null, chunk);
  }
}

export class LocalDisk {
  constructor(readonly root: string) {}

  private objectFile(key: string): string {
    assertValidKey(key);
    return path.join(this.root, 'objects', `${key}.json`);
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new AppError('NOT_FOUND', 'The upload was not found.');
    return path.join(this.root, 'uploads', uploadId);
  }

  blobPath(blob: string): string {
    return path.join(this.root, 'blobs', blob);
  }

  /** Streams `body` into a new file under `dir`, hashing it; removes the file if anything goes wrong. */
  private async receive(
    body: Readable | Buffer,
    dir: string,
    maxBytes: number,
    createDir = true,
  ): Promise<{ file: string; md5: Buffer; bytes: number }> {
    if (createDir) await fsp.mkdir(dir, { recursive: true });
    const file = path.join(dir, `.incoming-${randomUUID()}`);
    const meter = new MeasuringStream(maxBytes);
    try {
      const source = Buffer.isBuffer(body) ? [body] : body;
      await pipeline(source, meter, fs.createWriteStream(file, { flags: 'wx' }));
    } catch (error) {
      await fsp.rm(file, { force: true });
      throw error;
    }
    return { file, md5: meter.md5.digest(), bytes: meter.bytes };
  }

  /** Writes a whole object; `exactBytes` (when given) is the size the upload URL was signed for. */
  async writeObject(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    exactBytes?: number,
  ): Promise<StoredObject> {
    const limit = exactBytes ?? STORAGE_LIMITS.maxSinglePutBytes;
    const received = await this.receive(body, path.join(this.root, 'blobs'), limit);
    if (exactBytes !== undefined && received.bytes !== exactBytes) {
      await fsp.rm(received.file, { force: true });
      throw new AppError('BAD_REQUEST', MESSAGES.fileIncomplete);
    }
    const blob = randomUUID();
    await fsp.rename(received.file, this.blobPath(blob));
    return this.publish(key, {
      blob,
      size: received.bytes,
      contentType,
      etag: `"${received.md5.toString('hex')}"`,
    });
  }

  /** Points the key at its new blob with one rename, then drops the blob it replaced. */
  private async publish(key: string, object: StoredObject): Promise<StoredObject> {
    const file = this.objectFile(key);
    const previous = await this.readObject(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await fsp.writeFile(temporary, JSON.stringify(object));
    await fsp.rename(temporary, file);
    if (previous && previous.blob !== object.blob) await this.removeBlob(previous);
    return object;
  }

  async readObject(key: string): Promise<StoredObject | null> {
    try {
      return JSON.parse(await fsp.readFile(this.objectFile(key), 'utf8')) as StoredObject;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async deleteObject(key: string): Promise<void> {
    const previous = await this.readObject(key);
    if (!previous) return;
    await fsp.rm(this.objectFile(key), { force: true });
    await this.removeBlob(previous);
  }

  private async removeBlob(object: StoredObject): Promise<void> {
    await fsp.rm(this.blobPath(object.blob), { force: true, recursive: !!object.parts });
  }

  /**
   * The object's bytes from `start` to `end` (inclusive; the whole object by default) as one stream: a single blob
   * is read directly, a multipart object part after part, opening only the parts the range touches.
   */
  openRead(object: StoredObject, start = 0, end = object.size - 1): Readable {
    if (!object.parts) return fs.createReadStream(this.blobPath(object.blob), { start, end });
    const dir = this.blobPath(object.blob);
    const segments: Array<{ file: string; start: number; end: number }> = [];
    let offset = 0;
    for (const part of object.parts) {
      const first = Math.max(start, offset);
      const last = Math.min(end, offset + part.size - 1);
      if (first <= last)
        segments.push({ file: path.join(dir, part.file), start: first - offset, end: last - offset });
      offset += part.size;
    }
    async function* read() {
      for (const segment of segments) {
        yield* fs.createReadStream(segment.file, { start: segment.start, end: segment.end });
      }
    }
    return Readable.from(read(), { objectMode: false });
  }

  async createUpload(key: string, contentType: string): Promise<string> {
    assertValidKey(key);
    const uploadId = randomBytes(16).toString('hex');
    const dir = this.uploadDir(uploadId);
    await fsp.mkdir(dir, { recursive: true });
    const record: UploadRecord = { key, contentType };
    await fsp.writeFile(path.join(dir, 'upload.json'), JSON.stringify(record));
    return uploadId;
  }

  /** The upload, only if it exists and belongs to `key`: an upload id does not open another key's upload. */
  private async readUpload(key: string, uploadId: string): Promise<UploadRecord> {
    const dir = this.uploadDir(uploadId);
    try {
      const record = JSON.parse(await fsp.readFile(path.join(dir, 'upload.json'), 'utf8')) as UploadRecord;
      if (record.key === key) return record;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    throw new AppError('NOT_FOUND', 'The upload was not found.');
  }

  /** Stores one part; `exactBytes` (when given) is the size its URL was signed for. */
  async writePart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    exactBytes?: number,
  ): Promise<UploadedPart> {
    await this.readUpload(key, uploadId);
    const dir = this.uploadDir(uploadId);
    // The folder is never created here: a part arriving after the upload was completed or aborted (its folder gone)
    // is refused instead of starting a stray folder.
    const uploadGone = (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return new AppError('NOT_FOUND', 'The upload was not found.');
      }
      return error;
    };
    const received = await this.receive(body, dir, exactBytes ?? STORAGE_LIMITS.maxPartBytes, false).catch(
      (error: unknown) => {
        throw uploadGone(error);
      },
    );
    if (exactBytes !== undefined && received.bytes !== exactBytes) {
      await fsp.rm(received.file, { force: true });
      throw new AppError('BAD_REQUEST', MESSAGES.fileIncomplete);
    }
    const md5 = received.md5.toString('hex');
    // A part sent again replaces the earlier copy, as in S3 (a retried chunk).
    await fsp.rename(received.file, path.join(dir, `${partNumber}.${md5}`)).catch(async (error: unknown) => {
      await fsp.rm(received.file, { force: true });
      throw uploadGone(error);
    });
    for (const part of await this.partFiles(uploadId)) {
      if (part.partNumber === partNumber && part.md5 !== md5) await fsp.rm(part.file, { force: true });
    }
    return { partNumber, etag: `"${md5}"`, size: received.bytes };
  }

  private async partFiles(uploadId: string) {
    const dir = this.uploadDir(uploadId);
    const parts: Array<{ partNumber: number; md5: string; file: string }> = [];
    for (const name of await fsp.readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (match) parts.push({ partNumber: Number(match[1]), md5: match[2]!, file: path.join(dir, name) });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    await this.readUpload(key, uploadId);
    const parts = await this.partFiles(uploadId);
    return Promise.all(
      parts.map(async (part) => ({
        partNumber: part.partNumber,
        etag: `"${part.md5}"`,
        size: (await fsp.stat(part.file)).size,
      })),
    );
  }

  /**
   * Joins the named parts as S3 does: part numbers ascending, each ETag matching a received part, every part but the
   * last at least 5 MiB; the ETag is the MD5 of the parts' binary MD5s followed by `-<count>`.
   */
  async completeUpload(key: string, uploadId: string, parts: CompletedPart[]): Promise<StoredObject> {
    const upload = await this.readUpload(key, uploadId);
    if (parts.length === 0 || parts.length > STORAGE_LIMITS.maxParts) {
      throw new AppError('BAD_REQUEST', 'An upload needs between 1 and 10000 parts.');
    }
    const received = new Map((await this.listParts(key, uploadId)).map((part) => [part.partNumber, part]));
    const chosen = parts.map((part, index) => {
      const previous = parts[index - 1];
      if (previous && previous.partNumber >= part.partNumber) {
        throw new AppError('BAD_REQUEST', 'Parts must be listed in ascending order of part number.');
      }
      const found = received.get(part.partNumber);
      if (!found || found.etag.replaceAll('"', '') !== part.etag.replaceAll('"', '')) {
        throw new AppError('BAD_REQUEST', `Part ${part.partNumber} was not received with that ETag.`);
      }
      if (index < parts.length - 1 && found.size < STORAGE_LIMITS.minPartBytes) {
        throw new AppError('BAD_REQUEST', `Part ${part.partNumber} is smaller than the 5 MiB minimum.`);
      }
      return found;
    });
    // One rename makes the upload's folder the object's blob folder: the parts stay where they were written, and the
    // upload is gone (its id answers 404 from now on, as after S3's completion).
    const blob = randomUUID();
    const blobDir = this.blobPath(blob);
    await fsp.mkdir(path.dirname(blobDir), { recursive: true });
    await fsp.rename(this.uploadDir(uploadId), blobDir).catch((error: unknown) => {
      // Completed (or aborted) by a concurrent call a moment ago.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new AppError('NOT_FOUND', 'The upload was not found.');
      }
      throw error;
    });
    const files = chosen.map((part) => `${part.partNumber}.${part.etag.replaceAll('"', '')}`);
    // Parts received but not named, and the upload record, are not part of the object (S3 drops them too).
    const keep = new Set(files);
    for (const name of await fsp.readdir(blobDir)) {
      if (!keep.has(name)) await fsp.rm(path.join(blobDir, name), { force: true });
    }
    const digest = createHash('md5');
    for (const part of chosen) digest.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
    return this.publish(key, {
      blob,
      parts: chosen.map((part, index) => ({ file: files[index]!, size: part.size })),
      size: chosen.reduce((sum, part) => sum + part.size, 0),
      contentType: upload.contentType,
      etag: `"${digest.digest('hex')}-${chosen.length}"`,
    });
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    await this.readUpload(key, uploadId);
    await fsp.rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }
}
