import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  CANDIDATE_MESSAGES,
  FEEDBACK_FOLDERS,
  SUBMITTER_FEEDBACK_FOLDERS,
  type ApplicantSortRequest,
  type BulkResult,
  type Feedback,
  type FolderMembershipRequest,
  type ProjectActor,
  type TagApplyRequest,
  type VoteRequest,
  type VoteType,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { rowsOf } from '../../../platform/db/rows';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  submissions,
  tags,
  votes,
} from '../../../platform/db/schema';
import { fieldErrors } from '../../../platform/errors';
import { addToFolders } from './applicant-add';
import {
  assertFolderSetFor,
  folderInProject,
  projectSettings,
  rowsInProject,
  uuidArray,
  type RowInfo,
} from './project-rows';
import { assertSubmitterMay } from './submitter-actions';
import { publishApplicantsUpdated } from './live';
import type { Events } from '../../../platform/events';
import type { Jobs } from '../../../platform/jobs/ports';
import { emitWebhookEvent } from '../../webhooks';
import { emitFolderChanged, emitMembershipChanges, type FolderMembership } from './folder-events';

/** The opportunity of the rows when they share one (the live event names it), else undefined. */
function oneRole(rows: readonly RowInfo[]): string | undefined {
  const roles = new Set(rows.map((row) => row.roleId));
  return roles.size === 1 ? rows[0]?.roleId : undefined;
}

const VOTE_FEEDBACK: Partial<Record<VoteType, Feedback>> = {
  UP_VOTE: 'YES',
  DOWN_VOTE: 'NO',
  MAYBE: 'MAYBE',
};
const TS_VOTE_ACTION = {
  UP_VOTE: 'UP_VOTE',
  DOWN_VOTE: 'DOWN_VOTE',
  MAYBE: 'MAYBE_VOTE',
  HIDE: 'HIDE',
  UNHIDE: 'HIDE',
} as const;

/** Folders of one set: a talent submitter works in the submitter folders, everyone else in the regular ones. */
const folderSetFilter = (actor: ProjectActor) =>
  actor === 'TS'
    ? sql`left(f.system_alias, 3) = 'TS_'`
    : sql`(f.system_alias is null or left(f.system_alias, 3) <> 'TS_')`;

/** Removes rows from folders of their opportunity chosen by a condition on the folder `f`; answers what left. */
async function removeFromFolders(
  tx: Queryable,
  submissionIds: readonly string[],
  folderCondition: ReturnType<typeof sql>,
): Promise<FolderMembership[]> {
  const left = await tx.execute(sql`
    delete from ${folderMemberships} m using ${folders} f
    where f.id = m.folder_id and m.submission_id = any(${uuidArray(submissionIds)}::uuid[]) and ${folderCondition}
    returning m.folder_id as "folderId", m.submission_id as "submissionId"`);
  return rowsOf<FolderMembership>(left);
}

/** Puts each row into the folder of its own opportunity that carries an alias (SELECTS, TS_HIDDEN...), if any. */
async function addToAliasFolder(tx: Queryable, projectId: string, rows: readonly RowInfo[], alias: string) {
  const targets = await tx
    .select({ id: folders.id, roleId: folders.roleId })
    .from(folders)
    .where(
      and(
        eq(folders.systemAlias, alias),
        inArray(folders.roleId, [...new Set(rows.map((row) => row.roleId))]),
      ),
    );
  const added: FolderMembership[] = [];
  for (const target of targets) {
    const ids = rows.filter((row) => row.roleId === target.roleId).map((row) => row.id);
    added.push(...(await addToFolders(tx, projectId, [target.id], ids)));
  }
  return added;
}

/**
 * Votes for one or many rows, in one transaction. UP_VOTE, DOWN_VOTE and MAYBE record the caller's vote and move the
 * candidate to the feedback folder of the vote (YES to SELECTS, NO to VIEWED, MAYBE to MAYBE; for a talent
 * submitter YES to TS_NEW_SUBMISSIONS, NO to TS_HIDDEN, MAYBE to TS_HOLD_LATER), out of the set's other feedback
 * folders; when the opportunity lacks that folder the vote is still recorded. HIDE puts the candidate in the hidden
 * folder of the caller's set, UNHIDE takes them out.
 */
