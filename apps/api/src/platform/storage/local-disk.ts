import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MESSAGES } from '@casting/domain';
import { AppError } from '../errors';
import { assertValidKey } from './keys';
import { STORAGE_LIMITS, type CompletedPart, type ObjectInfo, type UploadedPart } from './port';

/**
 * The embedded adapter's files, under one root (DATA_DIR/files):
 *   blobs/<uuid>             object bytes, written once and never changed
 *   objects/<key>.json       the object: which blob, size, content type, ETag
 *   uploads/<id>/upload.json a multipart upload: its key and content type
 *   uploads/<id>/<n>.<md5>   a received part; the name carries its MD5 so that the part and its ETag appear together
 * Every write streams to a file that nothing points at yet, then one rename publishes it, so a dropped connection or
 * a crash never leaves a half object: at worst an unreferenced blob.
 */
export interface StoredObject extends ObjectInfo {
  blob: string;
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
  ): Promise<{ file: string; md5: Buffer; bytes: number }> {
    await fsp.mkdir(dir, { recursive: true });
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
    if (previous && previous.blob !== object.blob)
      await fsp.rm(this.blobPath(previous.blob), { force: true });
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
    await fsp.rm(this.blobPath(previous.blob), { force: true });
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

  async writePart(key: string, uploadId: string, partNumber: number, body: Readable): Promise<UploadedPart> {
    await this.readUpload(key, uploadId);
    const dir = this.uploadDir(uploadId);
    const received = await this.receive(body, dir, STORAGE_LIMITS.maxPartBytes);
    const md5 = received.md5.toString('hex');
    // A part sent again replaces the earlier copy, as in S3 (a retried chunk).
    await fsp.rename(received.file, path.join(dir, `${partNumber}.${md5}`));
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
    const dir = this.uploadDir(uploadId);
    const blob = randomUUID();
    const blobFile = this.blobPath(blob);
    await fsp.mkdir(path.dirname(blobFile), { recursive: true });
    const temporary = path.join(this.root, 'blobs', `.incoming-${blob}`);
    try {
      const out = fs.createWriteStream(temporary, { flags: 'wx' });
      for (const part of chosen) {
        const file = path.join(dir, `${part.partNumber}.${part.etag.replaceAll('"', '')}`);
        await pipeline(fs.createReadStream(file), out, { end: false });
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
    await fsp.rename(temporary, blobFile);
    const digest = createHash('md5');
    for (const part of chosen) digest.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
    const object = await this.publish(key, {
      blob,
      size: chosen.reduce((sum, part) => sum + part.size, 0),
      contentType: upload.contentType,
      etag: `"${digest.digest('hex')}-${chosen.length}"`,
    });
    await fsp.rm(dir, { recursive: true, force: true });
    return object;
  }

  async abortUpload(key: string, uploadId: string): Promise<void> {
    await this.readUpload(key, uploadId);
    await fsp.rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }
}
