import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { ADMIN_SCRIPT_MESSAGES, searchFold, UPLOAD_FAILURE_LIMITS } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import {
  adminScriptRuns,
  applicants,
  downloadBundles,
  folderMemberships,
  folders,
  mediaUploadFailures,
  mediaUploads,
  projectAccesses,
  projects,
  roles,
  shareLinks,
  submissions,
  users,
  votes,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { reprocessFailedMedia } from '../media';
import { rowsOf } from '../../platform/db/rows';

export type Progress = (percent: number) => Promise<void>;
export type ScriptResult = Record<string, unknown>;

/**
 * Counts every folder's and opportunity's candidates again (what the workspace shows) and repairs the stored
 * counters that can drift: a link's submission count, kept by the apply page as submissions arrive, and each
 * submission's up-vote count (the key of the list's votes sort, kept by triggers on votes; a project restored before
 * the restore recounted them carried its source's counts on top of the restored votes).
 */
export async function recount(
  context: AppContext,
  projectId: string,
  progress: Progress,
): Promise<ScriptResult> {
  const { db } = context.database;
  const perFolder = await db
    .select({ folderId: folders.id, count: sql<number>`count(${folderMemberships.submissionId})::int` })
    .from(folders)
    .leftJoin(folderMemberships, eq(folderMemberships.folderId, folders.id))
    .where(eq(folders.projectId, projectId))
    .groupBy(folders.id);
  await progress(30);
  const perRole = await db
    .select({ roleId: roles.id, count: sql<number>`count(${submissions.id})::int` })
    .from(roles)
    .leftJoin(submissions, eq(submissions.roleId, roles.id))
    .where(eq(roles.projectId, projectId))
    .groupBy(roles.id);
  await progress(60);
  const fixed = await db.execute(sql`
    update ${shareLinks} l set submission_count = c.actual
    from (
      select l2.id, (select count(*)::int from ${submissions} s where s.share_link_id = l2.id) as actual
      from ${shareLinks} l2 where l2.project_id = ${projectId}::uuid
    ) c
    where l.id = c.id and l.submission_count <> c.actual
    returning l.id`);
  const votesFixed = await db.execute(sql`
    update ${submissions} s set up_votes = c.actual
    from (
      select s2.id, (select count(*)::int from ${votes} v where v.submission_id = s2.id and v.vote = 'UP_VOTE') as actual
      from ${submissions} s2 where s2.project_id = ${projectId}::uuid
    ) c
    where s.id = c.id and s.up_votes <> c.actual
    returning s.id`);
  const [people] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(applicants)
    .where(eq(applicants.projectId, projectId));
  return {
    folders: perFolder.length,
    inFolders: perFolder.reduce((sum, row) => sum + row.count, 0),
    opportunities: perRole.length,
    submissions: perRole.reduce((sum, row) => sum + row.count, 0),
    candidates: people?.count ?? 0,
    linkCountersFixed: rowsOf(fixed).length,
    upVoteCountsFixed: rowsOf(votesFixed).length,
  };
}

/**
 * Rebuilds what the candidates search reads: each applicant's folded search text (names and e-mail, lower case,
 * accents removed, the same fold the query uses), 500 at a time in id order. The trigram index follows the rows.
 */
export async function rebuildSearch(
  context: AppContext,
  projectId: string,
  progress: Progress,
): Promise<ScriptResult> {
  const { db } = context.database;
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(applicants)
    .where(eq(applicants.projectId, projectId));
  let after = '00000000-0000-0000-0000-000000000000';
  let seen = 0;
  let changed = 0;
  for (;;) {
    const batch = await db
      .select({
        id: applicants.id,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        email: applicants.email,
        searchText: applicants.searchText,
      })
      .from(applicants)
      .where(and(eq(applicants.projectId, projectId), sql`${applicants.id} > ${after}::uuid`))
      .orderBy(applicants.id)
      .limit(500);
    if (batch.length === 0) break;
    for (const row of batch) {
      const text = searchFold(`${row.firstName} ${row.lastName} ${row.email ?? ''}`.trim());
      if (text !== row.searchText) {
        await db.update(applicants).set({ searchText: text }).where(eq(applicants.id, row.id));
        changed++;
      }
    }
    seen += batch.length;
    after = batch.at(-1)!.id;
    await progress(Math.min(99, Math.round((seen / Math.max(total?.count ?? 1, 1)) * 100)));
  }
  return { candidates: seen, changed };
}

export async function reprocessMedia(context: AppContext, projectId: string): Promise<ScriptResult> {
  return { requeued: await reprocessFailedMedia(context, projectId) };
}

const OWNER_ROLES = ['SUPER_ADMIN', 'CASTING_DIRECTOR', 'CASTING_ASSISTANT'];

/**
 * Makes another staff account the owner (the roles that may create projects, decision 0010): `owner_id` moves, the
 * new owner's team row becomes PROJECT_OWNER (added if they were not on the team), and the previous owner stays as
 * PROJECT_EDITOR so nobody loses the work they were doing. One transaction.
 */
export async function transferOwnership(
  context: AppContext,
  projectId: string,
  email: string | undefined,
): Promise<ScriptResult> {
  if (!email) throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.newOwnerEmailRequired);
  return context.database.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, email: users.email, roleCode: users.roleCode })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!target || !OWNER_ROLES.includes(target.roleCode)) {
      throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.newOwnerNotFound);
    }
    const [project] = await tx
      .select({ ownerId: projects.ownerId })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!project) throw new AppError('NOT_FOUND', ADMIN_SCRIPT_MESSAGES.runNotFound);
    if (project.ownerId === target.id) throw new AppError('CONFLICT', ADMIN_SCRIPT_MESSAGES.alreadyOwner);
    const [previous] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, project.ownerId));
    await tx
      .update(projectAccesses)
      .set({ scope: 'PROJECT_EDITOR' })
      .where(
        and(
          eq(projectAccesses.projectId, projectId),
          eq(projectAccesses.userId, project.ownerId),
          eq(projectAccesses.scope, 'PROJECT_OWNER'),
        ),
      );
    const lowered = target.email.toLowerCase();
    await tx
      .insert(projectAccesses)
      .values({
        projectId,
        userId: target.id,
        email: lowered,
        scope: 'PROJECT_OWNER',
        acceptedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [projectAccesses.projectId, projectAccesses.email],
        set: { scope: 'PROJECT_OWNER', userId: target.id, acceptedAt: new Date() },
      });
    await tx.update(projects).set({ ownerId: target.id }).where(eq(projects.id, projectId));
    return { previousOwner: previous?.email ?? null, newOwner: target.email };
  });
}

