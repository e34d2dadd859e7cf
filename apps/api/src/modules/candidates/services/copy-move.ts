import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CANDIDATE_MESSAGES,
  isFolderChoiceAllowed,
  type BulkResult,
  type CopyMoveRequest,
  type ProjectActor,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { isUuid } from '../../../platform/db/ids';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  roles,
  submissions,
  tags,
  votes,
} from '../../../platform/db/schema';
import { rowsOf } from '../../../platform/db/rows';
import { AppError, fieldErrors, notFound } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs/ports';
import { addToFolders, searchTextOf } from './applicant-add';
import { projectSettings, rowsInProject, uuidArray } from './project-rows';
import { assertSubmitterMay } from './submitter-actions';
import { publishApplicantsUpdated } from './live';
import type { Events } from '../../../platform/events';
import { emitMembershipChanges, type FolderMembership } from './folder-events';
import { copyNotes } from '../../notes';

/** The project of the destination opportunity, so the route can check the caller's permission there first. */
export async function projectOfRole(db: Queryable, roleId: string | null | undefined): Promise<string> {
  if (!roleId || !isUuid(roleId)) throw notFound('The opportunity');
  const [row] = await db.select({ projectId: roles.projectId }).from(roles).where(eq(roles.id, roleId));
  if (!row) throw notFound('The opportunity');
  return row.projectId;
}

/** The project the rows of a cross-copy come from: the first row's; every other row is then checked against it. */
export async function projectOfRows(db: Queryable, ids: readonly string[]): Promise<string> {
  const first = ids.find(isUuid);
  const [row] = first
    ? await db.select({ projectId: submissions.projectId }).from(submissions).where(eq(submissions.id, first))
    : [];
  if (!row) throw new AppError('NOT_FOUND', CANDIDATE_MESSAGES.notInProject);
  return row.projectId;
}

/**
 * The destination folders: each in the destination opportunity and allowed for the request's type (never
 * HIDDEN, ALL_SUBMISSIONS or TS_INVITED; NEW_SUBMISSIONS only when importing). Without folders (an import)
 * the candidates land in New Submissions.
 */
async function destinationFolders(
  tx: Queryable,
  request: CopyMoveRequest,
  roleId: string,
  oneFolder: boolean,
) {
  const wanted = [...new Set(request.folderIds)];
  if (oneFolder && wanted.length > 1) {
    throw fieldErrors([{ path: 'body.folderIds', message: CANDIDATE_MESSAGES.onlyOneFolder }]);
  }
  const rows = await tx
    .select({ id: folders.id, alias: folders.systemAlias })
    .from(folders)
    .where(eq(folders.roleId, roleId));
  const issues = wanted.flatMap((folderId, index): { path: string; message: string }[] => {
    const row = rows.find((folder) => folder.id === folderId);
    if (!row)
      return [{ path: `body.folderIds.${index}`, message: CANDIDATE_MESSAGES.folderNotInOpportunity }];
    if (!isFolderChoiceAllowed(row.alias, request.type) || row.alias?.startsWith('TS_')) {
      return [{ path: `body.folderIds.${index}`, message: CANDIDATE_MESSAGES.folderNotAllowed }];
    }
    return [];
  });
  if (issues.length > 0) throw fieldErrors(issues);
  if (wanted.length > 0) return wanted;
  return rows.filter((folder) => folder.alias === 'NEW_SUBMISSIONS').map((folder) => folder.id);
}

/**
 * Copy, move or import candidates into an opportunity of the same project, in one transaction. The person stays one
 * applicant; a new submission is made in the destination (an existing one there is reused), placed in the chosen
 * folders. copyFeedbacks carries the team's votes over; tags and media belong to the applicant and so come along within
 * a project, whatever copyMedia says; copyComments carries the team's notes over (time codes included). A move then deletes the source submission,
 * unless the destination is the same opportunity, where it only changes folders.
 */
