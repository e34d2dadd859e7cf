import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { type Cast } from '../support/projects';
import { buildApplicant, buildTag } from '../support/candidates';
import { testDatabase } from '../support/database';
import {
  chatMessages,
  chatThreads,
  applicantTags,
  mediaItems,
  people,
  personMerges,
  submissions,
  votes,
} from '../../src/platform/db/schema';
import { buildRosterFixture, rosterCalls } from './roster-fixture';

// Likely duplicates in the office roster and merging two people into one, in one transaction.
let t: TestApp;
let cast: Cast;
let other: Cast;
let role: Role;
let otherRole: Role;
const { api, personOf } = rosterCalls(() => t);

beforeAll(async () => {
  ({ t, cast, other, role, otherRole } = await buildRosterFixture());
});
afterAll(() => t.close());

describe('likely duplicates and merging', () => {
  it('proposes same names and birth date as a likely duplicate, and a dismissed pair no more', async () => {
    const last = `Twin${randomUUID().slice(0, 6)}`;
    const a = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Jo',
      lastName: last,
      email: `jo-a-${last}@example.com`,
      dateOfBirth: '1991-02-03',
    });
    const b = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'JO',
      lastName: last.toLowerCase(),
      email: `jo-b-${last}@example.com`,
      dateOfBirth: '1991-02-03',
    });
    const ids = [await personOf(a.applicantId), await personOf(b.applicantId)];
    expect(ids[0]).not.toBe(ids[1]);
    const pairs = async () => {
      const found: { a: { id: string }; b: { id: string } }[] = [];
      let cursor: string | null = null;
      do {
        const res = await api(
          'GET',
          `/roster/duplicates?limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          cast.headers('SA'),
        );
        expect(res.statusCode, res.body).toBe(200);
        found.push(...res.json().items);
        cursor = res.json().nextCursor;
      } while (cursor);
      return found.filter((pair) => ids.includes(pair.a.id) && ids.includes(pair.b.id));
    };
    expect(await pairs()).toHaveLength(1);
    const profile = await api('GET', `/roster/people/${ids[0]}`, cast.headers('SA'));
    expect(profile.json().likelyDuplicates.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    const dismissed = await api('POST', '/roster/duplicates/dismiss', cast.headers('PO'), { personIds: ids });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await pairs()).toHaveLength(0);
  });

  it('merges in one transaction keeping every submission, vote, tag, message and media item', async () => {
    const last = `Merge${randomUUID().slice(0, 6)}`;
    const kept = await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Kim',
      lastName: last,
      email: `kim-${last}@example.com`,
      dateOfBirth: '1988-08-08',
    });
    const gone = await buildApplicant(otherRole, other.people.PO.user, {
      firstName: 'Kim',
      lastName: last,
      phone: '+15557654321',
      dateOfBirth: '1988-08-08',
    });
    const keptId = await personOf(kept.applicantId);
    const goneId = await personOf(gone.applicantId);
    const { db } = await testDatabase();
    const projectTag = await buildTag(other.project, 'Stunts');
    await db
      .insert(applicantTags)
      .values({ applicantId: gone.applicantId, tagId: projectTag.id, projectId: other.project.id });
    await db.insert(votes).values({
      submissionId: gone.id,
      userId: other.people.PO.user.id,
      projectId: other.project.id,
      vote: 'UP_VOTE',
    });
    await db.insert(mediaItems).values({
      projectId: other.project.id,
      applicantId: gone.applicantId,
      kind: 'image',
      originalKey: `k/${randomUUID()}`,
      name: 'headshot.jpg',
      contentType: 'image/jpeg',
      size: 10,
    });
    const [thread] = await db
      .insert(chatThreads)
      .values({ projectId: other.project.id, applicantId: gone.applicantId })
      .returning();
    await db.insert(chatMessages).values({
      threadId: thread!.id,
      projectId: other.project.id,
      authorKind: 'TEAM',
      authorName: 'Olivia Owner',
      body: 'Are you free in June?',
    });
    const officeTag = await api('POST', '/roster/tags', cast.headers('SA'), { name: `Merge ${last}` });
    await api('POST', `/roster/people/${goneId}/tags`, cast.headers('SA'), { tagId: officeTag.json().id });
    await api('POST', `/roster/people/${goneId}/notes`, cast.headers('SA'), {
      body: 'Note on the duplicate.',
    });

    // A person who does not exist: refused, nothing moved.
    const missing = await api('POST', `/roster/people/${keptId}/merge`, cast.headers('SA'), {
      mergedPersonId: randomUUID(),
    });
    expect(missing.statusCode).toBe(400);
    expect(await personOf(gone.applicantId)).toBe(goneId);

    const res = await api('POST', `/roster/people/${keptId}/merge`, cast.headers('PO'), {
      mergedPersonId: goneId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: keptId, movedApplicants: 1 });
    expect(await personOf(gone.applicantId)).toBe(keptId);
    expect(await db.select().from(people).where(eq(people.id, goneId))).toHaveLength(0);
    expect(
      await db.select().from(submissions).where(eq(submissions.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(await db.select().from(votes).where(eq(votes.submissionId, gone.id))).toHaveLength(1);
    expect(
      await db.select().from(mediaItems).where(eq(mediaItems.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(
      await db.select().from(applicantTags).where(eq(applicantTags.applicantId, gone.applicantId)),
    ).toHaveLength(1);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.threadId, thread!.id))).toHaveLength(1);
    const [merge] = await db.select().from(personMerges).where(eq(personMerges.mergedPersonId, goneId));
    expect(merge?.keptPersonId).toBe(keptId);

    const profile = (await api('GET', `/roster/people/${keptId}`, cast.headers('SA'))).json();
    expect(profile).toMatchObject({
      phone: '+15557654321',
      projectCount: 2,
      notes: [{ body: 'Note on the duplicate.' }],
    });
    expect(profile.tags.map((tag: { id: string }) => tag.id)).toEqual([officeTag.json().id]);
    expect(profile.applications.flatMap((a: { submissions: unknown[] }) => a.submissions)).toHaveLength(2);
    expect(profile.applications.flatMap((a: { media: unknown[] }) => a.media)).toHaveLength(1);
    // The audit log records who merged whom.
    const audit = await db.execute(
      sql`select action, target_id from audit_events where action = 'roster.merge' and outcome = 'success' and target_id = ${keptId}`,
    );
    const rows = Array.isArray(audit) ? audit : (audit as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(1);
  });
});
