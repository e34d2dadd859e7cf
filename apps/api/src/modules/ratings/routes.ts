import { z } from 'zod';
import {
  CANDIDATE_MESSAGES,
  ratingRequestSchema,
  ratingSettingsSchema,
  ratingSummarySchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal, requireProjectActor } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { clearRating, readRatings, setRating, type Rater } from './rate';
import { readRatingSettings, writeRatingSettings } from './settings';

const TAGS = ['ratings'];
const candidateParams = z.object({
  id: z.string().max(64),
  submissionId: z.uuid({ error: CANDIDATE_MESSAGES.invalidId }),
});
const projectParams = z.object({ id: z.string().max(64) });

/**
 * Ratings: a reviewer (VIEW_FEEDBACK: the team without talent submitters, decision 0863) reads a candidate's ratings
 * and sets or clears their own; the project's owners and directors (MANAGE_PROJECT) turn blind review on or off.
 */
export function ratingRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const rater = (request: Parameters<typeof requirePrincipal>[0]): Rater => ({
    userId: requirePrincipal(request).userId,
    actor: requireProjectActor(request),
  });

  app.get(
    '/projects/:id/applicants/:submissionId/ratings',
    {
      config: { access: access.project('VIEW_FEEDBACK') },
      schema: {
        tags: TAGS,
        summary:
          'A candidate’s ratings for the opportunity: average, spread, count and who rated (blind review hides others’ until rated)',
        params: candidateParams,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request) => readRatings(db, request.params.id, rater(request), request.params.submissionId),
  );

  app.put(
    '/projects/:id/applicants/:submissionId/rating',
    {
      config: { access: access.project('VIEW_FEEDBACK') },
      schema: {
        tags: TAGS,
        summary:
          'Rate a candidate for the opportunity from 1 to 5 (one rating per reviewer; a new one replaces it)',
        params: candidateParams,
        body: ratingRequestSchema,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request) =>
      setRating(
        db,
        context.events,
        request.params.id,
        rater(request),
        request.params.submissionId,
        request.body.score,
      ),
  );

  app.delete(
    '/projects/:id/applicants/:submissionId/rating',
    {
      config: { access: access.project('VIEW_FEEDBACK') },
      schema: {
        tags: TAGS,
        summary: 'Clear my rating of a candidate',
        params: candidateParams,
        response: { 200: ratingSummarySchema },
      },
    },
    async (request) =>
      clearRating(db, context.events, request.params.id, rater(request), request.params.submissionId),
  );

  app.get(
    '/projects/:id/rating-settings',
    {
      config: { access: access.project('VIEW_PROJECT') },
      schema: {
        tags: TAGS,
        summary: 'The project’s rating settings (blind review)',
        params: projectParams,
        response: { 200: ratingSettingsSchema },
      },
    },
    async (request) => readRatingSettings(db, request.params.id),
  );

  app.put(
    '/projects/:id/rating-settings',
    {
      config: {
        access: access.project('MANAGE_PROJECT'),
        audit: { action: 'rating.blind-review', fields: ['blindReview'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Turn blind review on or off: reviewers see others’ ratings of a candidate only after rating it',
        params: projectParams,
        body: ratingSettingsSchema,
        response: { 200: ratingSettingsSchema },
      },
    },
    async (request) =>
      writeRatingSettings(db, request.params.id, requirePrincipal(request).userId, request.body),
  );
}