/** How long each kind of leftover is kept before this script (or housekeeping) may delete it. */
export const RETENTION = {
  openUploadHours: 24,
  unattachedUploadDays: 7,
  uploadReportDays: UPLOAD_FAILURE_LIMITS.keepDays,
  exportDays: 7,
};

/**
 * Nothing in a project is soft-deleted (deleting media removes it at once, decision 0353); what a project keeps only
 * for a while are leftovers: uploads never finished or never attached, expired zip downloads, browser upload-failure
 * reports, and this page's own exports. Each past its retention is deleted with its stored file.
 */
export async function purgeRetained(
  context: AppContext,
  projectId: string,
  progress: Progress,
): Promise<ScriptResult> {
  const { db } = context.database;
  const { storage } = context;
  const uploads = await db
    .delete(mediaUploads)
    .where(
      and(
        eq(mediaUploads.projectId, projectId),
        or(
          and(
            eq(mediaUploads.state, 'OPEN'),
            lt(mediaUploads.createdAt, sql`now() - make_interval(hours => ${RETENTION.openUploadHours})`),
          ),
          and(
            eq(mediaUploads.state, 'COMPLETED'),
            lt(mediaUploads.updatedAt, sql`now() - make_interval(days => ${RETENTION.unattachedUploadDays})`),
          ),
        ),
      ),
    )
    .returning({ key: mediaUploads.objectKey, multipartId: mediaUploads.multipartId });
  for (const upload of uploads) {
    if (upload.multipartId)
      await storage.abortMultipart(upload.key, upload.multipartId).catch(() => undefined);
    await storage.delete(upload.key).catch(() => undefined);
  }
  await progress(40);
  const bundles = await db
    .delete(downloadBundles)
    .where(and(eq(downloadBundles.projectId, projectId), lt(downloadBundles.expiresAt, sql`now()`)))
    .returning({ key: downloadBundles.objectKey });
  for (const bundle of bundles) if (bundle.key) await storage.delete(bundle.key).catch(() => undefined);
  await progress(70);
  const reports = await db
    .delete(mediaUploadFailures)
    .where(
      and(
        eq(mediaUploadFailures.projectId, projectId),
        lt(mediaUploadFailures.createdAt, sql`now() - make_interval(days => ${RETENTION.uploadReportDays})`),
      ),
    )
    .returning({ id: mediaUploadFailures.id });
  const exports = await db
    .select({ id: adminScriptRuns.id, key: adminScriptRuns.fileKey })
    .from(adminScriptRuns)
    .where(
      and(
        eq(adminScriptRuns.projectId, projectId),
        eq(adminScriptRuns.script, 'EXPORT_PROJECT'),
        sql`${adminScriptRuns.fileKey} is not null`,
        lt(adminScriptRuns.finishedAt, sql`now() - make_interval(days => ${RETENTION.exportDays})`),
      ),
    );
  for (const run of exports) await storage.delete(run.key!).catch(() => undefined);
  if (exports.length > 0) {
    await db
      .update(adminScriptRuns)
      .set({ fileKey: null })
      .where(
        inArray(
          adminScriptRuns.id,
          exports.map((run) => run.id),
        ),
      );
  }
  return {
    uploads: uploads.length,
    downloads: bundles.length,
    uploadReports: reports.length,
    exports: exports.length,
  };
}
