import { z } from 'zod';
import { ROSTER_STATUSES, VOTE_TYPES, type RosterStatus } from '../enums';
import { APPLICANT_SEARCH_MIN_CHARS } from './candidates';
import { cursorQuery } from './pagination';
import type { StarterTemplateKey } from '../email/starters';

/**
 * The office's talent database: the roster of every person known to the office (`/roster`), and the
 * project roster of avail checks, holds, bookings and releases (`/projects/{id}/roster-management`).
 * Decisions 0038 (people), 0039 (roster pages), 0397 (office notes and tags), 0398 (duplicates),
 * 0399 (project roster permissions), 0040 (project roster).
 */

/** Texts of the roster pages. */
export const ROSTER_MESSAGES = {
  title: 'Roster',
  projectRosterTitle: 'Project roster',
  invalidId: 'Use an id from the list.',
  searchTooShort: 'Type at least 3 characters to search.',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  invalidDate: 'Use a date in the form YYYY-MM-DD.',
  ageMinAboveMax: 'The maximum age must be at least the minimum age.',
  personNotFound: 'This person is not in the roster.',
  noteRequired: 'Write the note first.',
  noteNotFound: 'This note does not exist.',
  noteNotYours: 'Only the note’s author or a super admin can delete it.',
  tagRequired: 'Enter a tag name.',
  tagNotFound: 'This tag does not exist.',
  mergeSelf: 'Choose two different people to merge.',
  opportunityRefused: 'You cannot add candidates to this opportunity.',
  datesRequired: 'Enter the first and last date.',
  endBeforeStart: 'The last date must be on or after the first date.',
  entryNotFound: 'This candidate is not on the project roster.',
  submissionNotInProject: 'This candidate is not in this project.',
  alreadyReleased: 'This candidate is already released.',
  conflictWarning: 'Held or booked on overlapping dates in another project.',
  anotherProject: 'Another project',
  nothingFound: 'Nobody in the roster matches these filters.',
  noDuplicates: 'No likely duplicates.',
  mergeConfirm: (kept: string, merged: string) =>
    `Merge ${merged} into ${kept}? Every submission, vote, tag, message and media item of ${merged} moves to ${kept}. This cannot be undone.`,
  merged: 'The two records are now one person.',
  dismissed: 'These two stay separate people.',
  added: 'Added to the opportunity.',
  noteAdded: 'Note added.',
  saved: 'Saved.',
  released: 'Released.',
  notifyLabel: 'Notify the talent (and their agent) by e-mail',
} as const;

/** The statuses that take the person's dates: a conflict is another project's entry in one of these. */
export const ROSTER_BLOCKING_STATUSES = ['FIRST_HOLD', 'SECOND_HOLD', 'BOOKED'] as const;

export const ROSTER_STATUS_LABELS: Record<RosterStatus, string> = {
  AVAIL_CHECK: 'Avail check',
  FIRST_HOLD: 'First hold',
  SECOND_HOLD: 'Second hold',
  BOOKED: 'Booked',
  RELEASED: 'Released',
};

/**
 * The project's e-mail template each roster notice is mailed from (decision 0052): the starter of that key, as the
 * team edited it; first and second holds share the hold template, which names the hold through {{rosterStatus}}.
 */
export const ROSTER_NOTICE_STARTERS: Record<RosterStatus, StarterTemplateKey> = {
  AVAIL_CHECK: 'ROSTER_AVAIL_CHECK',
  FIRST_HOLD: 'ROSTER_HOLD',
  SECOND_HOLD: 'ROSTER_HOLD',
  BOOKED: 'ROSTER_BOOKING',
  RELEASED: 'ROSTER_RELEASE',
};

const id = z.uuid({ error: ROSTER_MESSAGES.invalidId });
/** A calendar date a booking can have (the database refuses year 0, and no booking is centuries away). */
const isoDate = z.iso
  .date({ error: ROSTER_MESSAGES.invalidDate })
  .refine((value) => value >= '1900-01-01' && value <= '2199-12-31', ROSTER_MESSAGES.invalidDate);
const text = (max: number) => z.string().trim().max(max, ROSTER_MESSAGES.tooLong(max));
const age = z.coerce.number().int().min(0).max(120);

