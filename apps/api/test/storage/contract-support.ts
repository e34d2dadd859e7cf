import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { AppError } from '../../src/platform/errors';
import type { Storage } from '../../src/platform/storage';

/** One adapter, started against its real peer, as the contract suite needs it. */
export interface StorageHarness {
  storage: Storage;
  /** The same store with its clock two hours behind: every URL it signs has already expired. */
  lateSigner: Storage;
  /**
   * The ETag the store answers for a part of these bytes: S3's is the MD5, the local adapter's the CRC-32 (clients
   * treat it as opaque and only hand it back when completing).
   */
  partEtag(bytes: Buffer): string;
  /**
   * What the peer does not implement (s3rver has no ListParts, no AbortMultipartUpload and no 5 MiB part minimum;
   * moto checks no signature); those cases run only where the peer can answer them, and the report names the gap.
   */
  peerLacks?: {
    listParts?: boolean;
    abort?: boolean;
    partMinimum?: boolean;
    /** Checking the listed ETags against the received parts when completing. */
    partEtagCheck?: boolean;
    /** `Range: bytes=-N` (the last N bytes). */
    suffixRange?: boolean;
    /** Signature checks of query values with characters that RFC 3986 escapes but encodeURIComponent keeps ('*). */
    rfc3986Query?: boolean;
    /** Refusing a part whose body is longer than the Content-Length signed into its URL (moto checks no signature). */
    signedLength?: boolean;
    /** NoSuchUpload when completing an aborted upload (moto 5.2 fails with an internal error instead). */
    completeAfterAbort?: boolean;
  };
  stop(): Promise<void>;
}

export const EXPIRES_IN = 300;
export const MiB = 1024 * 1024;
export const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** Changes one character of `text` at `index` to another URL-safe one. */
export function changeOneByte(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

export async function upload(storage: Storage, key: string, body: Buffer, contentType = 'video/mp4') {
  const signed = await storage.presignPut(key, {
    contentType,
    contentLength: body.length,
    expiresIn: EXPIRES_IN,
  });
  return fetch(signed.url, { method: signed.method, headers: signed.headers, body });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
