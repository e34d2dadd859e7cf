import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadBundles,
  mediaItems,
  mediaUploads,
  storagePurges,
  submissions,
} from '../../src/platform/db/schema';
import type { Storage } from '../../src/platform/storage';
import { purgeDeletedObjects } from '../../src/platform/storage/purge';
import { UploadClient } from './client';
import { pdf, png } from './files';
import { eventually } from '../support/eventually';
import { buildMediaApp, startS3rver, type MediaApp } from './support';

/** Deleting media's owners (an applicant, a project) removes their stored objects, on both storage adapters. */
function suite(name: string, options: { s3: boolean }) {
  describe(`${name}: stored files of deleted applicants and projects are purged`, () => {
    let t: MediaApp;
    let staff: UploadClient;
    let stopS3: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const s3 = options.s3 ? await startS3rver() : undefined;
      stopS3 = s3?.stop;
      t = await buildMediaApp({ env: s3?.env ?? {}, runWorkers: true });
      staff = new UploadClient(t.origin, t.cast.headers('PE'));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await stopS3?.();
    });

    /** The candidate's list rows (submissions), which the delete call names. */
    async function rowsOf(applicantId: string): Promise<string[]> {
      const rows = await t.ownerDb
        .select({ id: submissions.id })
        .from(submissions)
        .where(eq(submissions.applicantId, applicantId));
      return rows.map((row) => row.id);
    }

    /** Every key a media item's row names: the original and what processing derived from it. */
    async function keysOf(mediaIds: string[]): Promise<string[]> {
      const rows = await t.ownerDb.select().from(mediaItems).where(inArray(mediaItems.id, mediaIds));
      return rows.flatMap((row) =>
        [row.originalKey, row.thumbnailKey, row.displayKey, row.previewKey].filter(
          (key): key is string => !!key,
        ),
      );
    }

    async function allGone(keys: string[]) {
      for (const key of keys) if (await t.context.storage.head(key)) return false;
      return true;
    }

    async function processedPhotoAndPdf(applicantId: string) {
      const target = { projectId: t.cast.project.id, applicantId };
      const photo = (await staff.single(target, 'face.png', await png(), 'image/png')).body;
      const doc = (await staff.single(target, 'cv.pdf', pdf(), 'application/pdf')).body;
      const ids = [photo.mediaId as string, doc.mediaId as string];
      await eventually(
        'every item is processed',
        async () => {
          const rows = await t.ownerDb
            .select({ status: mediaItems.status })
            .from(mediaItems)
            .where(inArray(mediaItems.id, ids));
          return rows.length === 2 && rows.every((row) => row.status === 'PROCESSED');
        },
        60_000,
      );
      return ids;
    }

    it(
      'deleting a candidate removes their originals and thumbnails through the purge job',
      { timeout: 120_000 },
      async () => {
        const { applicantId } = await t.applicant();
        const keys = await keysOf(await processedPhotoAndPdf(applicantId));
        // Original, thumbnail and display image of the photo; original, preview and thumbnail of the PDF.
        expect(keys).toHaveLength(6);
        for (const key of keys) expect(await t.context.storage.head(key)).not.toBeNull();
        const kept = await t.applicant();
        const keptKeys = await keysOf(await processedPhotoAndPdf(kept.applicantId));

        const res = await t.app.inject({
          method: 'POST',
          url: `/api/projects/${t.cast.project.id}/applicants/delete`,
          headers: t.cast.headers('PO'),
          payload: { applicantIds: await rowsOf(applicantId) },
        });
        expect(res.statusCode, res.body).toBe(200);
        await eventually('the files are gone', () => allGone(keys), 20_000);
        // Another candidate's files are untouched, and nothing is left waiting.
        for (const key of keptKeys) expect(await t.context.storage.head(key)).not.toBeNull();
        await eventually(
          'no purge is left waiting',
          async () => (await t.ownerDb.select().from(storagePurges)).length === 0,
          20_000,
        );
      },
    );

    it(
      'deleting a project removes its media, its open uploads’ parts and its zips',
      { timeout: 120_000 },
      async () => {
        const project = t.cast.project.id;
        const { applicantId } = await t.applicant();
        const keys = await keysOf(await processedPhotoAndPdf(applicantId));
        // A zip built for the project.
        const asked = await staff.call('/applicants/download-zip', {
          projectId: project,
          email: 'reviewer@example.com',
          applicantIds: [applicantId],
        });
        expect(asked.status).toBe(202);
        const zipKey = await eventually(
          'the zip is stored',
          async () => {
            const [row] = await t.ownerDb
              .select({ key: downloadBundles.objectKey })
              .from(downloadBundles)
              .where(eq(downloadBundles.id, asked.body.id));
            return row?.key ?? null;
          },
          60_000,
        );
        expect(await t.context.storage.head(zipKey)).not.toBeNull();
        // An upload left half-way (one part of two received). s3rver has no AbortMultipartUpload (decision 0025),
        // so that part runs against the local adapter only; S3 itself aborts.
        const bytes = Buffer.alloc(5 * 1024 * 1024 + 10);
        Buffer.from('0000001c667479706d703432000000006d70343269736f6d', 'hex').copy(bytes);
        const target = { projectId: project, applicantId };
        const started = options.s3 ? null : await staff.start(target, 'half.mp4', bytes, 'video/mp4');
        if (started) {
          expect(started.status).toBe(200);
          await staff.putParts(started.body, bytes, target, [1]);
        }

        // Only a draft is deleted by a route (Discard draft); deleted by SQL here, any project's rows cascade and the
        // triggers queue the files.
        await t.ownerDb.execute(sql`delete from projects where id = ${project}`);
        const queued = (await t.ownerDb.select().from(storagePurges)).map((row) => row.objectKey);
        expect(queued).toEqual(
          expect.arrayContaining([...keys, zipKey, ...(started ? [started.body.Key] : [])]),
        );
        expect(
          await t.ownerDb.select().from(mediaUploads).where(eq(mediaUploads.projectId, project)),
        ).toEqual([]);

        await t.context.jobs.send('storage-purge', {});
        await eventually('the files and the zip are gone', () => allGone([...keys, zipKey]), 20_000);
        await eventually(
          'no purge is left waiting',
          async () => (await t.ownerDb.select().from(storagePurges)).length === 0,
          20_000,
        );
        if (started) {
          // The aborted upload's parts are gone with it.
          await expect(
            t.context.storage.listParts(started.body.Key, started.body.UploadId),
          ).rejects.toMatchObject({ code: 'NOT_FOUND' });
        }
      },
    );

    it('keeps what a store refused to delete and finishes it on the next run (idempotent)', async () => {
      const db = t.ownerDb;
      const key = t.context.storage.newKey('purge-test');
      await t.context.storage.putObject(key, Buffer.from('bytes'), 'text/plain');
      const gone = t.context.storage.newKey('purge-test');
      await db.insert(storagePurges).values([{ objectKey: key }, { objectKey: gone }]);
      let refuse = true;
      const storage: Storage = Object.create(t.context.storage, {
        delete: {
          value: async (target: string) => {
            if (target === key && refuse) throw new Error('store unavailable');
            return t.context.storage.delete(target);
          },
        },
      });
      const context = { database: t.context.database, storage, log: t.context.log };
      await expect(purgeDeletedObjects(context)).rejects.toThrow(/could not be purged/);
      const [left] = await db.select().from(storagePurges).where(eq(storagePurges.objectKey, key));
      expect(left).toMatchObject({ attempts: 1, lastError: 'store unavailable' });
      expect(await t.context.storage.head(key)).not.toBeNull();
      // The missing object's row went: deleting what is not there is not an error.
      expect(await db.select().from(storagePurges).where(eq(storagePurges.objectKey, gone))).toEqual([]);

      // An object refused again and again stops failing the run after ten attempts, but is still tried each run.
      await db.update(storagePurges).set({ attempts: 9 }).where(eq(storagePurges.objectKey, key));
      expect(await purgeDeletedObjects(context)).toEqual({ purged: 0, failed: 0 });
      const [stuck] = await db.select().from(storagePurges).where(eq(storagePurges.objectKey, key));
      expect(stuck).toMatchObject({ attempts: 10 });

      refuse = false;
      expect(await purgeDeletedObjects(context)).toMatchObject({ failed: 0 });
      expect(await t.context.storage.head(key)).toBeNull();
      expect(await db.select().from(storagePurges).where(eq(storagePurges.objectKey, key))).toEqual([]);
      // Running again with nothing to do is harmless.
      expect(await purgeDeletedObjects(context)).toEqual({ purged: 0, failed: 0 });
    });
  });
}

suite('local storage', { s3: false });
suite('S3 storage (s3rver)', { s3: true });
