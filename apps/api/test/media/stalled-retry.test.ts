import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '@casting/domain';
import { MEDIA_PROCESS_QUEUE } from '../../src/modules/media/queues';
import { mediaItems } from '../../src/platform/db/schema';
import { rowsOf } from '../../src/platform/db/rows';
import { UploadClient } from './client';
import { buildMediaApp, type MediaApp } from './support';

// A conversion whose worker died (kill -9 mid-ffmpeg) is not left IN_PROGRESS for good: once no job of the media
// queue is left to do it, staff may retry it; while one is, the retry leaves it alone. No workers run here, so the
// queued job stays as it is sent and the test plays the dead worker itself.
let t: MediaApp;
let staff: UploadClient;
beforeAll(async () => {
  t = await buildMediaApp();
  staff = new UploadClient(t.origin, t.cast.headers('PE'));
});
afterAll(() => t.close());

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

async function retry(applicantId: string, mediaId: string) {
  const res = await fetch(`${t.origin}/api/applicants/${applicantId}/media/${mediaId}/retry`, {
    method: 'POST',
    headers: { ...t.cast.headers('PE'), 'content-type': 'application/json' },
    body: JSON.stringify({ projectId: t.cast.project.id }),
  });
  return { status: res.status, body: (await res.json()) as { status?: string; message?: string } };
}

const liveJobs = async (mediaId: string) => {
  const result = await t.ownerDb.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${MEDIA_PROCESS_QUEUE}
          and data->>'mediaId' = ${mediaId} and state in ('created', 'retry', 'active')`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
};

describe('retrying a stalled conversion', () => {
  it('leaves a queued conversion alone, and requeues one whose worker died with its retries spent', async () => {
    const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
    const uploaded = await staff.single(target, 'stalled.png', await png(), 'image/png');
    expect(uploaded.status).toBe(200);
    const mediaId = uploaded.body.mediaId as string;
    expect(await liveJobs(mediaId)).toBe(1);

    // Its job is waiting: nothing is stuck, the retry is refused.
    const early = await retry(target.applicantId, mediaId);
    expect(early).toEqual({ status: 409, body: { code: 'CONFLICT', message: MEDIA_MESSAGES.notFailed } });

    // The worker took it, set IN_PROGRESS, and was killed; the lease ran out and the queue's retries are spent.
    await t.ownerDb.update(mediaItems).set({ status: 'IN_PROGRESS' }).where(eq(mediaItems.id, mediaId));
    await t.ownerDb.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now()
            where name = ${MEDIA_PROCESS_QUEUE} and data->>'mediaId' = ${mediaId}`,
    );
    const stalled = await retry(target.applicantId, mediaId);
    expect(stalled.status).toBe(200);
    expect(stalled.body.status).toBe('PENDING');
    expect(await liveJobs(mediaId)).toBe(1);
    const [row] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, mediaId));
    expect(row!.status).toBe('PENDING');
  });
});