export async function copyOrMove(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  request: CopyMoveRequest,
  events?: Events,
  jobs?: Pick<Jobs, 'send'>,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const roleId = request.roleId!;
    const rows = await rowsInProject(tx, projectId, request.applicantIds, actor);
    assertSubmitterMay(actor, rows, request.type === 'MOVE' ? 'MOVE' : 'COPY');
    const settings = await projectSettings(tx, projectId);
    const targets = await destinationFolders(tx, request, roleId, settings.applicantOnlyInOneFolder);
    const source = request.type === 'IMPORT' ? 'IMPORT' : 'COPY';
    await tx
      .insert(submissions)
      .values(rows.map((row) => ({ projectId, roleId, applicantId: row.applicantId, source })))
      .onConflictDoNothing({ target: [submissions.roleId, submissions.applicantId] });
    const landed = await tx
      .select({ id: submissions.id, applicantId: submissions.applicantId })
      .from(submissions)
      .where(
        and(
          eq(submissions.roleId, roleId),
          inArray(
            submissions.applicantId,
            rows.map((row) => row.applicantId),
          ),
        ),
      );
    const destinationOf = (applicantId: string) => landed.find((row) => row.applicantId === applicantId)!.id;
    if (request.copyFeedbacks) await copyVotes(tx, rows, destinationOf, projectId);
    if (request.copyComments) {
      const copies = rows.map((row) => ({ from: row.id, to: destinationOf(row.applicantId) }));
      await copyNotes(tx, copies, true);
    }
    const removed: FolderMembership[] = [];
    if (settings.applicantOnlyInOneFolder) {
      const left = await tx.execute(sql`
        delete from folder_memberships m using ${folders} f
        where f.id = m.folder_id and m.submission_id = any(${uuidArray(landed.map((row) => row.id))}::uuid[])
          and (f.system_alias is null or left(f.system_alias, 3) <> 'TS_')
        returning m.folder_id as "folderId", m.submission_id as "submissionId"`);
      removed.push(...rowsOf<FolderMembership>(left));
    }
    const added = await addToFolders(
      tx,
      projectId,
      targets,
      landed.map((row) => row.id),
    );
    if (request.type === 'MOVE') {
      const leaving = rows.filter((row) => row.roleId !== roleId).map((row) => row.id);
      if (leaving.length > 0) {
        // The moved rows leave every folder of their source opportunity with the submission itself.
        removed.push(
          ...(await tx
            .select({ folderId: folderMemberships.folderId, submissionId: folderMemberships.submissionId })
            .from(folderMemberships)
            .where(inArray(folderMemberships.submissionId, leaving))),
        );
        await tx.delete(submissions).where(inArray(submissions.id, leaving));
      }
    }
    await emitMembershipChanges(jobs, tx, projectId, { added, removed });
    // No opportunity named: a move or copy touches the source opportunities as well as the destination.
    await publishApplicantsUpdated(events, tx, projectId, request.type, rows.length);
    return { count: rows.length };
  });
}

async function copyVotes(
  tx: Queryable,
  rows: readonly { id: string; applicantId: string }[],
  destinationOf: (applicantId: string) => string,
  projectId: string,
) {
  const existing = await tx
    .select()
    .from(votes)
    .where(
      inArray(
        votes.submissionId,
        rows.map((row) => row.id),
      ),
    );
  const copies = existing
    .map((vote) => {
      const row = rows.find((candidate) => candidate.id === vote.submissionId)!;
      return {
        submissionId: destinationOf(row.applicantId),
        userId: vote.userId,
        projectId,
        vote: vote.vote,
      };
    })
    .filter((copy) => !rows.some((row) => row.id === copy.submissionId));
  if (copies.length > 0) await tx.insert(votes).values(copies).onConflictDoNothing();
}

