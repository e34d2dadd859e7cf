import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import { LocalStorage, STORAGE_LIMITS } from '../../src/platform/storage';
import { buildTestApp, type TestApp } from '../support/app';

// What the embedded adapter's routes answer beyond the shared contract: S3's exact refusals in the API's error
// shape, S3's multipart ETag, HEAD, and no half objects.
let t: TestApp;
let storage: LocalStorage;
let origin: string;
const hex = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const served = t.context.storage as LocalStorage;
  storage = new LocalStorage({
    root: path.join(t.context.config.dataDir, 'files'),
    secret: served.secret,
    baseUrl: origin,
  });
});
afterAll(() => t.close());

async function put(key: string, body: Buffer | string, contentType = 'text/plain') {
  const signed = await storage.presignPut(key, {
    contentType,
    contentLength: Buffer.byteLength(body),
    expiresIn: 60,
  });
  return fetch(signed.url, { method: 'PUT', headers: signed.headers, body });
}

describe('refusals in the error catalogue', () => {
  it('answers an expired URL with FILE_URL_EXPIRED and a changed one with FILE_URL_INVALID', async () => {
    const key = storage.newKey('errors');
    await put(key, 'x');
    const late = new LocalStorage({
      root: path.join(t.context.config.dataDir, 'files'),
      secret: storage.secret,
      baseUrl: origin,
      now: () => new Date(Date.now() - 3600_000),
    });
    const expired = await fetch(await late.presignGet(key, { expiresIn: 60 }));
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ code: 'FILE_URL_EXPIRED', message: MESSAGES.fileUrlExpired });

    // Moving the expiry forward without re-signing is a forgery, not an expiry.
    const url = new URL(await late.presignGet(key, { expiresIn: 60 }));
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 7200));
    const extended = await fetch(url);
    expect(extended.status).toBe(403);
    expect(await extended.json()).toEqual({ code: 'FILE_URL_INVALID', message: MESSAGES.fileUrlInvalid });

    const added = new URL(await storage.presignGet(key, { expiresIn: 60 }));
    added.searchParams.append('response-content-type', 'text/html');
    expect((await fetch(added)).status).toBe(403);

    const unsigned = await fetch(`${origin}/api/files/${key}`);
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as { code: string }).code).toBe('FILE_URL_INVALID');
  });

  it('refuses a PUT URL replayed as a GET, and a GET URL replayed as a PUT', async () => {
    const key = storage.newKey('methods');
    const signed = await storage.presignPut(key, {
      contentType: 'text/plain',
      contentLength: 2,
      expiresIn: 60,
    });
    expect((await fetch(signed.url)).status).toBe(403);
    await put(key, 'ok');
    const getUrl = await storage.presignGet(key, { expiresIn: 60 });
    const overwrite = await fetch(getUrl, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'no',
    });
    expect(overwrite.status).toBe(403);
    expect(await storage.head(key)).toMatchObject({ size: 2 });
  });

  it('answers 413 past the signed size and 400 short of it, storing nothing', async () => {
    const key = storage.newKey('sizes');
    const signed = await storage.presignPut(key, {
      contentType: 'text/plain',
      contentLength: 10,
      expiresIn: 60,
    });
    const long = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'x'.repeat(11) });
    expect(long.status).toBe(413);
    expect(await long.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.fileTooLarge });
    const short = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'x'.repeat(9) });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ code: 'BAD_REQUEST', message: MESSAGES.fileIncomplete });
    expect(await storage.head(key)).toBeNull();
  });

  it('accepts a body far above the API 1 MiB JSON limit, streamed', async () => {
    const key = storage.newKey('large');
    const body = randomBytes(3 * 1024 * 1024);
    const response = await put(key, body, 'video/mp4');
    expect(response.status).toBe(200);
    expect(await storage.head(key)).toEqual({
      size: body.length,
      contentType: 'video/mp4',
      etag: `"${hex(body)}"`,
    });
  });

  it('answers 416 for a range outside the file, and 404 NOT_FOUND for a missing object', async () => {
    const key = storage.newKey('range');
    await put(key, '0123456789');
    const url = await storage.presignGet(key, { expiresIn: 60 });
    const outside = await fetch(url, { headers: { range: 'bytes=10-20' } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe('bytes */10');
    expect(((await outside.json()) as { code: string }).code).toBe('RANGE_NOT_SATISFIABLE');

    const missing = await fetch(await storage.presignGet(storage.newKey('nothing'), { expiresIn: 60 }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('NOT_FOUND');
  });
});

describe('serving', () => {
  it('answers HEAD with the headers of the GET and no body, and sandboxes what it serves', async () => {
    const key = storage.newKey('head');
    await put(key, '<script>alert(1)</script>', 'text/html');
    const url = await storage.presignGet(key, { expiresIn: 60 });
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('25');
    expect(head.headers.get('etag')).toBe(`"${hex(Buffer.from('<script>alert(1)</script>'))}"`);
    expect(await head.text()).toBe('');
    const get = await fetch(url);
    expect(get.headers.get('content-security-policy')).toContain('sandbox');
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('multipart, as S3 does it', () => {
  it('gives the S3 multipart ETag, lets a part be sent again, and keeps an upload to its own key', async () => {
    const key = storage.newKey('s3-etag');
    const uploadId = await storage.createMultipart(key, 'video/mp4');
    const first = randomBytes(STORAGE_LIMITS.minPartBytes);
    const retried = randomBytes(STORAGE_LIMITS.minPartBytes);
    const last = randomBytes(10);
    const send = async (partNumber: number, body: Buffer) =>
      fetch(
        await storage.presignPart(key, uploadId, partNumber, { contentLength: body.length, expiresIn: 60 }),
        { method: 'PUT', body },
      );
    await send(1, randomBytes(100)); // a chunk that failed half-way and is retried below
    await send(1, first);
    await send(2, retried);
    await send(3, last);
    const parts = await storage.listParts(key, uploadId);
    expect(parts.map((part) => [part.partNumber, part.size])).toEqual([
      [1, first.length],
      [2, retried.length],
      [3, 10],
    ]);

    const otherKey = storage.newKey('s3-etag');
    await expect(storage.listParts(otherKey, uploadId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const stray = await fetch(
      await storage.presignPart(otherKey, uploadId, 1, { contentLength: 1, expiresIn: 60 }),
      {
        method: 'PUT',
        body: 'x',
      },
    );
    expect(stray.status).toBe(404);

    const { etag } = await storage.completeMultipart(
      key,
      uploadId,
      parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
    );
    // S3's formula over the local adapter's part ETags (their CRC-32s): the MD5 of the binary ETags, then the count.
    const partEtag = (part: Buffer) => Buffer.from(crc32(part).toString(16).padStart(8, '0'), 'hex');
    const expected = createHash('md5')
      .update(Buffer.concat([first, retried, last].map(partEtag)))
      .digest('hex');
    expect(etag).toBe(`"${expected}-3"`);
    // The upload is gone once completed.
    await expect(storage.listParts(key, uploadId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a dropped connection', () => {
  it('leaves no object behind, and the same URL can be used again', async () => {
    const key = storage.newKey('dropped');
    const signed = await storage.presignPut(key, {
      contentType: 'text/plain',
      contentLength: 1000,
      expiresIn: 60,
    });
    const answered = await new Promise<string>((resolve) => {
      const request = http.request(signed.url, {
        method: 'PUT',
        headers: { ...signed.headers, 'content-length': '1000' },
      });
      request.on('error', () => resolve('dropped'));
      request.on('response', (response) => resolve(String(response.statusCode)));
      request.write('x'.repeat(400), () => request.destroy());
    });
    expect(answered).toBe('dropped');
    expect(await storage.head(key)).toBeNull();
    const retry = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'y'.repeat(1000) });
    expect(retry.status).toBe(200);
    expect(await storage.head(key)).toMatchObject({ size: 1000 });
  });
});

describe('with S3 configured', () => {
  it('registers no file routes: the store serves its own URLs', async () => {
    const s3 = await buildTestApp({ env: { S3_BUCKET: 'casting-media', S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      expect(s3.context.storage.kind).toBe('s3');
      expect(s3.app.routeAccess.filter((route) => route.url.startsWith('/api/files'))).toEqual([]);
    } finally {
      s3.context.storage.close();
      await s3.close();
    }
  });
});
