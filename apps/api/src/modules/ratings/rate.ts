import { and, eq, sql } from 'drizzle-orm';
import { RATING_MESSAGES, type ProjectActor, type RatingSummary } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Events, SqlExecutor } from '../../platform/events/ports';
import { ratings, submissions } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';
import { ratingSummaries } from './summaries';

/**
 * The candidate (submission) in this project, as the team sees it: one query on its key with the project; an id of
 * another project or office, or a submission still held for its agency's review, is not found.
 */
async function candidateInProject(db: Db, projectId: string, submissionId: string) {
  const [row] = await db
    .select({ id: submissions.id, roleId: submissions.roleId })
    .from(submissions)
    .where(
      and(
        eq(submissions.id, submissionId),
        eq(submissions.projectId, projectId),
        sql`not ${submissions.reviewHeld}`,
      ),
    )
    .limit(1);
  if (!row) throw notFound(RATING_MESSAGES.candidate);
  return row;
}

export interface Rater {
  userId: string;
  actor: ProjectActor;
}

/**
 * Tells the project's live channel that a candidate's ratings changed, inside the change's transaction, as every
 * candidate change does (APPLICANTS_UPDATED, kind RATING): colleagues' lists, previews and compare views refetch the
 * summary, which applies each reader's blind review. The payload names the opportunity only.
 */
async function publishRated(events: Events | undefined, tx: SqlExecutor, projectId: string, roleId: string) {
  if (!events) return;
  await events.publish(projectId, 'APPLICANTS_UPDATED', { kind: 'RATING', count: 1, roleId }, { tx });
}

/** A candidate (submission) of the project as the caller located it: its id and its opportunity. */
export interface RatedCandidate {
  submissionId: string;
  roleId: string;
}

/**
 * Writes a reviewer's rating of a candidate in the caller's transaction: one rating per reviewer and submission (a new
 * one replaces it), the submission's aggregate moved by its trigger, and the project told live. The one write path of
 * a rating, whether given in the workspace or at an audition session (decision 0845); the caller has checked that the
 * candidate is the project's and visible to the team.
 */
export async function rateInTransaction(
  tx: Db,
  events: Events | undefined,
  projectId: string,
  userId: string,
  candidate: RatedCandidate,
  score: number,
): Promise<void> {
  await tx
    .insert(ratings)
    .values({ projectId, roleId: candidate.roleId, submissionId: candidate.submissionId, userId, score })
    .onConflictDoUpdate({
      target: [ratings.officeId, ratings.submissionId, ratings.userId],
      set: { score, updatedAt: new Date() },
    });
  await publishRated(events, tx, projectId, candidate.roleId);
}

/** Sets (or changes) the caller's rating of the candidate; the submission's aggregate moves in the same transaction. */
export async function setRating(
  db: Db,
  events: Events | undefined,
  projectId: string,
  rater: Rater,
  submissionId: string,
  score: number,
): Promise<RatingSummary> {
  await db.transaction(async (tx) => {
    const candidate = await candidateInProject(tx as unknown as Db, projectId, submissionId);
    await rateInTransaction(
      tx as unknown as Db,
      events,
      projectId,
      rater.userId,
      { submissionId, roleId: candidate.roleId },
      score,
    );
  });
  return summaryOf(db, projectId, rater, submissionId);
}

/** Removes the caller's rating of the candidate, if any. */
export async function clearRating(
  db: Db,
  events: Events | undefined,
  projectId: string,
  rater: Rater,
  submissionId: string,
): Promise<RatingSummary> {
  await db.transaction(async (tx) => {
    const candidate = await candidateInProject(tx as unknown as Db, projectId, submissionId);
    const removed = await tx
      .delete(ratings)
      .where(and(eq(ratings.submissionId, submissionId), eq(ratings.userId, rater.userId)))
      .returning({ id: ratings.submissionId });
    if (removed.length > 0) await publishRated(events, tx, projectId, candidate.roleId);
  });
  return summaryOf(db, projectId, rater, submissionId);
}

/** One candidate's ratings as the caller may see them. */
export async function readRatings(
  db: Db,
  projectId: string,
  rater: Rater,
  submissionId: string,
): Promise<RatingSummary> {
  await candidateInProject(db, projectId, submissionId);
  return summaryOf(db, projectId, rater, submissionId);
}

async function summaryOf(db: Db, projectId: string, rater: Rater, submissionId: string) {
  const summaries = await ratingSummaries(db, projectId, rater.userId, rater.actor, [submissionId]);
  return summaries.get(submissionId)!;
}
