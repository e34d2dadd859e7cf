import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/platform/errors';
import { STORAGE_LIMITS, type Storage } from '../../src/platform/storage';

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
   * What the peer does not implement (s3rver has no ListParts, no AbortMultipartUpload and no 5 MiB part minimum);
   * those cases run only where the peer can answer them, and the report names the gap.
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
  };
  stop(): Promise<void>;
}

const EXPIRES_IN = 300;
const MiB = 1024 * 1024;
const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** Changes one character of `text` at `index` to another URL-safe one. */
function changeOneByte(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

async function upload(storage: Storage, key: string, body: Buffer, contentType = 'video/mp4') {
  const signed = await storage.presignPut(key, {
    contentType,
    contentLength: body.length,
    expiresIn: EXPIRES_IN,
  });
  return fetch(signed.url, { method: signed.method, headers: signed.headers, body });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * The S3 contract both adapters keep, exercised the way browsers use it: presigned URLs fetched over real HTTP.
 */
export function storageContract(name: string, start: () => Promise<StorageHarness>) {
  describe(`${name}: the file storage contract`, () => {
    let h: StorageHarness;
    let storage: Storage;
    beforeAll(async () => {
      h = await start();
      storage = h.storage;
    });
    afterAll(() => h?.stop());

    it('generates keys on the server, under the prefix, never the same twice', () => {
      const first = storage.newKey('media/photos');
      const second = storage.newKey('media/photos');
      expect(first).toMatch(/^media\/photos\/[0-9a-f-]{36}$/);
      expect(second).not.toBe(first);
    });

    it('stores a single presigned PUT and answers its metadata', async () => {
      const key = storage.newKey('single');
      const body = randomBytes(1000);
      const put = await upload(storage, key, body, 'image/png');
      expect(put.status).toBe(200);
      expect(put.headers.get('etag')).toBe(md5(body));
      expect(await storage.head(key)).toEqual({ size: 1000, contentType: 'image/png', etag: md5(body) });
    });

    it('serves the whole object and byte ranges through a presigned GET', async () => {
      const key = storage.newKey('ranges');
      const body = randomBytes(4096);
      await upload(storage, key, body);
      const url = await storage.presignGet(key, { expiresIn: EXPIRES_IN });

      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/mp4');
      expect(whole.headers.get('etag')).toBe(md5(body));
      expect(Buffer.from(await whole.arrayBuffer()).equals(body)).toBe(true);

      const middle = await fetch(url, { headers: { range: 'bytes=100-199' } });
      expect(middle.status).toBe(206);
      expect(middle.headers.get('content-range')).toBe('bytes 100-199/4096');
      expect(middle.headers.get('accept-ranges')).toBe('bytes');
      expect(Buffer.from(await middle.arrayBuffer()).equals(body.subarray(100, 200))).toBe(true);

      const open = await fetch(url, { headers: { range: 'bytes=4000-' } });
      expect(open.status).toBe(206);
      expect(Buffer.from(await open.arrayBuffer()).equals(body.subarray(4000))).toBe(true);

      if (h.peerLacks?.suffixRange) return;
      const suffix = await fetch(url, { headers: { range: 'bytes=-10' } });
      expect(suffix.status).toBe(206);
      expect(suffix.headers.get('content-range')).toBe('bytes 4086-4095/4096');
      expect(Buffer.from(await suffix.arrayBuffer()).equals(body.subarray(4086))).toBe(true);
    });

    it('overrides the served type through the GET URL, as S3 response overrides do', async () => {
      const key = storage.newKey('typed');
      await upload(storage, key, Buffer.from('%PDF'), 'application/octet-stream');
      const url = await storage.presignGet(key, { expiresIn: EXPIRES_IN, contentType: 'application/pdf' });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
    });

    it('names the download through the GET URL (Content-Disposition)', async (context) => {
      if (h.peerLacks?.rfc3986Query) context.skip();
      const key = storage.newKey('named');
      await upload(storage, key, Buffer.from('résumé'), 'application/pdf');
      const url = await storage.presignGet(key, {
        expiresIn: EXPIRES_IN,
        downloadName: 'Jane "JD" Résumé.pdf',
      });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const disposition = response.headers.get('content-disposition') ?? '';
      expect(disposition).toMatch(/^attachment; filename="Jane _JD_ R_sum_.pdf"/);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Jane "JD" Résumé.pdf')}`);
    });

    it('joins a multipart upload from presigned part PUTs, in part order', async () => {
      const key = storage.newKey('multipart');
      const parts = [
        randomBytes(STORAGE_LIMITS.minPartBytes),
        randomBytes(STORAGE_LIMITS.minPartBytes),
        randomBytes(1234),
      ];
      const uploadId = await storage.createMultipart(key, 'video/quicktime');

      const etags: string[] = [];
      // Sent out of order, as parallel chunk uploads arrive.
      for (const index of [1, 0, 2]) {
        const url = await storage.presignPart(key, uploadId, index + 1, {
          contentLength: parts[index]!.length,
          expiresIn: EXPIRES_IN,
        });
        const response = await fetch(url, { method: 'PUT', body: parts[index] });
        expect(response.status).toBe(200);
        etags[index] = response.headers.get('etag') ?? '';
        expect(etags[index]).toBe(h.partEtag(parts[index]!));
      }

      if (!h.peerLacks?.listParts) {
        expect(await storage.listParts(key, uploadId)).toEqual([
          { partNumber: 1, etag: etags[0], size: 5 * MiB },
          { partNumber: 2, etag: etags[1], size: 5 * MiB },
          { partNumber: 3, etag: etags[2], size: 1234 },
        ]);
      }

      const completed = await storage.completeMultipart(
        key,
        uploadId,
        etags.map((etag, index) => ({ partNumber: index + 1, etag })),
      );
      expect(completed.etag).toMatch(/^"[0-9a-f]{32}(-3)?"$/);
      const info = await storage.head(key);
      expect(info).toEqual({ size: 10 * MiB + 1234, contentType: 'video/quicktime', etag: completed.etag });

      const download = await fetch(await storage.presignGet(key, { expiresIn: EXPIRES_IN }));
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.concat(parts))).toBe(true);
    });

    it('serves a completed multipart object whole, by ranges across part boundaries, and deletes it', async () => {
      const key = storage.newKey('multipart-ranges');
      const parts = [
        randomBytes(STORAGE_LIMITS.minPartBytes),
        randomBytes(STORAGE_LIMITS.minPartBytes),
        randomBytes(7),
      ];
      const whole = Buffer.concat(parts);
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const etags: string[] = [];
      for (const [index, body] of parts.entries()) {
        const url = await storage.presignPart(key, uploadId, index + 1, {
          contentLength: body.length,
          expiresIn: EXPIRES_IN,
        });
        etags.push((await fetch(url, { method: 'PUT', body })).headers.get('etag') ?? '');
      }
      // A part sent but not named when completing is not part of the object (the last part here).
      await storage.completeMultipart(key, uploadId, [
        { partNumber: 1, etag: etags[0]! },
        { partNumber: 2, etag: etags[1]! },
      ]);
      const named = whole.subarray(0, 2 * STORAGE_LIMITS.minPartBytes);
      expect((await storage.head(key))?.size).toBe(named.length);
      expect((await readAll((await storage.getObjectStream(key))!)).equals(named)).toBe(true);
      const url = await storage.presignGet(key, { expiresIn: EXPIRES_IN });
      // 10 bytes each side of the boundary between parts 1 and 2.
      const from = STORAGE_LIMITS.minPartBytes - 10;
      const across = await fetch(url, { headers: { range: `bytes=${from}-${from + 19}` } });
      expect(across.status).toBe(206);
      expect(Buffer.from(await across.arrayBuffer()).equals(named.subarray(from, from + 20))).toBe(true);
      const tail = await fetch(url, { headers: { range: `bytes=${named.length - 5}-` } });
      expect(Buffer.from(await tail.arrayBuffer()).equals(named.subarray(named.length - 5))).toBe(true);

      await storage.delete(key);
      expect(await storage.head(key)).toBeNull();
      expect((await fetch(url)).status).toBe(404);
    });

    it('refuses to complete with a part under 5 MiB that is not the last', async (context) => {
      if (h.peerLacks?.partMinimum) context.skip();
      const key = storage.newKey('small-parts');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const etags: string[] = [];
      for (const partNumber of [1, 2]) {
        const url = await storage.presignPart(key, uploadId, partNumber, {
          contentLength: 1024,
          expiresIn: EXPIRES_IN,
        });
        const response = await fetch(url, { method: 'PUT', body: randomBytes(1024) });
        etags.push(response.headers.get('etag') ?? '');
      }
      const error = await appErrorOf(
        storage.completeMultipart(key, uploadId, [
          { partNumber: 1, etag: etags[0]! },
          { partNumber: 2, etag: etags[1]! },
        ]),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses to complete with an ETag that was not received', async (context) => {
      if (h.peerLacks?.partEtagCheck) context.skip();
      const key = storage.newKey('wrong-etag');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const url = await storage.presignPart(key, uploadId, 1, { contentLength: 100, expiresIn: EXPIRES_IN });
      await fetch(url, { method: 'PUT', body: randomBytes(100) });
      const error = await appErrorOf(
        storage.completeMultipart(key, uploadId, [{ partNumber: 1, etag: h.partEtag(Buffer.from('other')) }]),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(await storage.head(key)).toBeNull();
    });

    it('refuses the ETag of a part that was replaced by a later copy, and completes with the later one', async (context) => {
      if (h.peerLacks?.partEtagCheck) context.skip();
      const key = storage.newKey('replaced-part');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const url = await storage.presignPart(key, uploadId, 1, { contentLength: 100, expiresIn: EXPIRES_IN });
      const first = (await fetch(url, { method: 'PUT', body: randomBytes(100) })).headers.get('etag') ?? '';
      const second = randomBytes(100);
      const again = (await fetch(url, { method: 'PUT', body: second })).headers.get('etag') ?? '';
      expect(again).not.toBe(first);
      const error = await appErrorOf(
        storage.completeMultipart(key, uploadId, [{ partNumber: 1, etag: first }]),
      );
      expect(error.code).toBe('BAD_REQUEST');
      expect(await storage.head(key)).toBeNull();
      await storage.completeMultipart(key, uploadId, [{ partNumber: 1, etag: again }]);
      expect((await readAll((await storage.getObjectStream(key))!)).equals(second)).toBe(true);
    });

    it('aborts a multipart upload: its parts are gone and it cannot be completed', async (context) => {
      if (h.peerLacks?.abort) context.skip();
      const key = storage.newKey('aborted');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const url = await storage.presignPart(key, uploadId, 1, { contentLength: 100, expiresIn: EXPIRES_IN });
      const part = await fetch(url, { method: 'PUT', body: randomBytes(100) });
      await storage.abortMultipart(key, uploadId);
      const error = await appErrorOf(
        storage.completeMultipart(key, uploadId, [{ partNumber: 1, etag: part.headers.get('etag') ?? '' }]),
      );
      expect(error.code).toBe('NOT_FOUND');
      expect(await storage.head(key)).toBeNull();
    });

    it('deletes an object; its URL then answers 404 and deleting again is not an error', async () => {
      const key = storage.newKey('deleted');
      await upload(storage, key, randomBytes(10));
      const url = await storage.presignGet(key, { expiresIn: EXPIRES_IN });
      await storage.delete(key);
      expect(await storage.head(key)).toBeNull();
      expect((await fetch(url)).status).toBe(404);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('refuses a URL past its expiry, for download and for upload', async () => {
      const key = storage.newKey('expired');
      await upload(storage, key, Buffer.from('kept'));
      const get = await fetch(await h.lateSigner.presignGet(key, { expiresIn: 60 }));
      expect(get.status).toBe(403);

      const late = await h.lateSigner.presignPut(key, {
        contentType: 'text/plain',
        contentLength: 4,
        expiresIn: 60,
      });
      const put = await fetch(late.url, { method: 'PUT', headers: late.headers, body: 'lost' });
      expect(put.status).toBe(403);
      const stored = await storage.getObjectStream(key);
      expect((await readAll(stored!)).toString()).toBe('kept');
    });

    it('refuses a GET URL with one byte changed in its signature or its key', async () => {
      const key = storage.newKey('tampered');
      await upload(storage, key, Buffer.from('secret'));
      const url = new URL(await storage.presignGet(key, { expiresIn: EXPIRES_IN }));
      expect((await fetch(url)).status).toBe(200);

      const signatureName = [...url.searchParams.keys()].find((param) => /signature/i.test(param))!;
      const badSignature = new URL(url);
      badSignature.searchParams.set(signatureName, changeOneByte(url.searchParams.get(signatureName)!, 5));
      expect((await fetch(badSignature)).status).toBe(403);

      const badKey = new URL(url);
      badKey.pathname = changeOneByte(url.pathname, url.pathname.length - 1);
      expect((await fetch(badKey)).status).toBe(403);
    });

    it('does not let a presigned PUT write to another key, or with another type or size', async () => {
      const victim = storage.newKey('victim');
      await upload(storage, victim, Buffer.from('original'));
      const mine = storage.newKey('mine');
      const signed = await storage.presignPut(mine, {
        contentType: 'text/plain',
        contentLength: 6,
        expiresIn: EXPIRES_IN,
      });

      const elsewhere = new URL(signed.url);
      elsewhere.pathname = elsewhere.pathname.replace(mine, victim);
      const hijack = await fetch(elsewhere, { method: 'PUT', headers: signed.headers, body: 'hacked' });
      expect(hijack.status).toBe(403);
      expect((await readAll((await storage.getObjectStream(victim))!)).toString()).toBe('original');

      const otherType = await fetch(signed.url, {
        method: 'PUT',
        headers: { 'content-type': 'text/html' },
        body: 'hello!',
      });
      expect(otherType.status).toBe(403);
      const tooLong = await fetch(signed.url, {
        method: 'PUT',
        headers: signed.headers,
        body: 'hello, world',
      });
      expect([403, 413]).toContain(tooLong.status);
      expect(await storage.head(mine)).toBeNull();

      const ok = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'hello!' });
      expect(ok.status).toBe(200);
      expect(await storage.head(mine)).toMatchObject({ size: 6, contentType: 'text/plain' });
    });

    it('refuses a part larger than the size its URL was signed for, and keeps nothing of it', async () => {
      const key = storage.newKey('part-size');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const url = await storage.presignPart(key, uploadId, 1, { contentLength: 1000, expiresIn: EXPIRES_IN });
      const tooLarge = await fetch(url, { method: 'PUT', body: randomBytes(1001) });
      // 413 from the embedded adapter; S3 answers 403, the length being part of the signature.
      expect([403, 413]).toContain(tooLarge.status);
      if (!h.peerLacks?.listParts) expect(await storage.listParts(key, uploadId)).toEqual([]);
      const exact = await fetch(url, { method: 'PUT', body: randomBytes(1000) });
      expect(exact.status).toBe(200);
      if (!h.peerLacks?.listParts) {
        expect((await storage.listParts(key, uploadId)).map((part) => part.size)).toEqual([1000]);
      }
    });

    it('writes and reads objects server-side, from a buffer and from a stream', async () => {
      const key = storage.newKey('server');
      const body = randomBytes(70_000);
      const written = await storage.putObject(
        key,
        Readable.from([body.subarray(0, 30_000), body.subarray(30_000)]),
        'image/jpeg',
        body.length,
      );
      expect(written.etag).toBe(md5(body));
      expect(await readAll((await storage.getObjectStream(key))!)).toEqual(body);
      await storage.putObject(key, Buffer.from('replaced'), 'text/plain');
      expect(await storage.head(key)).toEqual({
        size: 8,
        contentType: 'text/plain',
        etag: md5(Buffer.from('replaced')),
      });
      expect(await storage.getObjectStream(storage.newKey('missing'))).toBeNull();
    });
  });
}
