import type { ApiModule } from '../../platform/http/module';
import { ratingRoutes } from './routes';

/**
 * Ratings: besides votes, each reviewer rates a candidate for an opportunity from 1 to 5; the list and the candidate
 * show the average, the spread and who rated, and blind review (per project) hides other people's ratings until one
 * has given one's own. Decisions 0860 to 0863.
 */
export const ratingsModule: ApiModule = { name: 'ratings', register: ratingRoutes };

export { NO_RATINGS, ratingSummaries } from './summaries';
export { blindReviewOf } from './settings';
export { rateInTransaction, type RatedCandidate } from './rate';
