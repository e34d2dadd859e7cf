import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_SCRIPT_MESSAGES, type AdminRun } from '@casting/domain';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  applicants,
  auditEvents,
  submissions,
  downloadBundles,
  mediaItems,
  projectAccesses,
  projects,
} from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { adminScriptCalls, buildAdminScriptsFixture } from './admin-scripts-fixture';

// Admin scripts run on one project: recounts, the search text, failed media, a transfer of ownership, and purging
// leftovers past their retention.
let t: TestApp;
let cast: Cast;
const { sa, run } = adminScriptCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast } = await buildAdminScriptsFixture());
});
afterAll(() => t.close());

describe('admin scripts', () => {
  it('recounts folders and candidates, and audits the run', async () => {
    const role = await buildRole(cast.project);
    const drifted = await buildApplicant(role, cast.people.PO.user);
    await buildApplicant(role, cast.people.PO.user);
    // An up-vote count that drifted from the votes (as a restore before the recount fix left them; decision 0735).
    const { db: rows } = await testDatabase();
    await rows.update(submissions).set({ upVotes: 3 }).where(eq(submissions.id, drifted.id));
    const done = await run(cast.project.id, { script: 'RECOUNT' });
    expect(done).toMatchObject({ status: 'DONE', progress: 100 });
    expect(done.result).toMatchObject({
      opportunities: expect.any(Number),
      linkCountersFixed: 0,
      upVoteCountsFixed: 1,
    });
    const [repaired] = await rows
      .select({ upVotes: submissions.upVotes })
      .from(submissions)
      .where(eq(submissions.id, drifted.id));
    expect(repaired!.upVotes).toBe(0);
    expect(done.result!.submissions).toBeGreaterThanOrEqual(2);
    expect(done.result!.inFolders).toBeGreaterThanOrEqual(2);
    const { db } = await testDatabase();
    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'admin-script.run'), eq(auditEvents.targetId, cast.project.id)));
    expect(events.some((event) => event.details.script === 'RECOUNT' && event.outcome === 'success')).toBe(
      true,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/projects/admin-scripts/${cast.project.id}`,
      headers: sa(),
    });
    expect(listed.json().items.map((item: AdminRun) => item.id)).toContain(done.id);
  });

  it('rebuilds the search text candidates search reads', async () => {
    const role = await buildRole(cast.project);
    const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Zoë', lastName: 'Åkesson' });
    const { db } = await testDatabase();
    await db.update(applicants).set({ searchText: 'stale' }).where(eq(applicants.id, row.applicantId));
    const done = await run(cast.project.id, { script: 'REBUILD_SEARCH' });
    expect(done.status).toBe('DONE');
    expect(done.result!.changed).toBe(1);
    const [after] = await db.select().from(applicants).where(eq(applicants.id, row.applicantId));
    expect(after!.searchText).toBe('zoe akesson');
  });

  it('queues failed media for another conversion', async () => {
    const role = await buildRole(cast.project);
    const row = await buildApplicant(role, cast.people.PO.user);
    const { db } = await testDatabase();
    const [item] = await db
      .insert(mediaItems)
      .values({
        projectId: cast.project.id,
        applicantId: row.applicantId,
        kind: 'image',
        originalKey: `missing/${row.applicantId}`,
        name: 'headshot.jpg',
        contentType: 'image/jpeg',
        size: 10,
        status: 'FAILED',
        failureReason: 'corrupt',
      })
      .returning();
    const done = await run(cast.project.id, { script: 'REPROCESS_FAILED_MEDIA' });
    expect(done).toMatchObject({ status: 'DONE', result: { requeued: 1 } });
    const [after] = await db.select().from(mediaItems).where(eq(mediaItems.id, item!.id));
    // Queued again (the worker may already have tried and failed once more: the original is missing here).
    expect(after!.failureReason).not.toBe('corrupt');
  });

  it('transfers ownership to a staff account, keeping the previous owner as editor', async () => {
    const project = await buildCast(t.app);
    const refused = await run(project.project.id, {
      script: 'TRANSFER_OWNERSHIP',
      email: 'nobody@example.com',
    });
    expect(refused).toMatchObject({ status: 'FAILED', error: ADMIN_SCRIPT_MESSAGES.newOwnerNotFound });
    const newOwner = project.people.nonMember.user;
    const done = await run(project.project.id, {
      script: 'TRANSFER_OWNERSHIP',
      email: newOwner.email.toUpperCase(),
    });
    expect(done).toMatchObject({ status: 'DONE', result: { newOwner: newOwner.email } });
    const { db } = await testDatabase();
    const [row] = await db.select().from(projects).where(eq(projects.id, project.project.id));
    expect(row!.ownerId).toBe(newOwner.id);
    const team = await db
      .select()
      .from(projectAccesses)
      .where(eq(projectAccesses.projectId, project.project.id));
    expect(team.find((member) => member.userId === newOwner.id)?.scope).toBe('PROJECT_OWNER');
    expect(team.find((member) => member.userId === project.people.PO.user.id)?.scope).toBe('PROJECT_EDITOR');
    const again = await run(project.project.id, { script: 'TRANSFER_OWNERSHIP', email: newOwner.email });
    expect(again).toMatchObject({ status: 'FAILED', error: ADMIN_SCRIPT_MESSAGES.alreadyOwner });
  });

  it('purges leftovers past their retention and keeps what is still within it', async () => {
    const { db } = await testDatabase();
    const role = await buildRole(cast.project);
    const row = await buildApplicant(role, cast.people.PO.user);
    const bundle = (expiresAt: Date) => ({
      projectId: cast.project.id,
      recipientEmail: 'someone@example.com',
      applicantIds: [row.applicantId],
      expiresAt,
    });
    const [expired] = await db
      .insert(downloadBundles)
      .values(bundle(new Date(Date.now() - 60_000)))
      .returning();
    const [current] = await db
      .insert(downloadBundles)
      .values(bundle(new Date(Date.now() + 86_400_000)))
      .returning();
    const done = await run(cast.project.id, { script: 'PURGE_RETAINED' });
    expect(done).toMatchObject({ status: 'DONE', result: { downloads: 1 } });
    const left = await db
      .select()
      .from(downloadBundles)
      .where(eq(downloadBundles.projectId, cast.project.id));
    expect(left.map((b) => b.id)).toEqual([current!.id]);
    expect(left.map((b) => b.id)).not.toContain(expired!.id);
  });
});
