import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, MESSAGES, type LiveEventName, type MediaItem } from '@casting/domain';
import { auditEvents, mediaItems, outboxMessages } from '../../src/platform/db/schema';
import { UploadClient } from './client';
import { png, video } from './files';
import { eventually } from '../support/eventually';
import { buildMediaApp, type MediaApp } from './support';

let t: MediaApp;
let staff: UploadClient;
beforeAll(async () => {
  t = await buildMediaApp({ runWorkers: true });
  staff = new UploadClient(t.origin, t.cast.headers('PE'));
}, 60_000);
afterAll(() => t.close());

async function request(method: string, url: string, actor: 'PE' | 'TE' | 'TS' | 'PO', payload?: object) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: t.cast.headers(actor),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function list(applicantId: string): Promise<MediaItem[]> {
  return (await request('GET', `/api/applicants/${applicantId}/media?projectId=${t.cast.project.id}`, 'TE'))
    .body.items;
}

describe('media of an applicant', () => {
  it(
    'publishes conversion status events, sets one primary photo, and refuses a video as primary',
    { timeout: 90_000 },
    async () => {
      const project = t.cast.project.id;
      const events: { event: LiveEventName; status: unknown }[] = [];
      const stop = t.context.events.subscribe(project, (event) =>
        events.push({ event: event.event, status: event.payload?.status }),
      );
      const { applicantId } = await t.applicant();
      const target = { projectId: project, applicantId };
      const first = (await staff.single(target, 'one.png', await png(), 'image/png')).body;
      const second = (await staff.single(target, 'two.png', await png(), 'image/png')).body;
      const clip = (await staff.single(target, 'clip.mov', video(1), 'video/quicktime')).body;
      await eventually(
        'every item is processed',
        async () => (await list(applicantId)).every((item) => item.status === 'PROCESSED'),
        60_000,
      );
      await eventually(
        'the stream status event has arrived',
        async () =>
          events.some((e) => e.event === 'APPLICANT_STREAM_STATUS_UPDATED_EVENT' && e.status === 'PROCESSED'),
        60_000,
      );
      stop();
      expect(events).toContainEqual({
        event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
        status: 'IN_PROGRESS',
      });
      expect(events).toContainEqual({
        event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
        status: 'PROCESSED',
      });

      const base = `/api/applicants/${applicantId}/media`;
      expect(
        (await request('PUT', `${base}/${first.mediaId}/primary`, 'PE', { projectId: project })).status,
      ).toBe(200);
      expect(
        (await request('PUT', `${base}/${second.mediaId}/primary`, 'TS', { projectId: project })).status,
      ).toBe(200);
      const primaries = (await list(applicantId))
        .filter((item) => item.isPrimaryPhoto)
        .map((item) => item.id);
      expect(primaries).toEqual([second.mediaId]);
      const refused = await request('PUT', `${base}/${clip.mediaId}/primary`, 'PE', { projectId: project });
      expect(refused.status).toBe(400);
    },
  );

  it('shows each candidate’s primary photo in the candidates list', { timeout: 90_000 }, async () => {
    const project = t.cast.project.id;
    // Out of the agency's For Review folder: the casting team's list leaves out submissions still under review.
    const { applicantId } = await t.applicant(null);
    const other = await t.applicant(null);
    const target = { projectId: project, applicantId };
    const photo = (await staff.single(target, 'face.png', await png(), 'image/png')).body;
    await eventually(
      'the photo is processed',
      async () => (await list(applicantId))[0]?.status === 'PROCESSED',
      60_000,
    );
    const primary = await request(
      'PUT',
      `/api/applicants/${applicantId}/media/${photo.mediaId}/primary`,
      'PE',
      { projectId: project },
    );
    expect(primary.status).toBe(200);

    const rows = await request('GET', `/api/projects/${project}/applicants?limit=100`, 'TE');
    expect(rows.status).toBe(200);
    const byPerson = new Map(
      (rows.body.items as { applicantId: string; photoUrl: string | null }[]).map((row) => [
        row.applicantId,
        row.photoUrl,
      ]),
    );
    expect(byPerson.get(other.applicantId)).toBeNull();
    const url = byPerson.get(applicantId);
    expect(url).toEqual(expect.any(String));
    // The list shows the thumbnail, not the original.
    const served = await fetch(url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('deletes content with its stored files', async () => {
    const { applicantId } = await t.applicant();
    const uploaded = (
      await staff.single({ projectId: t.cast.project.id, applicantId }, 'x.png', await png(), 'image/png')
    ).body;
    await eventually(
      'the photo is processed',
      async () => (await list(applicantId))[0]?.status === 'PROCESSED',
      60_000,
    );
    const [row] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, uploaded.mediaId));
    const res = await request(
      'DELETE',
      `/api/applicants/${applicantId}/media/${uploaded.mediaId}?projectId=${t.cast.project.id}`,
      'TS',
    );
    expect(res.status).toBe(200);
    expect(await list(applicantId)).toEqual([]);
    const [audit] = await t.ownerDb
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'media.delete'), eq(auditEvents.targetId, uploaded.mediaId)));
    expect(audit).toMatchObject({ outcome: 'success', projectId: t.cast.project.id });
    // The files go through the storage purge job, queued with the delete.
    await eventually(
      'its stored files are gone',
      async () =>
        !(await t.context.storage.head(row!.originalKey)) &&
        !(await t.context.storage.head(row!.thumbnailKey!)),
      20_000,
    );
    // Another project's id, or the same call again, finds nothing.
    const again = await request(
      'DELETE',
      `/api/applicants/${applicantId}/media/${uploaded.mediaId}?projectId=${t.cast.project.id}`,
      'PE',
    );
    expect(again.status).toBe(404);
  });

  it('lets a talent submitter add and delete media only where the submitter-folder table allows', async () => {
    const project = t.cast.project.id;
    const submitter = new UploadClient(t.origin, t.cast.headers('TS'));
    const invited = await t.applicant('TS_INVITED');
    const refused = await submitter.single(
      { projectId: project, ...invited },
      'a.png',
      await png(),
      'image/png',
    );
    expect([refused.status, refused.body.code]).toEqual([403, 'PERMISSION_DENIED']);

    const newSubmission = await t.applicant('TS_NEW_SUBMISSIONS');
    const added = await submitter.single(
      { projectId: project, ...newSubmission },
      'b.png',
      await png(),
      'image/png',
    );
    expect(added.status).toBe(200);
    const url = `/api/applicants/${newSubmission.applicantId}/media/${added.body.mediaId}?projectId=${project}`;
    // NEW_SUBMISSIONS allows adding media, not deleting it; the team may.
    expect((await request('DELETE', url, 'TS')).status).toBe(403);
    expect((await request('DELETE', url, 'TE')).status).toBe(200);
  });

  it('answers a talent submitter 404 for a candidate outside their submitter folders, as for an unknown one', async () => {
    const project = t.cast.project.id;
    const submitter = new UploadClient(t.origin, t.cast.headers('TS'));
    const outside = await t.applicant(null);
    const upload = await submitter.single(
      { projectId: project, ...outside },
      'c.png',
      await png(),
      'image/png',
    );
    expect([upload.status, upload.body.code, upload.body.message]).toEqual([
      404,
      'NOT_FOUND',
      MEDIA_MESSAGES.notInProject,
    ]);
    const multipart = await submitter.start(
      { projectId: project, ...outside },
      'c.mp4',
      Buffer.alloc(11 << 20),
      'video/mp4',
    );
    expect(multipart.status).toBe(404);
    // The same answer as for an id that is no candidate at all.
    const unknown = await submitter.single(
      { projectId: project, applicantId: '00000000-0000-4000-8000-00000000abcd' },
      'c.png',
      await png(),
      'image/png',
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, MEDIA_MESSAGES.notInProject]);

    const mine = (await staff.single({ projectId: project, ...outside }, 'd.png', await png(), 'image/png'))
      .body;
    const url = `/api/applicants/${outside.applicantId}/media/${mine.mediaId}?projectId=${project}`;
    const deleted = await request('DELETE', url, 'TS');
    expect([deleted.status, deleted.body.message]).toEqual([404, MEDIA_MESSAGES.mediaNotFound]);
    const unknownItem = await request(
      'DELETE',
      `/api/applicants/${outside.applicantId}/media/00000000-0000-4000-8000-00000000abcd?projectId=${project}`,
      'TS',
    );
    expect([unknownItem.status, unknownItem.body.message]).toEqual([404, MEDIA_MESSAGES.mediaNotFound]);
    // Still there: the team deletes it.
    expect((await request('DELETE', url, 'PE')).status).toBe(200);
  });

  it('changes visibility and reports a media issue to the chat channel (outbox)', async () => {
    const { applicantId } = await t.applicant();
    const uploaded = (
      await staff.single({ projectId: t.cast.project.id, applicantId }, 'y.png', await png(), 'image/png')
    ).body;
    const visibility = await request(
      'PUT',
      `/api/applicants/${applicantId}/media/${uploaded.mediaId}/visibility`,
      'TE',
      {
        projectId: t.cast.project.id,
        visibility: 'TEAM',
      },
    );
    expect([visibility.status, visibility.body.visibility]).toEqual([200, 'TEAM']);

    const empty = await request('POST', '/api/applicants/admin/report-media-issue', 'PE', {
      applicantId,
      applicantMediaId: uploaded.mediaId,
      channel: 'SLACK',
      description: '  ',
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(MESSAGES.descriptionRequired);
    const reported = await request('POST', '/api/applicants/admin/report-media-issue', 'PE', {
      applicantId,
      applicantMediaId: uploaded.mediaId,
      channel: 'SLACK',
      description: 'The photo is of someone else',
    });
    expect(reported).toEqual({ status: 201, body: { message: 'Issue reported successfully' } });
    const message = await eventually(
      'the report is in the Slack outbox',
      async () => {
        const rows = await t.ownerDb
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.channel, 'slack')));
        return rows.find((row) => row.textBody.includes('The photo is of someone else'));
      },
      60_000,
    );
    expect(message.subject).toBe('Media issue reported');
    expect(message.textBody).toContain('y.png');
  });
});
