import type { Readable } from 'node:stream';
import { AppError } from '../errors';
import { attachmentDisposition } from './disposition';
import { assertValidKey, generateKey } from './keys';
import { LocalDisk } from './local-disk';
import {
  STORAGE_LIMITS,
  type CompletedPart,
  type ObjectInfo,
  type PresignedRequest,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type Storage,
  type UploadedPart,
} from './port';
import { EXPIRES_PARAM, SIGNATURE_PARAM, sign, type SignedMethod } from './url-signing';

/**
 * Server-side reads (zips, processing) go 256 KiB at a time rather than Node's 64 KiB: the download job's writer
 * zipped 1 GiB of files read that way in 1.2 s instead of 1.5 s (decision 0358). Downloads through signed URLs keep
 * the default, as many may be open at once.
 */
const SERVER_READ_BYTES = 256 * 1024;

/** The path under which the API serves the embedded adapter's signed URLs (see modules/files). */
export const FILES_ROUTE_PREFIX = '/api/files/';

export interface LocalStorageOptions {
  /** DATA_DIR/files */
  root: string;
  /** Key derived from AUTH_SECRET (url-signing.ts). */
  secret: Buffer;
  /** Where browsers reach the API, e.g. PUBLIC_URL. */
  baseUrl: string;
  /** Injected so tests can sign a URL that is already past its expiry. */
  now?: () => Date;
}

/** Query parameters of the signed URLs; the route reads them back after checking the signature. */
export const URL_PARAMS = {
  length: 'length',
  contentType: 'contentType',
  uploadId: 'uploadId',
  partNumber: 'partNumber',
  disposition: 'response-content-disposition',
  responseType: 'response-content-type',
} as const;

function assertExpiresIn(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > STORAGE_LIMITS.maxExpiresInSeconds) {
    throw new Error(`expiresIn must be 1..${STORAGE_LIMITS.maxExpiresInSeconds} seconds, got ${seconds}`);
  }
}

function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > STORAGE_LIMITS.maxParts) {
    throw new AppError('BAD_REQUEST', 'A part number must be between 1 and 10000.');
  }
}

function assertPartLength(length: number): void {
  if (!Number.isInteger(length) || length < 1 || length > STORAGE_LIMITS.maxPartBytes) {
    throw new AppError('BAD_REQUEST', 'A part must be between 1 byte and 5 GiB.');
  }
}

/**
 * Embedded file storage: objects on local disk, moved by browsers through URLs this API signs and serves, which
 * take the same requests and give the same answers (ETags, ranges, refusals) as S3 presigned URLs.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly disk: LocalDisk;
  readonly secret: Buffer;
  private readonly baseUrl: string;
  private readonly now: () => Date;

  constructor(options: LocalStorageOptions) {
    this.disk = new LocalDisk(options.root);
    this.secret = options.secret;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.now = options.now ?? (() => new Date());
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  newKey(prefix: string): string {
    return generateKey(prefix);
  }

  private signedUrl(
    method: SignedMethod,
    key: string,
    expiresIn: number,
    extra: Record<string, string>,
  ): string {
    assertValidKey(key);
    assertExpiresIn(expiresIn);
    const params = { ...extra, [EXPIRES_PARAM]: String(this.nowSeconds() + expiresIn) };
    const query = new URLSearchParams({
      ...params,
      [SIGNATURE_PARAM]: sign(this.secret, method, key, params),
    });
    return `${this.baseUrl}${FILES_ROUTE_PREFIX}${key}?${query.toString()}`;
  }

  async presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest> {
    const { contentLength, contentType } = options;
    if (
      !Number.isInteger(contentLength) ||
      contentLength < 0 ||
      contentLength > STORAGE_LIMITS.maxSinglePutBytes
    ) {
      throw new AppError('BAD_REQUEST', 'A single upload must be between 0 bytes and 5 GiB.');
    }
    const url = this.signedUrl('PUT', key, options.expiresIn, {
      [URL_PARAMS.length]: String(contentLength),
      [URL_PARAMS.contentType]: contentType,
    });
    return { url, method: 'PUT', headers: { 'content-type': contentType } };
  }

  async createMultipart(key: string, contentType: string): Promise<string> {
    return this.disk.createUpload(key, contentType);
  }

  async presignPart(key: string, uploadId: string, partNumber: number, options: PresignPartOptions) {
    assertPartNumber(partNumber);
    assertPartLength(options.contentLength);
    // The part's size is signed like a single PUT's: the files route refuses a larger body with 413.
    return this.signedUrl('PUT', key, options.expiresIn, {
      [URL_PARAMS.uploadId]: uploadId,
      [URL_PARAMS.partNumber]: String(partNumber),
      [URL_PARAMS.length]: String(options.contentLength),
    });
  }

  listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    return this.disk.listParts(key, uploadId);
  }

  async completeMultipart(key: string, uploadId: string, parts: CompletedPart[]) {
    const object = await this.disk.completeUpload(key, uploadId, parts);
    return { etag: object.etag };
  }

  abortMultipart(key: string, uploadId: string): Promise<void> {
    return this.disk.abortUpload(key, uploadId);
  }

  async presignGet(key: string, options: PresignGetOptions): Promise<string> {
    const extra: Record<string, string> = {};
    if (options.downloadName) extra[URL_PARAMS.disposition] = attachmentDisposition(options.downloadName);
    if (options.contentType) extra[URL_PARAMS.responseType] = options.contentType;
    return this.signedUrl('GET', key, options.expiresIn, extra);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const object = await this.disk.readObject(key);
    return object && { size: object.size, contentType: object.contentType, etag: object.etag };
  }

  delete(key: string): Promise<void> {
    return this.disk.deleteObject(key);
  }

  moveObject(fromKey: string, toKey: string): Promise<void> {
    assertValidKey(toKey);
    return this.disk.moveObject(fromKey, toKey);
  }

  async putObject(key: string, body: Readable | Buffer, contentType: string) {
    const object = await this.disk.writeObject(key, body, contentType);
    return { etag: object.etag };
  }

  async getObjectStream(key: string): Promise<Readable | null> {
    const object = await this.disk.readObject(key);
    return object && this.disk.openRead(object, 0, object.size - 1, SERVER_READ_BYTES);
  }

  close(): void {}
}
