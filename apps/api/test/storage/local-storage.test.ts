import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { LocalStorage, STORAGE_LIMITS } from '../../src/platform/storage';
import { buildTestApp } from '../support/app';
import { storageContract } from './contract';

// The embedded adapter, its signed URLs served by the real app listening on a loopback port.
storageContract('local adapter served by the API', async () => {
  const t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const served = t.context.storage as LocalStorage;
  const options = {
    root: path.join(t.context.config.dataDir, 'files'),
    secret: served.secret,
    baseUrl: `http://127.0.0.1:${port}`,
  };
  return {
    storage: new LocalStorage(options),
    lateSigner: new LocalStorage({ ...options, now: () => new Date(Date.now() - 2 * 3600_000) }),
    partEtag: (bytes) => `"${crc32(bytes).toString(16).padStart(8, '0')}"`,
    stop: () => t.close(),
  };
});

describe('local adapter: completing a multipart upload copies nothing', () => {
  it('makes the parts the object with one rename; a late part is refused, and delete removes them', async () => {
    const t = await buildTestApp();
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const served = t.context.storage as LocalStorage;
      const storage = new LocalStorage({
        root: path.join(t.context.config.dataDir, 'files'),
        secret: served.secret,
        baseUrl: `http://127.0.0.1:${port}`,
      });
      const key = storage.newKey('zero-copy');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const bodies = [randomBytes(STORAGE_LIMITS.minPartBytes), randomBytes(99)];
      const etags: string[] = [];
      for (const [index, body] of bodies.entries()) {
        const url = await storage.presignPart(key, uploadId, index + 1, {
          contentLength: body.length,
          expiresIn: 300,
        });
        etags.push((await fetch(url, { method: 'PUT', body })).headers.get('etag') ?? '');
      }
      await storage.completeMultipart(
        key,
        uploadId,
        etags.map((etag, index) => ({ partNumber: index + 1, etag })),
      );
      const object = await storage.disk.readObject(key);
      const blobDir = storage.disk.blobPath(object!.blob);
      // The part files themselves are the object's bytes: nothing was joined into a new file.
      expect(fs.readdirSync(blobDir).sort()).toEqual(object!.parts!.map((part) => part.file).sort());
      expect(object!.parts!.map((part) => part.size)).toEqual([STORAGE_LIMITS.minPartBytes, 99]);

      // A retried chunk arriving after completion finds no upload (404), and leaves nothing behind.
      const late = await storage.presignPart(key, uploadId, 2, { contentLength: 99, expiresIn: 300 });
      expect((await fetch(late, { method: 'PUT', body: randomBytes(99) })).status).toBe(404);
      expect(fs.existsSync(path.join(storage.disk.root, 'uploads', uploadId))).toBe(false);

      await storage.delete(key);
      expect(fs.existsSync(blobDir)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('local adapter: parts received before decision 0060', () => {
  it('lists and completes a part stored under its MD5, as an upload started before the change left it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-md5-parts-'));
    try {
      const storage = new LocalStorage({ root, secret: randomBytes(32), baseUrl: 'http://127.0.0.1:1' });
      const key = storage.newKey('md5-parts');
      const uploadId = await storage.createMultipart(key, 'video/mp4');
      const body = randomBytes(1000);
      const md5 = createHash('md5').update(body).digest('hex');
      fs.writeFileSync(path.join(root, 'uploads', uploadId, `1.${md5}`), body);
      expect(await storage.listParts(key, uploadId)).toEqual([
        { partNumber: 1, etag: `"${md5}"`, size: 1000 },
      ]);
      await storage.completeMultipart(key, uploadId, [{ partNumber: 1, etag: `"${md5}"` }]);
      expect((await storage.head(key))?.size).toBe(1000);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
