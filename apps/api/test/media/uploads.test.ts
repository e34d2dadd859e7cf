import { forEachOffice } from '../../src/platform/db/office-of';
import { uploadBytes } from '../../src/platform/metrics/registry';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MULTIPART_CHUNK_BYTES } from '@casting/domain';
import {
  attachUploads,
  createUploadGrant,
  grantOwner,
  linkGrantHolder,
  verifyUploadGrant,
} from '../../src/modules/media';
import { purgeAbandonedUploads } from '../../src/modules/media/uploads-purge';
import type { Db } from '../../src/platform/db/client';
import { mediaItems, mediaUploads } from '../../src/platform/db/schema';
import { UploadClient } from './client';
import { buildMediaApp, startS3rver, type MediaApp } from './support';

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
/** An ELF executable's first bytes, as a renamed program would start. */
const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2000)]);
/** An MP4 header (ftyp box) then noise: enough for the sniffing, which reads only the start. */
const mp4Like = (size: number) =>
  Buffer.concat([
    Buffer.from('0000001c667479706d703432000000006d70343269736f6d00000008', 'hex'),
    randomBytes(size - 28),
  ]);

function suite(name: string, options: { s3: boolean }) {
  describe(name, () => {
    let t: MediaApp;
    let stopS3: (() => Promise<void>) | undefined;
    let staff: UploadClient;
    beforeAll(async () => {
      const s3 = options.s3 ? await startS3rver() : undefined;
      stopS3 = s3?.stop;
      t = await buildMediaApp({ env: s3?.env ?? {} });
      staff = new UploadClient(t.origin, t.cast.headers('PE'));
    });
    afterAll(async () => {
      await t.close();
      await stopS3?.();
    });

    it('takes a single-PUT photo for a candidate and makes it a PENDING media item', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      const bytes = await png();
      const counted = async () =>
        (await uploadBytes.get()).values.find((value) => value.labels.kind === 'image')?.value ?? 0;
      const before = await counted();
      const res = await staff.single(target, 'headshot.png', bytes, 'image/png');
      expect(res.status).toBe(200);
      // The operator's metrics count the accepted bytes.
      expect((await counted()) - before).toBe(bytes.length);
      // s3rver cannot check a GET URL with response overrides (docs/decisions/0014); S3 and the local adapter can.
      if (!options.s3) {
        const original = await fetch(res.body.url as string);
        expect(original.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);
      }
      expect(res.body).toMatchObject({ kind: 'image', contentType: 'image/png', status: 'PENDING' });
      const [item] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, res.body.mediaId));
      expect(item).toMatchObject({
        applicantId: target.applicantId,
        name: 'headshot.png',
        status: 'PENDING',
      });
      expect(item!.originalKey).toMatch(new RegExp(`^PM/RoleSideDocuments/${t.cast.project.id}/`));
    });

    it('refuses an executable renamed .jpg and deletes what was uploaded', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      const res = await staff.single(target, 'holiday.jpg', elf(), 'image/jpeg');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      // The refusal names what the file really is.
      expect(res.body.message).toBe(
        MEDIA_MESSAGES.refusedContent('holiday.jpg', 'ELF content (application/x-elf)'),
      );
      const items = await t.ownerDb
        .select()
        .from(mediaItems)
        .where(eq(mediaItems.applicantId, target.applicantId));
      expect(items).toEqual([]);
      const uploads = await t.ownerDb.select().from(mediaUploads);
      for (const upload of uploads.filter((row) => row.fileName === 'holiday.jpg')) {
        expect(await t.context.storage.head(upload.objectKey)).toBeNull();
      }
    });

    it('refuses a single PUT of 10 MiB or more, and a call without access', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      const big = await staff.call('/media-management/get-signed-url', {
        ...target,
        imagesParams: [{ fileKey: 'big.mp4', contentType: 'video/mp4', size: 10 * 1024 * 1024 }],
      });
      expect(big.status).toBe(400);
      const body = {
        ...target,
        imagesParams: [{ fileKey: 'a.png', contentType: 'image/png', size: 10 }],
      };
      const outcomes: Record<string, number> = {};
      for (const actor of ['anonymous', 'talent', 'nonMember', 'TS', 'TE', 'PO', 'SA'] as const) {
        const res = await new UploadClient(t.origin, t.cast.headers(actor)).call(
          '/media-management/get-signed-url',
          body,
        );
        outcomes[actor] = res.status;
      }
      expect(outcomes).toEqual({
        anonymous: 401,
        talent: 403,
        nonMember: 403,
        TS: 200,
        TE: 200,
        PO: 200,
        SA: 200,
      });
    });

    it('uploads a multipart video of three parts', async () => {
      const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
      const bytes = mp4Like(2 * MULTIPART_CHUNK_BYTES + 1234);
      const res = await staff.multipart(target, 'self-tape.mp4', bytes, 'video/mp4');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ kind: 'video', size: bytes.length, status: 'PENDING' });
      const head = await t.context.storage.head(res.body.Key);
      expect(head?.size).toBe(bytes.length);
    });

    it('refuses a forged, an expired, and another project’s upload grant', async () => {
      const client = (grant: string) => new UploadClient(t.origin, { 'x-upload-grant': grant });
      const good = createUploadGrant(t.context.config, { projectId: t.cast.project.id });
      const forged = `${good.slice(0, -2)}xx`;
      const expired = createUploadGrant(t.context.config, {
        projectId: t.cast.project.id,
        now: new Date(Date.now() - 48 * 3600_000),
      });
      const params = { imagesParams: [{ fileKey: 'a.png', contentType: 'image/png', size: 10 }] };
      const forgedRes = await client(forged).call('/media-management/get-signed-url', params);
      expect([forgedRes.status, forgedRes.body.message]).toEqual([403, MEDIA_MESSAGES.grantInvalid]);
      const expiredRes = await client(expired).call('/media-management/get-signed-url', params);
      expect([expiredRes.status, expiredRes.body.message]).toEqual([403, MEDIA_MESSAGES.grantExpired]);
      const other = await client(good).call('/media-management/get-signed-url', {
        ...params,
        projectId: '00000000-0000-4000-8000-000000000000',
      });
      expect(other.status).toBe(403);
    });

    it('lets an apply page upload with a grant, then attaches the upload to the new applicant', async () => {
      const grant = createUploadGrant(t.context.config, { projectId: t.cast.project.id });
      const page = new UploadClient(t.origin, {});
      const res = await page.single({ uploadGrant: grant }, 'me.png', await png(), 'image/png');
      expect(res.status).toBe(200);
      expect(res.body.mediaId).toBeNull();
      const { applicantId } = await t.applicant();
      const db = t.ownerDb;
      const [id] = await db.transaction((tx) =>
        attachUploads(
          tx as unknown as Db,
          { projectId: t.cast.project.id, applicantId, uploads: [res.body.Key] },
          t.context,
        ),
      );
      const [item] = await db.select().from(mediaItems).where(eq(mediaItems.id, id!));
      expect(item).toMatchObject({ applicantId, name: 'me.png', kind: 'image', status: 'PENDING' });
      // A key that is not a completed upload of the project writes nothing.
      await expect(
        db.transaction((tx) =>
          attachUploads(
            tx as unknown as Db,
            { projectId: t.cast.project.id, applicantId, uploads: ['PM/RoleSideDocuments/nope'] },
            t.context,
          ),
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    if (!options.s3) {
      it('resumes an interrupted multipart upload from the parts list-parts returns', async () => {
        const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
        const bytes = mp4Like(2 * MULTIPART_CHUNK_BYTES + 99);
        const started = await staff.start(target, 'resume.mp4', bytes, 'video/mp4');
        expect(started.body.ChunksNumber).toBe(3);
        const first = await staff.putParts(started.body, bytes, target, [1]);
        // The tab closes here. Later the same file is chosen again: the client asks what the server has.
        const listed = await staff.call('/media-management/multipart/list-parts', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
        });
        expect(listed.status).toBe(200);
        expect(listed.body.parts).toEqual([
          { PartNumber: 1, ETag: first[0]!.ETag, Size: MULTIPART_CHUNK_BYTES },
        ]);
        const rest = await staff.putParts(started.body, bytes, target, [2, 3]);
        const done = await staff.call('/media-management/multipart/complete', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
          Parts: [
            ...listed.body.parts.map((p: { PartNumber: number; ETag: string }) => ({
              PartNumber: p.PartNumber,
              ETag: p.ETag,
            })),
            ...rest,
          ],
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.size).toBe(bytes.length);
        // The upload is finished: it cannot be completed twice.
        const again = await staff.call('/media-management/multipart/list-parts', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
        });
        expect(again.status).toBe(404);
      });

      it('resumes an apply page upload after a reload (a new grant of the same link), for that link only', async () => {
        const link = '7d7a3c4e-1b2a-4c5d-8e9f-0a1b2c3d4e5f';
        const grantOf = (holder: string | null) =>
          createUploadGrant(t.context.config, { projectId: t.cast.project.id, holder });
        const firstLoad = { uploadGrant: grantOf(linkGrantHolder(link)) };
        const page = new UploadClient(t.origin, {});
        const bytes = mp4Like(MULTIPART_CHUNK_BYTES + 77);
        const started = await page.start(firstLoad, 'tape.mp4', bytes, 'video/mp4');
        expect(started.status).toBe(200);
        await page.putParts(started.body, bytes, firstLoad, [1]);
        const handle = { UploadId: started.body.UploadId, Key: started.body.Key };

        // Another link's page, a grant without a holder, and a staff member who did not start it: not found.
        for (const other of [grantOf(linkGrantHolder(randomUUID())), grantOf(null)]) {
          const res = await page.call('/media-management/multipart/list-parts', {
            ...handle,
            uploadGrant: other,
          });
          expect([res.status, res.body.message]).toEqual([404, MEDIA_MESSAGES.uploadNotFound]);
        }
        const staffList = await staff.call('/media-management/multipart/list-parts', handle);
        expect(staffList.status).toBe(404);

        // The tab was closed; the link's page loads again with a new grant and resumes from part 2.
        const secondLoad = { uploadGrant: grantOf(linkGrantHolder(link)) };
        const listed = await page.call('/media-management/multipart/list-parts', {
          ...handle,
          ...secondLoad,
        });
        expect(listed.status).toBe(200);
        expect(listed.body.parts.map((part: { PartNumber: number }) => part.PartNumber)).toEqual([1]);
        const rest = await page.putParts(started.body, bytes, secondLoad, [2]);
        const done = await page.call('/media-management/multipart/complete', {
          ...handle,
          ...secondLoad,
          Parts: [{ PartNumber: 1, ETag: listed.body.parts[0].ETag }, ...rest],
        });
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        expect(done.body.size).toBe(bytes.length);
        // The second page's submission attaches it (uploads are the link's, not one page load's).
        const { applicantId } = await t.applicant();
        const [id] = await t.ownerDb.transaction((tx) =>
          attachUploads(
            tx as unknown as Db,
            {
              projectId: t.cast.project.id,
              applicantId,
              uploads: [handle.Key],
              grantId: grantOwner(verifyUploadGrant(t.context.config, secondLoad.uploadGrant)),
            },
            t.context,
          ),
        );
        expect(id).toBeTruthy();
      });

      it('lets only the staff member who started a multipart upload resume it', async () => {
        const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
        const bytes = mp4Like(MULTIPART_CHUNK_BYTES + 5);
        const started = await staff.start(target, 'mine.mp4', bytes, 'video/mp4');
        const handle = { UploadId: started.body.UploadId, Key: started.body.Key };
        const colleague = new UploadClient(t.origin, t.cast.headers('PO'));
        const theirs = await colleague.call('/media-management/multipart/list-parts', handle);
        expect([theirs.status, theirs.body.message]).toEqual([404, MEDIA_MESSAGES.uploadNotFound]);
        const asGrant = await new UploadClient(t.origin, {}).call('/media-management/multipart/list-parts', {
          ...handle,
          uploadGrant: createUploadGrant(t.context.config, { projectId: t.cast.project.id }),
        });
        expect(asGrant.status).toBe(404);
        const mine = await staff.call('/media-management/multipart/list-parts', handle);
        expect([mine.status, mine.body.parts]).toEqual([200, []]);
      });

      it('purges an upload abandoned for a day, parts and all', async () => {
        const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
        const bytes = mp4Like(MULTIPART_CHUNK_BYTES + 10);
        const started = await staff.start(target, 'left.mp4', bytes, 'video/mp4');
        await staff.putParts(started.body, bytes, target, [1]);
        const db = t.ownerDb;
        await db
          .update(mediaUploads)
          .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
          .where(eq(mediaUploads.objectKey, started.body.Key));
        expect(
          await forEachOffice(t.context.database.db, () => purgeAbandonedUploads(t.context)),
        ).toBeGreaterThanOrEqual(1);
        expect(
          await db.select().from(mediaUploads).where(eq(mediaUploads.objectKey, started.body.Key)),
        ).toEqual([]);
        const listed = await staff.call('/media-management/multipart/list-parts', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
        });
        expect(listed.status).toBe(404);
      });

      it('signs each part URL for its part’s size: a larger body is refused with 413', async () => {
        const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
        const bytes = mp4Like(MULTIPART_CHUNK_BYTES + 10);
        const started = await staff.start(target, 'big.mp4', bytes, 'video/mp4');
        const urls = await staff.call('/media-management/multipart/get-signed-urls', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
          ChunksNumber: 2,
        });
        const [first, last] = urls.body.parts as { signedUrl: string }[];
        const overFirst = await fetch(first!.signedUrl, {
          method: 'PUT',
          body: randomBytes(MULTIPART_CHUNK_BYTES + 1),
        });
        expect(overFirst.status).toBe(413);
        // The last part is the 10 bytes left: a whole 5 MiB chunk is refused too.
        const overLast = await fetch(last!.signedUrl, {
          method: 'PUT',
          body: bytes.subarray(0, MULTIPART_CHUNK_BYTES),
        });
        expect(overLast.status).toBe(413);
        const listed = await staff.call('/media-management/multipart/list-parts', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
        });
        expect(listed.body.parts).toEqual([]);
        const fits = await fetch(last!.signedUrl, {
          method: 'PUT',
          body: bytes.subarray(MULTIPART_CHUNK_BYTES),
        });
        expect(fits.status).toBe(200);
      });

      it('refuses a tampered part URL', async () => {
        const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
        const bytes = mp4Like(MULTIPART_CHUNK_BYTES + 10);
        const started = await staff.start(target, 'x.mp4', bytes, 'video/mp4');
        const urls = await staff.call('/media-management/multipart/get-signed-urls', {
          UploadId: started.body.UploadId,
          Key: started.body.Key,
          ChunksNumber: 2,
        });
        const url = new URL(urls.body.parts[0].signedUrl);
        url.searchParams.set('partNumber', '2');
        const res = await fetch(url, { method: 'PUT', body: bytes.subarray(0, 10) });
        expect(res.status).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('FILE_URL_INVALID');
      });
    }

    it('records an upload failure a browser reports', async () => {
      const res = await staff.call('/media-management/upload-failed', {
        projectId: t.cast.project.id,
        error: 'Upload incomplete - some chunks failed',
        context: { file: 'a.mp4' },
      });
      expect(res.status).toBe(201);
      const anonymous = await new UploadClient(t.origin, {}).call('/media-management/upload-failed', {
        error: 'x',
      });
      expect(anonymous.status).toBe(401);
    });
  });
}

suite('uploads on local storage', { s3: false });
suite('uploads on S3 (s3rver)', { s3: true });
