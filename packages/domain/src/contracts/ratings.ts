import { z } from 'zod';
import { RATING_MESSAGES } from '../rating-texts';

/**
 * Ratings (decisions 0860 to 0863): besides votes, each reviewer rates a candidate for an opportunity from 1 to 5.
 * The workspace shows the average, the spread (lowest and highest score, with how many rated) and who rated with what.
 * With blind review on for the project, other people's ratings and the average stay hidden from a reviewer until they
 * have rated that candidate themselves.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** PUT /projects/{id}/applicants/{submissionId}/rating: the caller's own score for that candidate. */
export const ratingRequestSchema = z.object({
  score: z
    .number({ error: RATING_MESSAGES.scoreRange })
    .int(RATING_MESSAGES.scoreRange)
    .min(RATING_MIN, RATING_MESSAGES.scoreRange)
    .max(RATING_MAX, RATING_MESSAGES.scoreRange),
});
export type RatingRequest = z.infer<typeof ratingRequestSchema>;

/** One rater's score, as the caller may see it. */
export const raterScoreSchema = z.object({
  userId: z.string(),
  name: z.string(),
  score: z.number(),
});
export type RaterScore = z.infer<typeof raterScoreSchema>;

/**
 * What the caller may see of a candidate's ratings. `hidden` is true when blind review (or a caller without the team's
 * feedback, a talent submitter) keeps the others' scores from them: `average`, `min`, `max` are then null and `raters`
 * holds the caller's own score only. `count` (how many rated) is always shown: it tells nobody what was given.
 */
export const ratingSummarySchema = z.object({
  /** The average score, rounded to two decimals; null when nobody rated or it is hidden. */
  average: z.number().nullable(),
  count: z.number(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mine: z.number().nullable(),
  hidden: z.boolean(),
  raters: z.array(raterScoreSchema),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A project's rating settings (GET and PUT /projects/{id}/rating-settings). */
export const ratingSettingsSchema = z.object({ blindReview: z.boolean() });
export type RatingSettings = z.infer<typeof ratingSettingsSchema>;
