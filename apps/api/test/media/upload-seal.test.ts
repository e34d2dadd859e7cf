import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_CHUNK_BYTES } from '@casting/domain';
import { mediaItems } from '../../src/platform/db/schema';
import { UploadClient } from './client';
import { buildMediaApp, startS3rver, type MediaApp } from './support';

// An accepted single upload is sealed: its signed URL stays valid a while, but nothing sent to it after the check
// reaches what staff view, download or zip. On the local adapter and on S3 (s3rver).
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** An ELF executable's first bytes, as a renamed program would start. */
const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2000)]);

for (const s3 of [false, true]) {
  describe(s3 ? 'a sealed upload on S3' : 'a sealed upload on local storage', () => {
    let t: MediaApp;
    let stopS3: (() => Promise<void>) | undefined;
    let staff: UploadClient;
    beforeAll(async () => {
      const server = s3 ? await startS3rver() : undefined;
      stopS3 = server?.stop;
      t = await buildMediaApp({ env: server?.env ?? {} });
      staff = new UploadClient(t.origin, t.cast.headers('PE'));
    });
    afterAll(async () => {
      await t.close();
      await stopS3?.();
    });

    it('keeps an accepted file as it was checked: bytes sent again to its signed URL change nothing', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      const bytes = await png();
      const signed = await staff.call('/media-management/get-signed-url', {
        ...target,
        imagesParams: [{ fileKey: 'headshot.png', contentType: 'image/png', size: bytes.length }],
      });
      const [url] = signed.body.urls;
      expect((await fetch(url.url, { method: 'PUT', headers: url.headers, body: bytes })).status).toBe(200);
      const done = await staff.call('/media-management/upload-complete', {
        Key: url.key,
        projectId: target.projectId,
        applicantId: target.applicantId,
      });
      expect(done.status).toBe(200);

      // The same URL, after the check: a program of the same length, as an attacker would swap in.
      const swap = Buffer.concat([elf().subarray(0, 8), randomBytes(bytes.length - 8)]);
      await fetch(url.url, { method: 'PUT', headers: url.headers, body: swap });

      const [item] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, done.body.mediaId));
      expect(item!.originalKey).not.toBe(url.key);
      const stream = await t.context.storage.getObjectStream(item!.originalKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });

    it('takes no part for a completed multipart upload: its bytes stay those that were checked', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      // An MP4 header then noise, over two parts.
      const bytes = Buffer.concat([
        Buffer.from('0000001c667479706d703432000000006d70343269736f6d00000008', 'hex'),
        randomBytes(MULTIPART_CHUNK_BYTES + 1000 - 28),
      ]);
      const started = await staff.start(target, 'tape.mp4', bytes, 'video/mp4');
      const urls = await staff.call('/media-management/multipart/get-signed-urls', {
        UploadId: started.body.UploadId,
        Key: started.body.Key,
        ChunksNumber: started.body.ChunksNumber,
      });
      const parts = urls.body.parts as { PartNumber: number; signedUrl: string }[];
      const etags = [];
      for (const part of parts) {
        const start = (part.PartNumber - 1) * MULTIPART_CHUNK_BYTES;
        const body = bytes.subarray(start, start + MULTIPART_CHUNK_BYTES);
        const res = await fetch(part.signedUrl, { method: 'PUT', body });
        etags.push({ PartNumber: part.PartNumber, ETag: res.headers.get('etag')! });
      }
      const done = await staff.call('/media-management/multipart/complete', {
        UploadId: started.body.UploadId,
        Key: started.body.Key,
        Parts: etags,
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);

      // The first part's URL again, with a program's bytes of the same length.
      const swap = Buffer.concat([elf().subarray(0, 8), randomBytes(MULTIPART_CHUNK_BYTES - 8)]);
      const again = await fetch(parts[0]!.signedUrl, { method: 'PUT', body: swap });
      // The local adapter refuses it; s3rver takes a part for a finished upload id (S3 answers NoSuchUpload), but
      // on both nothing reaches the completed object.
      if (!s3) expect(again.status).toBeGreaterThanOrEqual(400);

      const [item] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, done.body.mediaId));
      const stream = await t.context.storage.getObjectStream(item!.originalKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    });
  });
}
