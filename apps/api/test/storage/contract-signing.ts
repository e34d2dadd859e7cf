import { beforeAll, expect, it } from 'vitest';
import type { Storage } from '../../src/platform/storage';
import { changeOneByte, EXPIRES_IN, readAll, upload, type StorageHarness } from './contract-support';

/** Contract cases for signed URLs: expiry, a changed signature or key, and a PUT URL used for another key, type or
 * size. */
export function signingCases(harness: () => StorageHarness) {
  let h: StorageHarness;
  let storage: Storage;
  beforeAll(() => {
    h = harness();
    storage = h.storage;
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
}
