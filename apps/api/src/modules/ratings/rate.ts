import { and, eq, sql } from 'drizzle-orm';
import { RATING_MESSAGES, type ProjectActor, type RatingSummary } from '@casting/domain';
import type { Db } from '../../platform/db/client';
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

/** Sets (or changes) the caller's rating of the candidate; the submission's aggregate moves in the same transaction. */
export async function setRating(
  db: Db,
  projectId: string,
  rater: Rater,
  submissionId: string,
  score: number,
): Promise<RatingSummary> {
  const candidate = await candidateInProject(db, projectId, submissionId);
  await db
    .insert(ratings)
    .values({ projectId, roleId: candidate.roleId, submissionId, userId: rater.userId, score })
    .onConflictDoUpdate({
      target: [ratings.officeId, ratings.submissionId, ratings.userId],
      set: { score, updatedAt: new Date() },
    });
  return summaryOf(db, projectId, rater, submissionId);
}

/** Removes the caller's rating of the candidate, if any. */
export async function clearRating(
  db: Db,
  projectId: string,
  rater: Rater,
  submissionId: string,
): Promise<RatingSummary> {
  await candidateInProject(db, projectId, submissionId);
  await db
    .delete(ratings)
    .where(and(eq(ratings.submissionId, submissionId), eq(ratings.userId, rater.userId)));
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
