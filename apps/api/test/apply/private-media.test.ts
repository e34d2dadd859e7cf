import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_MEDIA_TEXTS, type Role } from '@casting/domain';
import { newPrivateLinkToken } from '../../src/modules/apply';
import { createUploadGrant, linkGrantHolder } from '../../src/modules/media';
import { mediaItems } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import { UploadClient } from '../media/client';
import { pdf, png } from '../media/files';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildApplicant } from '../support/candidates';
import { testOfficeId } from '../support/database';
import { buildRole } from '../support/projects';

// The talent's own files on their private page: listed, added under the page's grant, removed; never the team's
// files, another talent's, or uploads made under another grant.
let t: MediaApp;
let role: Role;
beforeAll(async () => {
  t = await buildMediaApp();
  role = await buildRole(t.cast.project);
}, 60_000);
afterAll(() => t.close());

const base = (applicantId: string) => `/api/v2/applicants/${applicantId}/standalone/media`;

async function talent() {
  const row = await buildApplicant(role, t.cast.people.PO.user);
  const token = await runInOffice(await testOfficeId(), () =>
    newPrivateLinkToken(t.ownerDb, row.applicantId),
  );
  return { applicantId: row.applicantId, token };
}

async function upload(grant: string, name: string, bytes: Buffer, type: string) {
  const res = await new UploadClient(t.origin, { 'x-upload-grant': grant }).single(
    { uploadGrant: grant },
    name,
    bytes,
    type,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Key as string;
}

describe('the talent’s files on their private page', () => {
  it('adds uploads of the page’s grant, lists them, and removes one; the team’s own files stay out of reach', async () => {
    const { applicantId, token } = await talent();
    const page = await t.app.inject({ method: 'GET', url: `${base(applicantId)}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toEqual([]);
    const grant = page.json().uploadGrant as string;
    const photo = await upload(grant, 'headshot.png', await png(), 'image/png');
    const resume = await upload(grant, 'resume.pdf', pdf(), 'application/pdf');

    const added = await t.app.inject({
      method: 'POST',
      url: base(applicantId),
      payload: { accessToken: token, keys: [photo, resume] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items.map((item: { name: string }) => item.name)).toEqual([
      'headshot.png',
      'resume.pdf',
    ]);
    const stored = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.applicantId, applicantId));
    expect(stored.map((row) => row.status)).toEqual(['PENDING', 'PENDING']);

    // A file the team added about the candidate is neither listed nor removable here.
    const [teams] = await t.ownerDb
      .insert(mediaItems)
      .values({
        projectId: role.projectId,
        applicantId,
        kind: 'document',
        originalKey: `PM/RoleSideDocuments/${role.projectId}/team-notes`,
        name: 'audition-notes.pdf',
        contentType: 'application/pdf',
        size: 10,
        createdById: t.cast.people.PO.user.id,
      })
      .returning();
    const listed = await t.app.inject({ method: 'GET', url: `${base(applicantId)}?token=${token}` });
    expect(listed.json().items).toHaveLength(2);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${base(applicantId)}/${teams!.id}?token=${token}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PRIVATE_MEDIA_TEXTS.onlyYours);

    const pdfItem = added.json().items.find((item: { name: string }) => item.name === 'resume.pdf');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base(applicantId)}/${pdfItem.id}?token=${token}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((item: { name: string }) => item.name)).toEqual(['headshot.png']);
    const left = await t.ownerDb
      .select({ name: mediaItems.name })
      .from(mediaItems)
      .where(and(eq(mediaItems.applicantId, applicantId)));
    expect(left.map((row) => row.name).sort()).toEqual(['audition-notes.pdf', 'headshot.png']);
  });

  it('refuses a wrong token, another talent’s page, and uploads made under another grant', async () => {
    const first = await talent();
    const second = await talent();
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${base(first.applicantId)}?token=${second.token}`,
    });
    expect(wrong.statusCode).toBe(404);

    // An upload under an apply page's grant is not this page's to add.
    const linkGrant = createUploadGrant(t.context.config, {
      projectId: role.projectId,
      holder: linkGrantHolder('11111111-1111-4111-8111-111111111111'),
    });
    const foreignKey = await upload(linkGrant, 'other.png', await png(), 'image/png');
    const foreign = await t.app.inject({
      method: 'POST',
      url: base(first.applicantId),
      payload: { accessToken: first.token, keys: [foreignKey] },
    });
    expect(foreign.statusCode).toBe(400);
    // Another talent's page grant does not add to this talent either.
    const secondGrant = (
      await t.app.inject({ method: 'GET', url: `${base(second.applicantId)}?token=${second.token}` })
    ).json().uploadGrant as string;
    const theirs = await upload(secondGrant, 'theirs.png', await png(), 'image/png');
    const crossed = await t.app.inject({
      method: 'POST',
      url: base(first.applicantId),
      payload: { accessToken: first.token, keys: [theirs] },
    });
    expect(crossed.statusCode).toBe(400);
    const rows = await t.ownerDb
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.applicantId, first.applicantId));
    expect(rows).toEqual([]);
  });
});
