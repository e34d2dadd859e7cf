import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import {
  applicantRepresentatives,
  applicantTags,
  mediaIssueReports,
  mediaItems,
  submissions,
  votes,
} from '../../src/platform/db/schema';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildApplicant, buildTag, placeInFolder, systemFolder } from '../support/candidates';
import { buildAgency, buildAgent } from '../links/helpers';

// A talent submitter reaches only the candidates in the submitter folders: every call naming candidates answers for
// one outside them exactly as for an id that does not exist, and writes nothing.
let t: TestApp;
let cast: Cast;
let role: Role;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project, { name: 'Lead' });
});
afterAll(() => t.close());

/** A candidate another agency submitted straight to the team (no submitter folder), with a tag, a photo and an agent. */
async function othersCandidate() {
  const { db } = await testDatabase();
  const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Other' });
  const tag = await buildTag(cast.project);
  await db
    .insert(applicantTags)
    .values({ applicantId: row.applicantId, tagId: tag.id, projectId: role.projectId });
  const [media] = await db
    .insert(mediaItems)
    .values({
      projectId: role.projectId,
      applicantId: row.applicantId,
      kind: 'image',
      originalKey: `originals/${randomUUID()}`,
      name: 'head.jpg',
      contentType: 'image/jpeg',
      size: 10,
    })
    .returning();
  const agency = await buildAgency();
  const agent = await buildAgent(agency.id);
  await db.insert(applicantRepresentatives).values({
    projectId: role.projectId,
    applicantId: row.applicantId,
    agentId: agent.id,
    agencyId: agency.id,
    claimTokenHash: randomUUID(),
  });
  return { row, tag, media: media!, agent };
}

/** A candidate in the submitter's review queue. */
async function ownCandidate() {
  const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Own' });
  await placeInFolder(row, await systemFolder(role, 'TS_FOR_REVIEW'), role.projectId);
  return row;
}

const asTs = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: cast.headers('TS'), ...(payload ? { payload } : {}) });

/** What a refusal says, without the ids it names (those differ between the two calls compared). */
const answer = (res: { statusCode: number; json: () => Record<string, unknown> }) => ({
  status: res.statusCode,
  code: res.json().code,
  message: res.json().message,
});

describe('a talent submitter names candidates outside the submitter folders', () => {
  it('removes and adds no tags: answered as for an unknown id, tags unchanged', async () => {
    const other = await othersCandidate();
    const own = await ownCandidate();
    const url = `/api/projects/${cast.project.id}/applicants/tags/remove`;
    const unknown = await asTs('POST', url, { applicantIds: [randomUUID()], tagIds: [other.tag.id] });
    expect(unknown.statusCode).toBe(404);
    for (const ids of [[other.row.id], [own.id, other.row.id]]) {
      const refused = await asTs('POST', url, { applicantIds: ids, tagIds: [other.tag.id] });
      expect(answer(refused)).toEqual(answer(unknown));
      const added = await asTs('POST', url.replace('/remove', '/add'), {
        applicantIds: ids,
        tagIds: [other.tag.id],
      });
      expect(answer(added)).toEqual(answer(unknown));
    }
    const { db } = await testDatabase();
    const left = await db
      .select()
      .from(applicantTags)
      .where(inArray(applicantTags.applicantId, [other.row.applicantId, own.applicantId]));
    expect(left.map((row) => row.applicantId)).toEqual([other.row.applicantId]);
  });

  it('votes on, deletes and moves none of them, as for an unknown id', async () => {
    const other = await othersCandidate();
    const own = await ownCandidate();
    const base = `/api/projects/${cast.project.id}/applicants`;
    const calls: [string, Record<string, unknown>][] = [
      ['votes', { vote: 'MAYBE' }],
      ['delete', {}],
      ['folders/add', { folderId: await systemFolder(role, 'TS_HOLD_LATER') }],
    ];
    for (const [path, body] of calls) {
      const unknown = await asTs('POST', `${base}/${path}`, { ...body, applicantIds: [randomUUID()] });
      expect(unknown.statusCode, path).toBe(404);
      const refused = await asTs('POST', `${base}/${path}`, {
        ...body,
        applicantIds: [own.id, other.row.id],
      });
      expect(answer(refused), path).toEqual(answer(unknown));
    }
    const { db } = await testDatabase();
    expect(await db.select().from(submissions).where(eq(submissions.id, other.row.id))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(votes)
        .where(inArray(votes.submissionId, [own.id, other.row.id])),
    ).toEqual([]);
  });

  it('reports no media issue on them, as for an unknown id, and nothing is recorded', async () => {
    const other = await othersCandidate();
    const report = (applicantId: string, mediaId: string) =>
      asTs('POST', '/api/applicants/admin/report-media-issue', {
        applicantId,
        applicantMediaId: mediaId,
        channel: 'SLACK',
        description: 'Wrong person in the photo',
      });
    const unknown = await report(other.row.applicantId, randomUUID());
    expect(unknown.statusCode).toBe(404);
    const refused = await report(other.row.applicantId, other.media.id);
    expect(answer(refused)).toEqual(answer(unknown));
    const { db } = await testDatabase();
    expect(
      await db.select().from(mediaIssueReports).where(eq(mediaIssueReports.mediaId, other.media.id)),
    ).toEqual([]);
  });

  it('reads none of their agents’ e-mails, as for an unknown id, alone or beside their own candidate', async () => {
    const other = await othersCandidate();
    const own = await ownCandidate();
    const read = (ids: string[]) =>
      asTs('GET', `/api/applicants/representatives?${ids.map((id) => `applicantIds[]=${id}`).join('&')}`);
    const unknown = await read([own.applicantId, randomUUID()]);
    expect(unknown.statusCode).toBe(400);
    for (const ids of [[other.row.applicantId], [own.applicantId, other.row.applicantId]]) {
      const refused = await read(ids);
      expect(refused.json()).toEqual(unknown.json());
      expect(refused.body).not.toContain(other.agent.email);
    }
    // Their own candidate's representation stays readable.
    expect((await read([own.applicantId])).statusCode).toBe(200);
  });
});
