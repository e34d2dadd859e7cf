/** The ratings' texts (decisions 0860 to 0863): the rating control, the summary, the blind review setting. */
export const RATING_TEXTS = {
  title: 'Rating',
  yourRating: 'Your rating',
  /** The accessible name of one star of the control: "Rate 3 of 5". */
  rate: (score: number, max: number) => `Rate ${score} of ${max}`,
  clear: 'Clear my rating',
  average: (average: string) => `Average ${average}`,
  spread: (min: number, max: number) => `Spread ${min}–${max}`,
  count: (count: number) => (count === 1 ? '1 rating' : `${count} ratings`),
  /** The list row's short form: "4.3 ★ (3)". */
  short: (average: string, count: number) => `${average} ★ (${count})`,
  rowLabel: (average: string, min: number, max: number, count: number) =>
    `Average rating ${average}, from ${min} to ${max}, ${count === 1 ? '1 rating' : `${count} ratings`}`,
  none: 'Not rated yet',
  hidden: 'Rate this candidate to see the others’ ratings',
  hiddenShort: (count: number) => `${count} rated · hidden`,
  raters: 'Who rated',
  raterScore: (name: string, score: number) => `${name}: ${score}`,
  blindReview: 'Blind review',
  blindReviewHelp: 'Reviewers see other people’s ratings of a candidate only after giving their own.',
  blindReviewOn: 'Blind review is on',
  blindReviewOff: 'Blind review is off',
  saved: 'Saved',
  // The list's order and filter.
  sortRating: 'Rating',
  minRating: 'Minimum average rating',
  anyRating: 'Any rating',
  atLeast: (score: number) => `${score}+`,
  // The compare view, where several candidates' controls are on screen.
  yourRatingOf: (name: string) => `Your rating: ${name}`,
  // The list's filter chips.
  chipRating: (score: number) => `Rating ${score}+`,
} as const;

/** What the rating calls answer when they refuse. */
export const RATING_MESSAGES = {
  scoreRange: 'A rating is a whole number from 1 to 5.',
  candidate: 'Candidate',
} as const;