export async function vote(
  db: Db,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  request: VoteRequest,
  events?: Events,
  jobs?: Jobs,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = await rowsInProject(tx, projectId, request.applicantIds, actor);
    assertSubmitterMay(actor, rows, TS_VOTE_ACTION[request.vote]);
    await publishApplicantsUpdated(events, tx, projectId, 'VOTE', rows.length, oneRole(rows));
    const ids = rows.map((row) => row.id);
    const submitter = actor === 'TS';
    const hidden = submitter ? 'TS_HIDDEN' : 'HIDDEN';
    if (request.vote === 'HIDE' || request.vote === 'UNHIDE') {
      // Already hidden ones (for HIDE) or shown ones (for UNHIDE) are left as they are and counted apart, so the
      // caller can say that nothing changed for them rather than claim it did.
      const before = await tx
        .select({ id: folderMemberships.submissionId })
        .from(folderMemberships)
        .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
        .where(and(inArray(folderMemberships.submissionId, ids), eq(folders.systemAlias, hidden)));
      const wasHidden = new Set(before.map((row) => row.id));
      if (request.vote === 'HIDE') {
        const toHide = rows.filter((row) => !wasHidden.has(row.id));
        const added = await addToAliasFolder(tx, projectId, toHide, hidden);
        await emitMembershipChanges(jobs, tx, projectId, { added, removed: [] });
        return { count: toHide.length, unchanged: rows.length - toHide.length };
      }
      const removed = await removeFromFolders(tx, [...wasHidden], sql`f.system_alias = ${hidden}`);
      await emitMembershipChanges(jobs, tx, projectId, { added: [], removed });
      return { count: wasHidden.size, unchanged: rows.length - wasHidden.size };
    }
    const feedback = VOTE_FEEDBACK[request.vote] as Feedback;
    await tx
      .insert(votes)
      .values(rows.map((row) => ({ submissionId: row.id, userId, projectId, vote: request.vote })))
      .onConflictDoUpdate({
        target: [votes.submissionId, votes.userId],
        set: { vote: request.vote, updatedAt: new Date() },
      });
    await emitWebhookEvent(jobs, tx, 'vote.changed', {
      projectId,
      userId,
      vote: request.vote,
      submissionIds: ids,
    });
    const mapping = submitter ? SUBMITTER_FEEDBACK_FOLDERS : FEEDBACK_FOLDERS;
    const target = mapping[feedback];
    const settings = await projectSettings(tx, projectId);
    // One folder only: the candidate leaves every other folder of the set; otherwise only the other feedback folders.
    const others = settings.applicantOnlyInOneFolder
      ? sql`${folderSetFilter(actor)} and f.system_alias is distinct from ${target}`
      : sql`f.system_alias = any(${`{${Object.values(mapping)
          .filter((alias) => alias !== target)
          .join(',')}}`}::text[])`;
    // The folder moves a vote causes are folder changes like any other (decision 0794).
    const removed = await removeFromFolders(tx, ids, others);
    const added = await addToAliasFolder(tx, projectId, rows, target);
    await emitMembershipChanges(jobs, tx, projectId, { added, removed });
    return { count: rows.length };
  });
}

/** The rows of a folder request, checked against the folder's opportunity and the caller's folder set. */
async function folderRequest(
  tx: Queryable,
  projectId: string,
  actor: ProjectActor,
  request: FolderMembershipRequest,
) {
  const folder = await folderInProject(tx, projectId, request.folderId);
  assertFolderSetFor(actor, folder, 'body.folderId');
  const rows = await rowsInProject(tx, projectId, request.applicantIds, actor);
  if (rows.some((row) => row.roleId !== folder.roleId)) {
    throw fieldErrors([{ path: 'body.applicantIds', message: CANDIDATE_MESSAGES.notInFolderRole }]);
  }
  return { folder, rows };
}

/**
 * Adds rows to a folder. With `settings.applicantOnlyInOneFolder` the candidate leaves the other folders of the same
 * set (regular or submitter), so it is in one folder at a time.
 */
export async function addToFolder(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  request: FolderMembershipRequest,
  events?: Events,
  jobs?: Jobs,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const { folder, rows } = await folderRequest(tx, projectId, actor, request);
    assertSubmitterMay(actor, rows, 'MOVE');
    await publishApplicantsUpdated(events, tx, projectId, 'FOLDER_ADD', rows.length, folder.roleId);
    const ids = rows.map((row) => row.id);
    const settings = await projectSettings(tx, projectId);
    if (settings.applicantOnlyInOneFolder) {
      const removed = await removeFromFolders(
        tx,
        ids,
        sql`${folderSetFilter(actor)} and f.id <> ${folder.id}`,
      );
      await emitMembershipChanges(jobs, tx, projectId, { added: [], removed });
    }
    await addToFolders(tx, projectId, [folder.id], ids);
    await emitFolderChanged(jobs, tx, {
      projectId,
      opportunityId: folder.roleId,
      folderId: folder.id,
      change: 'ADDED',
      submissionIds: ids,
    });
    return { count: rows.length };
  });
}

export async function removeFromFolder(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  request: FolderMembershipRequest,
  events?: Events,
  jobs?: Jobs,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const { folder, rows } = await folderRequest(tx, projectId, actor, request);
    assertSubmitterMay(actor, rows, 'MOVE');
    await publishApplicantsUpdated(events, tx, projectId, 'FOLDER_REMOVE', rows.length, folder.roleId);
    await emitFolderChanged(jobs, tx, {
      projectId,
      opportunityId: folder.roleId,
      folderId: folder.id,
      change: 'REMOVED',
      submissionIds: rows.map((row) => row.id),
    });
    await tx.delete(folderMemberships).where(
      and(
        eq(folderMemberships.folderId, folder.id),
        inArray(
          folderMemberships.submissionId,
          rows.map((row) => row.id),
        ),
      ),
    );
    return { count: rows.length };
  });
}

