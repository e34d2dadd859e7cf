/**
 * The candidate selfie's texts: the candidate preview's section, the talent's private page and the API's refusals
 * (decisions 0460 to 0463). A module apart, small, because the public private page downloads it too.
 */
export const SELFIE_TEXTS = {
  title: 'Selfie',
  /** Beside the primary photo: what a selfie is, for whoever wonders why there are two pictures. */
  explanation: 'An unretouched photo taken now with a phone.',
  ask: 'Ask for a selfie',
  askAgain: 'Ask again',
  asking: 'Asking…',
  remove: 'Remove selfie',
  removeConfirm: 'Remove this selfie? The candidate can send a new one from their private link.',
  removed: 'The selfie is removed.',
  none: 'No selfie yet.',
  asked: 'The candidate is e-mailed a link to send a selfie.',
  askedOn: (date: string) => `Selfie asked for on ${date}`,
  takenOn: (date: string) => `Selfie of ${date}`,
  imageAlt: (name: string) => `Selfie of ${name}`,
  marker: 'Has a selfie',
  // The talent's private page.
  privateTitle: 'Your selfie',
  privateIntro:
    'A current photo of you, taken now with your phone, without filters or retouching. It is shown to the casting ' +
    'team beside your headshot; a new one replaces it.',
  privateAsked: (date: string) => `The casting team asked for a selfie on ${date}.`,
  privateCurrent: (date: string) => `Your current selfie, sent on ${date}.`,
  privateNone: 'You have not sent a selfie yet.',
  takeOrChoose: 'Take or choose a selfie',
  replace: 'Take a new selfie',
  saved: 'Your selfie is saved. Thank you!',
  processing: 'Your selfie is being prepared; it shows here in a moment.',
} as const;

/** What the selfie calls answer when they refuse. */
export const SELFIE_MESSAGES = {
  noEmail: 'This candidate has no confirmed e-mail address to ask for a selfie.',
  askedRecently: (hours: number) =>
    `A selfie was asked for less than ${hours} hours ago. Wait for the candidate to send it, or ask again later.`,
  noSelfie: 'This candidate has no selfie.',
  onlyPhotos: 'A selfie must be a photo (JPEG, PNG, HEIC, WebP or GIF).',
  confirmFirst: 'Confirm your application first; then you can send a selfie.',
  uploadNotFound:
    'This upload does not exist, or it was not sent from this page. Please upload the photo again.',
} as const;

/** Asking again within this many hours is refused while the previous request is still open (decision 0462). */
export const SELFIE_ASK_AGAIN_HOURS = 24;
