import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { agencies, agents, mediaItems, submissions } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { uniqueEmail } from '../support/identity';
import { type Cast } from '../support/projects';
import { buildLinkFixture, linkCalls, type LinkFixture } from './client-link-fixture';

// What a client link shares: each media kind, contact details, representation and team feedback only when switched on.
let t: TestApp;
let cast: Cast;
let role: LinkFixture['role'];
const { createLink, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, role } = await buildLinkFixture());
});
afterAll(() => t.close());

describe('what a link shares', () => {
  let mia: { id: string; applicantId: string };
  let teamPhotoRow: { id: string; applicantId: string };
  const media: Record<string, string> = {};

  async function addMedia(
    applicantId: string,
    name: string,
    values: Partial<typeof mediaItems.$inferInsert>,
  ): Promise<string> {
    const { db } = await testDatabase();
    const key = `PM/ApplicantMedia/${cast.project.id}/${randomUUID()}`;
    // PROCESSED items carry their converted copies: link viewers without downloads are given only those.
    const converted =
      values.kind === 'video'
        ? { mp4Key: `${key}.mp4`, posterKey: `${key}.poster.webp` }
        : values.kind === 'document'
          ? {}
          : { thumbnailKey: `${key}.thumb.webp`, displayKey: `${key}.display.webp` };
    const [row] = await db
      .insert(mediaItems)
      .values({
        projectId: cast.project.id,
        applicantId,
        kind: 'image',
        originalKey: key,
        name,
        contentType: 'image/jpeg',
        size: 10,
        status: 'PROCESSED',
        ...converted,
        ...values,
      })
      .returning();
    return row!.id;
  }

  beforeAll(async () => {
    mia = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Mia',
      email: uniqueEmail('mia'),
      phone: '+15555550199',
    });
    media.primary = await addMedia(mia.applicantId, 'headshot.jpg', { isPrimaryPhoto: true });
    media.photo = await addMedia(mia.applicantId, 'full-length.jpg', {});
    media.teamPhoto = await addMedia(mia.applicantId, 'team-only.jpg', { visibility: 'TEAM' });
    const video = { kind: 'video' as const, contentType: 'video/mp4' };
    media.video = await addMedia(mia.applicantId, 'self-tape.mp4', video);
    media.teamVideo = await addMedia(mia.applicantId, 'team-tape.mp4', { ...video, visibility: 'TEAM' });
    const document = { kind: 'document' as const, contentType: 'application/pdf' };
    media.document = await addMedia(mia.applicantId, 'resume.pdf', document);
    media.teamDocument = await addMedia(mia.applicantId, 'notes.pdf', { ...document, visibility: 'TEAM' });
    // A candidate whose only photo, the primary one, is for the team only.
    teamPhotoRow = await buildApplicant(role, cast.people.PO.user, { firstName: 'Tess' });
    media.teamPrimary = await addMedia(teamPhotoRow.applicantId, 'team-headshot.jpg', {
      isPrimaryPhoto: true,
      visibility: 'TEAM',
    });
    // Submitted by an agent, and up-voted by the team.
    const { db } = await testDatabase();
    const [agency] = await db
      .insert(agencies)
      .values({ name: 'Shared Agency', searchText: 'shared agency' })
      .returning();
    const [agent] = await db
      .insert(agents)
      .values({
        agencyId: agency!.id,
        firstName: 'Rhea',
        lastName: 'Rep',
        email: uniqueEmail('rhea'),
        searchText: 'rhea rep',
      })
      .returning();
    await db.update(submissions).set({ referringAgentId: agent!.id }).where(eq(submissions.id, mia.id));
    const voted = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/applicants/votes`,
      headers: cast.headers('PO'),
      payload: { applicantIds: [mia.id], vote: 'UP_VOTE' },
    });
    expect(voted.statusCode, voted.body).toBe(200);
  });

  async function seen(settings: Record<string, boolean>) {
    const link = await createLink({
      submissionIds: [mia.id, teamPhotoRow.id],
      settings: { requireIdentification: false, ...settings },
    });
    const list = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(list.statusCode, list.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `${applicantsUrl(link.clientLink)}/${mia.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: `${applicantsUrl(link.clientLink)}/${teamPhotoRow.id}`,
    });
    expect(other.statusCode, other.body).toBe(200);
    const mediaIds = (detail.json().media as { id: string }[]).map((item) => item.id);
    return { list, detail, other, mediaIds, bodies: [list.body, detail.body, other.body].join('\n') };
  }

  const teamOnly = () => [media.teamPhoto!, media.teamVideo!, media.teamDocument!, media.teamPrimary!];

  it('by default: photos and videos shared with everyone, never TEAM-only media, no documents, contact, representation or team feedback', async () => {
    const { list, detail, other, mediaIds, bodies } = await seen({});
    expect(mediaIds.sort()).toEqual([media.primary!, media.photo!, media.video!].sort());
    for (const id of teamOnly()) expect(bodies).not.toContain(id);
    expect(bodies).not.toContain('team-only.jpg');
    expect(bodies).not.toContain('notes.pdf');
    expect(bodies).not.toContain('resume.pdf');
    const [first, second] = list.json().items;
    expect(first.primaryPhotoUrl).toEqual(expect.any(String));
    // The TEAM-only primary photo is not the card's photo, in the list or the detail.
    expect(second.primaryPhotoUrl).toBeNull();
    expect(other.json().primaryPhotoUrl).toBeNull();
    expect(other.json().media).toEqual([]);
    for (const item of [first, detail.json()]) {
      expect(item).toMatchObject({ contact: null, representation: null, teamTally: null });
    }
    expect(bodies).not.toContain('+15555550199');
    expect(bodies).not.toContain('Rhea');
    expect(bodies).not.toContain('Shared Agency');
    // Downloads are off by default.
    expect(
      detail.json().media.every((item: { downloadUrl: string | null }) => item.downloadUrl === null),
    ).toBe(true);
  });

  it('each media switch shares exactly its kind (documents on, photos and videos off)', async () => {
    const documentsOnly = await seen({ showPhotos: false, showVideos: false, showDocuments: true });
    expect(documentsOnly.mediaIds).toEqual([media.document!]);
    expect(documentsOnly.list.json().items[0].primaryPhotoUrl).toBeNull();
    expect(documentsOnly.detail.json().primaryPhotoUrl).toBeNull();
    for (const id of teamOnly()) expect(documentsOnly.bodies).not.toContain(id);

    const videosOnly = await seen({ showPhotos: false });
    expect(videosOnly.mediaIds).toEqual([media.video!]);
    const photosOnly = await seen({ showVideos: false });
    expect(photosOnly.mediaIds.sort()).toEqual([media.primary!, media.photo!].sort());
  });

  it('contact details, representation and team feedback appear only when switched on, each on its own', async () => {
    const contact = await seen({ showContactDetails: true });
    for (const item of [contact.list.json().items[0], contact.detail.json()]) {
      expect(item.contact).toEqual({ email: expect.stringContaining('mia'), phone: '+15555550199' });
      expect(item).toMatchObject({ representation: null, teamTally: null });
    }

    const representation = await seen({ showRepresentation: true });
    for (const item of [representation.list.json().items[0], representation.detail.json()]) {
      expect(item.representation).toEqual({ agentName: 'Rhea Rep', agencyName: 'Shared Agency' });
      expect(item).toMatchObject({ contact: null, teamTally: null });
    }
    expect(representation.bodies).not.toContain('+15555550199');

    const feedback = await seen({ showTeamFeedback: true });
    for (const item of [feedback.list.json().items[0], feedback.detail.json()]) {
      expect(item.teamTally).toEqual({ UP_VOTE: 1, DOWN_VOTE: 0, MAYBE: 0 });
      expect(item).toMatchObject({ contact: null, representation: null });
    }
    // The team's votes are counted, never named.
    expect(feedback.bodies).not.toContain(cast.people.PO.user.id);
  });
});
