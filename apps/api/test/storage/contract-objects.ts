import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
import type { Storage } from '../../src/platform/storage';
import { EXPIRES_IN, md5, readAll, upload, type StorageHarness } from './contract-support';

/** Contract cases for whole objects: keys, single uploads, downloads with ranges and overrides, deletes, and
 * server-side writes and reads. */
export function objectCases(harness: () => StorageHarness) {
  let h: StorageHarness;
  let storage: Storage;
  beforeAll(() => {
    h = harness();
    storage = h.storage;
  });

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

  it('deletes an object; its URL then answers 404 and deleting again is not an error', async () => {
    const key = storage.newKey('deleted');
    await upload(storage, key, randomBytes(10));
    const url = await storage.presignGet(key, { expiresIn: EXPIRES_IN });
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect((await fetch(url)).status).toBe(404);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('moves an object to a new key: the old key is gone, the bytes and type are whole under the new one', async () => {
    const from = storage.newKey('moving');
    const to = storage.newKey('moved');
    const body = randomBytes(3000);
    expect((await upload(storage, from, body, 'image/png')).status).toBe(200);
    await storage.moveObject(from, to);
    expect(await storage.head(from)).toBeNull();
    expect(await storage.head(to)).toMatchObject({ size: 3000, contentType: 'image/png' });
    expect((await readAll((await storage.getObjectStream(to))!)).equals(body)).toBe(true);
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
}
