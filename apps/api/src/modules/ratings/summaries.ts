import { and, eq, inArray } from 'drizzle-orm';
import { can, type ProjectActor, type RatingSummary } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { ratings, users } from '../../platform/db/schema';
import { blindReviewOf } from './settings';

/** An empty summary: nobody rated, nothing hidden. */
export const NO_RATINGS: RatingSummary = {
  average: null,
  count: 0,
  min: null,
  max: null,
  mine: null,
  hidden: false,
  raters: [],
};

/**
 * The ratings of some candidates (submission ids) as the caller may see them, in one read of the ratings key per
 * candidate. Without VIEW_FEEDBACK nothing but the count is shown; with blind review on, another reviewer's scores and
 * the average are shown only once the caller rated that candidate (decision 0862). The spread is the lowest and the
 * highest score (decision 0861).
 */
export async function ratingSummaries(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  submissionIds: readonly string[],
): Promise<Map<string, RatingSummary>> {
  const summaries = new Map<string, RatingSummary>();
  if (submissionIds.length === 0) return summaries;
  const [rows, blind] = await Promise.all([
    db
      .select({
        submissionId: ratings.submissionId,
        userId: ratings.userId,
        score: ratings.score,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(ratings)
      .innerJoin(users, eq(users.id, ratings.userId))
      .where(and(eq(ratings.projectId, projectId), inArray(ratings.submissionId, [...submissionIds])))
      .orderBy(ratings.submissionId, ratings.updatedAt, ratings.userId),
    blindReviewOf(db, projectId),
  ]);
  const seesFeedback = can(actor, 'VIEW_FEEDBACK');
  const bySubmission = new Map<string, typeof rows>();
  for (const row of rows) {
    const list = bySubmission.get(row.submissionId) ?? [];
    list.push(row);
    bySubmission.set(row.submissionId, list);
  }
  for (const id of submissionIds) {
    const list = bySubmission.get(id) ?? [];
    const mine = list.find((row) => row.userId === userId)?.score ?? null;
    const hidden = list.length > 0 && (!seesFeedback || (blind && mine === null));
    const shown = hidden ? list.filter((row) => row.userId === userId) : list;
    const scores = list.map((row) => row.score);
    summaries.set(id, {
      average:
        hidden || scores.length === 0
          ? null
          : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100,
      count: list.length,
      min: hidden || scores.length === 0 ? null : Math.min(...scores),
      max: hidden || scores.length === 0 ? null : Math.max(...scores),
      mine,
      hidden,
      raters: shown.map((row) => ({
        userId: row.userId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        score: row.score,
      })),
    });
  }
  return summaries;
}
