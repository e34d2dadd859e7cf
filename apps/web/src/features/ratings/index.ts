/** The ratings feature's public entry: the preview's rating section, the list row's badge, the blind review switch. */
export { CandidateRating, RatingDetails } from './candidate-rating';
export type { CandidateRatingProps } from './candidate-rating';
export { RatingBadge } from './rating-badge';
export { BlindReviewSection } from './blind-review';
export { useLiveRatings } from './live-ratings';
