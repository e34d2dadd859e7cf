import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaItems } from '../../src/platform/db/schema';
import { UploadClient } from '../media/client';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildRole } from '../support/projects';
import { applyBody, createLinks, tokenOf } from '../links/helpers';

let t: MediaApp;
beforeAll(async () => {
  t = await buildMediaApp();
});
afterAll(() => t.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('apply with a photo through the upload grant of the resolve answer', () => {
  it('attaches the page’s completed upload to the new applicant; without the grant nothing is written', async () => {
    const role = await buildRole(t.cast.project);
    const [link] = await createLinks(t.app, t.cast.headers('PO'), t.cast.project.id, { roleIds: [role.id] });
    const token = tokenOf(link!.link);
    const resolved = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
    const grant = resolved.json().uploadGrant as string;
    expect(grant).toBeTruthy();

    const page = new UploadClient(t.origin, {});
    const upload = await page.single({ uploadGrant: grant }, 'headshot.png', PNG, 'image/png');
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);

    const withoutGrant = await t.app.inject({
      method: 'POST',
      url: '/api/v2/applicants/standalone',
      payload: applyBody(token, { uploads: [{ key: upload.body.Key }] }),
    });
    expect(withoutGrant.statusCode).toBe(400);
    expect(withoutGrant.json().details.issues[0].path).toBe('body.uploadGrant');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/applicants/standalone',
      payload: applyBody(token, {
        uploads: [{ key: upload.body.Key, name: 'headshot.png' }],
        uploadGrant: grant,
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const items = await t.ownerDb
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.applicantId, res.json().applicantId));
    expect(items).toHaveLength(1);
    // The first photo is the applicant's primary photo: the team's list and preview show it.
    expect(items[0]).toMatchObject({ name: 'headshot.png', kind: 'image', isPrimaryPhoto: true });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${t.cast.project.id}/applicants?roleId=${role.id}`,
      headers: t.cast.headers('PO'),
    });
    const item = (listed.json().items as { applicantId: string; photoUrl: string | null }[]).find(
      (row) => row.applicantId === res.json().applicantId,
    );
    expect(item?.photoUrl).toBeTruthy();
    const photo = await fetch(new URL(item!.photoUrl!, t.origin));
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${t.cast.project.id}/candidates/${res.json().applicantId}`,
      headers: t.cast.headers('PO'),
    });
    expect(detail.json().photoUrl).toBeTruthy();
  });
});