export const ROSTER_SORTS = ['name', 'newest'] as const;

export const rosterListQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(200)
      .refine(
        (value) => value === '' || value.length >= APPLICANT_SEARCH_MIN_CHARS,
        ROSTER_MESSAGES.searchTooShort,
      )
      .optional(),
    sort: z.enum(ROSTER_SORTS).default('name'),
    genderId: id.optional(),
    'age[min]': age.optional(),
    'age[max]': age.optional(),
    location: text(100).optional(),
    tagId: id.optional(),
    skill: text(100).optional(),
    /** People who applied to this project (any project of the office, whether or not the viewer is on its team). */
    projectId: id.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    ...cursorQuery,
  })
  .refine(
    (query) =>
      query['age[min]'] === undefined ||
      query['age[max]'] === undefined ||
      query['age[min]'] <= query['age[max]'],
    { path: ['age[max]'], message: ROSTER_MESSAGES.ageMinAboveMax },
  );
export type RosterListQuery = z.infer<typeof rosterListQuerySchema>;

const tagRef = z.object({ id: z.string(), name: z.string() });

export const rosterPersonItemSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  age: z.number().nullable(),
  location: z.string().nullable(),
  tags: z.array(tagRef),
  /** How many projects the person applied to. */
  projectCount: z.number(),
  createdAt: z.string(),
});
export type RosterPersonItem = z.infer<typeof rosterPersonItemSchema>;

export const rosterListSchema = z.object({
  items: z.array(rosterPersonItemSchema),
  nextCursor: z.string().nullable(),
});
export type RosterList = z.infer<typeof rosterListSchema>;

export const rosterNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string().nullable(),
  authorId: z.string().nullable(),
  createdAt: z.string(),
});
export type RosterNote = z.infer<typeof rosterNoteSchema>;

export const rosterApplicationSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  applicantId: z.string(),
  email: z.string().nullable(),
  projectTags: z.array(tagRef),
  submissions: z.array(
    z.object({
      id: z.string(),
      roleId: z.string(),
      roleName: z.string(),
      source: z.string(),
      submittedAt: z.string(),
      votes: z.array(z.object({ userName: z.string(), vote: z.enum(VOTE_TYPES) })),
      rosterStatus: z.enum(ROSTER_STATUSES).nullable(),
    }),
  ),
  media: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), status: z.string() })),
  /** Comments on the person's submissions in this project (client review feedback), newest first; read-only here. */
  comments: z.array(
    z.object({
      submissionId: z.string(),
      roleName: z.string(),
      authorName: z.string(),
      vote: z.enum(['YES', 'NO', 'MAYBE']).nullable(),
      comment: z.string(),
      at: z.string(),
    }),
  ),
  /** The project's chat thread with this person, once one was started (the profile links to it). */
  chatThreadId: z.string().nullable(),
});

export const rosterPersonSchema = rosterPersonItemSchema.extend({
  genderId: z.string().nullable(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  notes: z.array(rosterNoteSchema),
  /** Applications in projects the viewer may see (their team, or every project for a super admin). */
  applications: z.array(rosterApplicationSchema),
  /** Applications in projects the viewer is not on: counted, not shown. */
  hiddenApplications: z.number(),
  likelyDuplicates: z.array(rosterPersonItemSchema),
  /** Whether the viewer may export and erase this person's data (the office's owner and casting directors). */
  mayManageData: z.boolean(),
});
export type RosterPerson = z.infer<typeof rosterPersonSchema>;

export const rosterNoteCreateSchema = z.object({
  body: z.string().trim().min(1, ROSTER_MESSAGES.noteRequired).max(4000, ROSTER_MESSAGES.tooLong(4000)),
});

export const officeTagSchema = tagRef;
export const officeTagListSchema = z.object({ items: z.array(tagRef) });
export const officeTagCreateSchema = z.object({
  name: z.string().trim().min(1, ROSTER_MESSAGES.tagRequired).max(50, ROSTER_MESSAGES.tooLong(50)),
});
export const personTagAddSchema = z.object({ tagId: id });

export const rosterDuplicatePairSchema = z.object({
  a: rosterPersonItemSchema,
  b: rosterPersonItemSchema,
});
export const rosterDuplicateListSchema = z.object({
  items: z.array(rosterDuplicatePairSchema),
  nextCursor: z.string().nullable(),
});
export type RosterDuplicateList = z.infer<typeof rosterDuplicateListSchema>;
export const rosterDuplicateQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  ...cursorQuery,
});

