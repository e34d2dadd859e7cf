import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  });
}
