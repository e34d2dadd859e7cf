import type { Readable } from 'node:stream';

/**
 * The file storage port: the part of the S3 contract the media features need. Browsers upload and download
 * through presigned URLs, never through an API handler, so the same client code works against the embedded
 * adapter (signed URLs served by this API) and against any S3-compatible store.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A fresh server-generated key under `prefix`; keys are never taken from a client. */
  newKey(prefix: string): string;
  /** A URL for one PUT of exactly `contentLength` bytes with the given Content-Type. */
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest>;
  /** Starts a multipart upload and answers its upload id. */
  createMultipart(key: string, contentType: string): Promise<string>;
  /**
   * A URL for one PUT of part `partNumber` (1..10000) of exactly `contentLength` bytes (signed, as with
   * `presignPut`, so a larger body is refused); every part but the last must be at least 5 MiB.
   */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: PresignPartOptions,
  ): Promise<string>;
  /** The parts received so far, in part order, so an interrupted upload can resume. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Joins the named parts, in order, into the object; answers the object's ETag. */
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<{ etag: string }>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** A URL for GET (and byte ranges of it, for video seeking). */
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  /** The object's metadata, or null when there is no such object. */
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; removing a missing object is not an error (as in S3). */
  delete(key: string): Promise<void>;
  /**
   * Moves an object to another key, server-side (objects below the S3 copy limit of 5 GiB). Used to seal an uploaded
   * file: once it is under a key no signed upload URL names, nothing sent to that URL can change it.
   */
  moveObject(fromKey: string, toKey: string): Promise<void>;
  /** Server-side write (thumbnails, zips made by workers); a stream must come with its length (S3 needs it). */
  putObject(
    key: string,
    body: Readable | Buffer,
    contentType: string,
    contentLength?: number,
  ): Promise<{ etag: string }>;
  /** Server-side read; null when there is no such object. */
  getObjectStream(key: string): Promise<Readable | null>;
  close(): void;
}

export interface PresignedRequest {
  url: string;
  method: 'PUT';
  /** Headers the uploader must send as they are (the Content-Type is part of the signature). */
  headers: Record<string, string>;
}

export interface PresignPutOptions {
  contentType: string;
  /** The exact size the client declared; the caller checks it against its limit before signing. */
  contentLength: number;
  expiresIn: number;
}

export interface PresignPartOptions {
  /** The part's size: the upload's part size, or what is left of the file for the last part. */
  contentLength: number;
  expiresIn: number;
}

export interface PresignGetOptions {
  expiresIn: number;
  /** Served as `Content-Disposition: attachment; filename=...`. */
  downloadName?: string;
  /** Overrides the stored Content-Type in the response. */
  contentType?: string;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
  /** Quoted, as S3 sends it: `"<md5 hex>"`, or `"<md5 of the part md5s>-<part count>"` after a multipart upload. */
  etag: string;
}

export interface UploadedPart {
  partNumber: number;
  /**
   * Quoted. Opaque to clients: they hand it back to `completeMultipart`, which refuses a part whose ETag is not the
   * copy received. S3's is the part's MD5; the local adapter's its CRC-32 (decision 0060).
   */
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** S3's limits, kept by both adapters so that a client written against one works against the other. */
export const STORAGE_LIMITS = {
  minPartBytes: 5 * 1024 * 1024,
  maxPartBytes: 5 * 1024 * 1024 * 1024,
  maxParts: 10_000,
  maxSinglePutBytes: 5 * 1024 * 1024 * 1024,
  /** Presigned URLs live at most a week, as with S3's signature version 4. */
  maxExpiresInSeconds: 7 * 24 * 3600,
} as const;