export const rosterPairSchema = z
  .object({ personIds: z.tuple([id, id]) })
  .refine((body) => body.personIds[0] !== body.personIds[1], {
    path: ['personIds'],
    message: ROSTER_MESSAGES.mergeSelf,
  });

/** Merge `mergedPersonId` into the person of the path; the merged record disappears, all it had moves over. */
export const rosterMergeSchema = z.object({ mergedPersonId: id });
export const rosterMergeResultSchema = z.object({
  id: z.string(),
  movedApplicants: z.number(),
});

/** Add a roster person to an opportunity (a submission in that project, source ADMIN). */
export const rosterAddToOpportunitySchema = z.object({ roleId: id });
export const rosterAddToOpportunityResultSchema = z.object({
  projectId: z.string(),
  applicantId: z.string(),
  submissionId: z.string(),
  createdSubmission: z.boolean(),
});

// ---- Project roster ----

export const rosterConflictSchema = z.object({
  /** Null when the viewer is not on that project's team: the clash shows, the project's name does not. */
  projectId: z.string().nullable(),
  projectName: z.string(),
  status: z.enum(ROSTER_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type RosterConflict = z.infer<typeof rosterConflictSchema>;

export const rosterEventSchema = z.object({
  id: z.string(),
  status: z.enum(ROSTER_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  rate: z.string().nullable(),
  bookedAs: z.string().nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  notify: z.boolean(),
  notifiedAt: z.string().nullable(),
  at: z.string(),
});
export type RosterEvent = z.infer<typeof rosterEventSchema>;

export const rosterEntrySchema = z.object({
  id: z.string(),
  submissionId: z.string(),
  applicantId: z.string(),
  personId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  status: z.enum(ROSTER_STATUSES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  rate: z.string().nullable(),
  bookedAs: z.string().nullable(),
  note: z.string().nullable(),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
  conflicts: z.array(rosterConflictSchema),
  history: z.array(rosterEventSchema),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const rosterEntryListQuerySchema = z.object({
  status: z.enum(ROSTER_STATUSES).optional(),
  applicantId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  ...cursorQuery,
});
export const rosterEntryListSchema = z.object({
  items: z.array(rosterEntrySchema),
  nextCursor: z.string().nullable(),
});
export type RosterEntryList = z.infer<typeof rosterEntryListSchema>;

/**
 * Check, hold or book a candidate (one submission: a person on one opportunity). Dates are required for every
 * status but a release, which keeps the entry's dates.
 */
export const rosterChangeSchema = z
  .object({
    submissionId: id,
    status: z.enum(['AVAIL_CHECK', 'FIRST_HOLD', 'SECOND_HOLD', 'BOOKED']),
    startDate: isoDate,
    endDate: isoDate,
    rate: text(100).nullable().optional(),
    bookedAs: text(200).nullable().optional(),
    note: text(2000).nullable().optional(),
    notify: z.boolean().default(false),
  })
  .refine((body) => body.startDate <= body.endDate, {
    path: ['endDate'],
    message: ROSTER_MESSAGES.endBeforeStart,
  });
export type RosterChange = z.infer<typeof rosterChangeSchema>;
export type RosterChangeInput = z.input<typeof rosterChangeSchema>;

export const rosterReleaseSchema = z.object({
  note: text(2000).nullable().optional(),
  notify: z.boolean().default(false),
});
export type RosterReleaseInput = z.input<typeof rosterReleaseSchema>;

export const rosterConflictQuerySchema = z
  .object({ submissionId: id, startDate: isoDate, endDate: isoDate })
  .refine((query) => query.startDate <= query.endDate, {
    path: ['endDate'],
    message: ROSTER_MESSAGES.endBeforeStart,
  });
export const rosterConflictListSchema = z.object({ items: z.array(rosterConflictSchema) });