/**
 * The folder's manual order: the listed rows first, in the order given, then the folder's other rows in their
 * previous order. Every listed row must be in the folder.
 */
export async function sortFolder(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  folderId: string,
  request: ApplicantSortRequest,
  events?: Events,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const folder = await folderInProject(tx, projectId, folderId, { lock: true });
    assertFolderSetFor(actor, folder, 'params.folderId');
    const ordered = [...new Set(request.applicantFolders.map((id) => id.toLowerCase()))];
    const members = await tx
      .select({ id: folderMemberships.submissionId })
      .from(folderMemberships)
      .where(
        and(eq(folderMemberships.folderId, folder.id), inArray(folderMemberships.submissionId, ordered)),
      );
    if (members.length !== ordered.length) {
      throw fieldErrors([{ path: 'body.applicantFolders', message: CANDIDATE_MESSAGES.notInFolder }]);
    }
    await tx.execute(sql`
      update ${folderMemberships} m set position = ranked.position
      from (
        select x.id, x.ord as position from unnest(${uuidArray(ordered)}::uuid[]) with ordinality as x(id, ord)
        union all
        select rest.submission_id, ${ordered.length} + row_number() over (order by rest.position, rest.submission_id)
        from ${folderMemberships} rest
        where rest.folder_id = ${folder.id} and not (rest.submission_id = any(${uuidArray(ordered)}::uuid[]))
      ) ranked
      where m.folder_id = ${folder.id} and m.submission_id = ranked.id`);
    await publishApplicantsUpdated(events, tx, projectId, 'SORT', ordered.length, folder.roleId);
    return { count: ordered.length };
  });
}

/** Tag ids of the request must be this project's tags; else a field error naming `body.tagIds`. */
async function assertTags(tx: Queryable, projectId: string, tagIds: readonly string[]) {
  const unique = [...new Set(tagIds)];
  const known = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.projectId, projectId), inArray(tags.id, unique)));
  if (known.length !== unique.length) {
    throw fieldErrors([{ path: 'body.tagIds', message: CANDIDATE_MESSAGES.unknownTag }]);
  }
  return unique;
}

/** Applies tags to the people behind the rows (a tag belongs to the person within the project). */
export async function applyTags(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  request: TagApplyRequest,
  events?: Events,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = await rowsInProject(tx, projectId, request.applicantIds, actor);
    const tagIds = await assertTags(tx, projectId, request.tagIds);
    await publishApplicantsUpdated(events, tx, projectId, 'TAGS_ADD', rows.length, oneRole(rows));
    const people = [...new Set(rows.map((row) => row.applicantId))];
    await tx
      .insert(applicantTags)
      .values(people.flatMap((applicantId) => tagIds.map((tagId) => ({ applicantId, tagId, projectId }))))
      .onConflictDoNothing();
    return { count: rows.length };
  });
}

export async function removeTags(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  request: TagApplyRequest,
  events?: Events,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = await rowsInProject(tx, projectId, request.applicantIds, actor);
    const tagIds = await assertTags(tx, projectId, request.tagIds);
    await publishApplicantsUpdated(events, tx, projectId, 'TAGS_REMOVE', rows.length, oneRole(rows));
    await tx.delete(applicantTags).where(
      and(
        inArray(
          applicantTags.applicantId,
          rows.map((row) => row.applicantId),
        ),
        inArray(applicantTags.tagId, tagIds),
      ),
    );
    return { count: rows.length };
  });
}

/**
 * Deletes rows (submissions) with their folder places and votes; a person left with no submission in the project
 * is deleted too, so a later application with the same e-mail starts afresh.
 */
export async function deleteRows(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  applicantIds: readonly string[],
  events?: Events,
  jobs?: Jobs,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const rows = await rowsInProject(tx, projectId, applicantIds, actor);
    assertSubmitterMay(actor, rows, 'DELETE');
    await publishApplicantsUpdated(events, tx, projectId, 'DELETE', rows.length, oneRole(rows));
    const ids = rows.map((row) => row.id);
    const people = [...new Set(rows.map((row) => row.applicantId))];
    // A deleted row leaves its folders with it: told like any removal.
    const removed = await tx
      .select({ folderId: folderMemberships.folderId, submissionId: folderMemberships.submissionId })
      .from(folderMemberships)
      .where(inArray(folderMemberships.submissionId, ids));
    await emitMembershipChanges(jobs, tx, projectId, { added: [], removed });
    await tx.delete(submissions).where(inArray(submissions.id, ids));
    const stillSubmitted = tx
      .select({ id: submissions.applicantId })
      .from(submissions)
      .where(inArray(submissions.applicantId, people));
    await tx
      .delete(applicants)
      .where(and(inArray(applicants.id, people), notInArray(applicants.id, stillSubmitted)));
    return { count: rows.length };
  });
}
