/**
 * The texts of notes on candidates and of time-coded notes on tapes: the preview's notes panel, the media viewer's
 * markers and list, the client review page, and the API's refusals.
 */
export const NOTE_TEXTS = {
  title: 'Notes',
  write: 'Write a note',
  add: 'Add note',
  adding: 'Adding…',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  deleteConfirm: 'Delete this note?',
  visibility: 'Visible to',
  visibilityNames: { ONLY_ME: 'Only me', TEAM: 'The team', CLIENT_LINKS: 'Team and client links' },
  search: 'Search notes',
  searchHint: 'Type at least 3 characters to search.',
  none: 'No notes yet.',
  noMatch: 'No notes match this search.',
  loadMore: 'Load more notes',
  byClient: 'Client',
  edited: 'edited',
  /** The author, the time in the viewer's zone (named), and the visibility. */
  meta: (author: string, when: string, visibility: string) => `${author} · ${when} · ${visibility}`,
  // The media viewer.
  timeCoded: 'Notes on this tape',
  addAtTime: (time: string) => `Add a note at ${time}`,
  noteAt: (time: string) => `Note at ${time}`,
  seekTo: (time: string, text: string) => `Play from ${time}: ${text}`,
  markerLabel: (time: string, author: string) => `Note by ${author} at ${time}`,
  keyHint: 'N adds a note at the current time; , and . step one frame; [ and ] change the speed.',
  speed: 'Playback speed',
  frameBack: 'Previous frame',
  frameForward: 'Next frame',
  timeline: 'Timeline: click to add a note at that time',
  newNotes: 'New notes arrived.',
} as const;

/** What the notes calls answer when they refuse. */
export const NOTE_MESSAGES = {
  bodyRequired: 'Write the note first.',
  bodyTooLong: (max: number) => `A note is at most ${max} characters.`,
  opportunityRequired: 'Choose the opportunity the note is about.',
  timeCodeNeedsBoth: 'A time-coded note names both the tape and the time.',
  notFound: 'This note does not exist or you may not see it.',
  notYours: 'Only the author of a note may change or delete it.',
  candidateNotInOpportunity: 'This candidate is not in that opportunity.',
  mediaNotOfCandidate: 'This tape is not one of the candidate’s.',
  searchTooShort: 'Type at least 3 characters to search.',
} as const;