/**
 * Copy candidates to an opportunity of another project the caller may add candidates to. The person becomes (or
 * joins, by e-mail) an applicant of the destination project; copyTags recreates their tags there by name;
 * copyFeedbacks carries the votes over; copyComments the team's notes (without their time codes). copyMedia is not
 * applied here: the destination applicant starts without the source's media.
 */
export async function crossCopy(
  db: Db,
  sourceProjectId: string,
  destinationProjectId: string,
  actor: ProjectActor,
  request: CopyMoveRequest,
  events?: Events,
  jobs?: Pick<Jobs, 'send'>,
): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const roleId = request.roleId!;
    const rows = await rowsInProject(tx, sourceProjectId, request.applicantIds, actor);
    assertSubmitterMay(actor, rows, 'COPY');
    const settings = await projectSettings(tx, destinationProjectId);
    const targets = await destinationFolders(tx, request, roleId, settings.applicantOnlyInOneFolder);
    const people = await tx
      .select()
      .from(applicants)
      .where(inArray(applicants.id, [...new Set(rows.map((row) => row.applicantId))]));
    const landed: string[] = [];
    for (const person of people) {
      const { id: _id, projectId: _project, createdAt: _created, updatedAt: _updated, ...details } = person;
      const [inserted] = await tx
        .insert(applicants)
        .values({ ...details, projectId: destinationProjectId, searchText: searchTextOf(person) })
        .onConflictDoNothing({
          target: [applicants.projectId, applicants.email],
          where: sql`${applicants.email} is not null`,
        })
        .returning({ id: applicants.id });
      const applicantId =
        inserted?.id ??
        (
          await tx
            .select({ id: applicants.id })
            .from(applicants)
            .where(
              and(eq(applicants.projectId, destinationProjectId), eq(applicants.email, person.email ?? '')),
            )
        )[0]!.id;
      await tx
        .insert(submissions)
        .values({ projectId: destinationProjectId, roleId, applicantId, source: 'COPY' })
        .onConflictDoNothing({ target: [submissions.roleId, submissions.applicantId] });
      const [submission] = await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.roleId, roleId), eq(submissions.applicantId, applicantId)));
      landed.push(submission!.id);
      if (request.copyTags) await copyTagsByName(tx, person.id, applicantId, destinationProjectId);
      if (request.copyFeedbacks) {
        const sourceRows = rows.filter((row) => row.applicantId === person.id);
        await copyVotes(tx, sourceRows, () => submission!.id, destinationProjectId);
      }
      if (request.copyComments) {
        const copies = rows.filter((row) => row.applicantId === person.id);
        await copyNotes(
          tx,
          copies.map((row) => ({ from: row.id, to: submission!.id })),
          false,
        );
      }
    }
    const added = await addToFolders(tx, destinationProjectId, targets, landed);
    await emitMembershipChanges(jobs, tx, destinationProjectId, { added, removed: [] });
    // Both projects: the destination gains candidates, the source's copies gain nothing visible but its reviewers
    // may show where a candidate was copied (and a cross-copy is a candidate action of the source project).
    await publishApplicantsUpdated(events, tx, destinationProjectId, 'CROSS_COPY', rows.length, roleId);
    await publishApplicantsUpdated(events, tx, sourceProjectId, 'CROSS_COPY', rows.length);
    return { count: rows.length };
  });
}

async function copyTagsByName(tx: Queryable, fromApplicant: string, toApplicant: string, projectId: string) {
  const names = await tx
    .select({ name: tags.name })
    .from(applicantTags)
    .innerJoin(tags, eq(tags.id, applicantTags.tagId))
    .where(eq(applicantTags.applicantId, fromApplicant));
  for (const { name } of names) {
    await tx.insert(tags).values({ projectId, name }).onConflictDoNothing();
    const [tag] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.projectId, projectId), sql`lower(${tags.name}) = lower(${name})`));
    if (tag)
      await tx
        .insert(applicantTags)
        .values({ applicantId: toApplicant, tagId: tag.id, projectId })
        .onConflictDoNothing();
  }
}
