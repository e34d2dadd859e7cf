import { eq } from 'drizzle-orm';
import type { RatingSettings } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { ratingSettings } from '../../platform/db/schema';

/** Whether the project reviews blind (decision 0862); a project without a settings row does not. */
export async function blindReviewOf(db: Queryable, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ blindReview: ratingSettings.blindReview })
    .from(ratingSettings)
    .where(eq(ratingSettings.projectId, projectId))
    .limit(1);
  return row?.blindReview ?? false;
}

export async function readRatingSettings(db: Queryable, projectId: string): Promise<RatingSettings> {
  return { blindReview: await blindReviewOf(db, projectId) };
}

/** Turns blind review on or off for the project (its owners and directors, MANAGE_PROJECT). */
export async function writeRatingSettings(
  db: Queryable,
  projectId: string,
  userId: string,
  settings: RatingSettings,
): Promise<RatingSettings> {
  const [row] = await db
    .insert(ratingSettings)
    .values({ projectId, blindReview: settings.blindReview, updatedById: userId })
    .onConflictDoUpdate({
      target: [ratingSettings.officeId, ratingSettings.projectId],
      set: { blindReview: settings.blindReview, updatedById: userId, updatedAt: new Date() },
    })
    .returning({ blindReview: ratingSettings.blindReview });
  return { blindReview: row?.blindReview ?? settings.blindReview };
}
