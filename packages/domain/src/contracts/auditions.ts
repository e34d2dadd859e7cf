import { z } from 'zod';
import { isTimeZone } from '../audition-slots';

/**
 * Auditions and callbacks: a project's sessions cut into slots, the candidates invited to them (who answer on a
 * private page without an account), the session day's check-in, notes and ratings, and callbacks filled from them.
 */

export const AUDITION_KINDS = ['AUDITION', 'CALLBACK', 'CHEMISTRY_READ', 'FITTING'] as const;
export type AuditionKind = (typeof AUDITION_KINDS)[number];
export const AUDITION_MODES = ['OFFICE_ASSIGNS', 'CANDIDATE_PICKS'] as const;
export type AuditionMode = (typeof AUDITION_MODES)[number];
export const AUDITION_RECIPIENTS = ['TALENT', 'AGENTS', 'BOTH'] as const;
export type AuditionRecipients = (typeof AUDITION_RECIPIENTS)[number];
export const AUDITION_STATUSES = [
  'INVITED',
  'CONFIRMED',
  'DECLINED',
  'CHANGE_REQUESTED',
  'CANCELLED',
] as const;
export type AuditionStatus = (typeof AUDITION_STATUSES)[number];
export const AUDITION_ATTENDANCE = ['ARRIVED', 'LATE', 'NO_SHOW', 'IN_ROOM', 'SEEN'] as const;
export type AuditionAttendance = (typeof AUDITION_ATTENDANCE)[number];
/** The reminders sent before a held slot, by name, with how long before the slot each is due. */
export const AUDITION_REMINDERS = { DAY_BEFORE: 24 * 60, TWO_HOURS: 2 * 60 } as const;
export type AuditionReminder = keyof typeof AUDITION_REMINDERS;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a day as YYYY-MM-DD.');
const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time as HH:MM (24-hour).');
const timeZone = z.string().refine(isTimeZone, 'Choose a time zone from the list.');
const text = (max: number) => z.string().trim().max(max);

export const auditionBreakSchema = z.object({ start: wallTime, end: wallTime });

/** What the office writes of a session. Day, hours and breaks are read in `timeZone`. */
export const auditionSessionInputSchema = z.object({
  kind: z.enum(AUDITION_KINDS),
  name: text(200).min(1),
  roleIds: z.array(z.uuid()).max(50).default([]),
  day,
  start: wallTime,
  end: wallTime,
  timeZone,
  place: text(500).nullable().default(null),
  videoLink: z
    .url({ protocol: /^https$/ })
    .max(1000)
    .nullable()
    .default(null),
  slotMinutes: z.number().int().min(1).max(480),
  breaks: z.array(auditionBreakSchema).max(10).default([]),
  perSlot: z.number().int().min(1).max(50).default(1),
  staff: text(1000).nullable().default(null),
  notes: text(4000).nullable().default(null),
});
export type AuditionSessionInput = z.input<typeof auditionSessionInputSchema>;

/** A change of a session: any field; hours, breaks and slot length only while nobody holds a slot. */
export const auditionSessionPatchSchema = auditionSessionInputSchema.partial();

export const auditionSlotSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number().int(),
  /** Invitations holding the slot. */
  taken: z.number().int(),
});
export type AuditionSlot = z.infer<typeof auditionSlotSchema>;

export const auditionSessionSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  kind: z.enum(AUDITION_KINDS),
  name: z.string(),
  roleIds: z.array(z.uuid()),
  day: z.string(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  videoLink: z.string().nullable(),
  slotMinutes: z.number().int(),
  breaks: z.array(auditionBreakSchema),
  perSlot: z.number().int(),
  staff: z.string().nullable(),
  notes: z.string().nullable(),
  sourceSessionId: z.uuid().nullable(),
  openSlots: z.number().int(),
});
export type AuditionSession = z.infer<typeof auditionSessionSchema>;

/** Another session of the project at the same time (shown, never blocking: two rooms may run at once). */
export const auditionSessionClashSchema = z.object({ id: z.uuid(), name: z.string(), startsAt: z.string() });

export const auditionSessionSavedSchema = z.object({
  session: auditionSessionSchema,
  overlapping: z.array(auditionSessionClashSchema),
});

export const auditionSessionListSchema = z.object({
  items: z.array(auditionSessionSchema),
  nextCursor: z.string().nullable(),
});
export const auditionSessionListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditionResultSchema = z.object({
  attendance: z.enum(AUDITION_ATTENDANCE).nullable(),
  checkedInAt: z.string().nullable(),
  notes: z.string().nullable(),
  rating: z.number().int().min(1).max(5).nullable(),
});
export type AuditionResult = z.infer<typeof auditionResultSchema>;

export const auditionInvitationSchema = z.object({
  id: z.uuid(),
  applicantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  slotId: z.uuid().nullable(),
  waitlisted: z.boolean(),
  mode: z.enum(AUDITION_MODES),
  recipients: z.enum(AUDITION_RECIPIENTS),
  status: z.enum(AUDITION_STATUSES),
  declineReason: z.string().nullable(),
  requestedSlotId: z.uuid().nullable(),
  changeMessage: z.string().nullable(),
  answeredAt: z.string().nullable(),
  result: auditionResultSchema,
});
export type AuditionInvitation = z.infer<typeof auditionInvitationSchema>;

/** The schedule of a session: its slots in running order and every invitation, placed or waiting. */
export const auditionScheduleSchema = z.object({
  session: auditionSessionSchema,
  slots: z.array(auditionSlotSchema),
  invitations: z.array(auditionInvitationSchema),
});
export type AuditionSchedule = z.infer<typeof auditionScheduleSchema>;

/** Invite candidates (a selection, or a folder's) to a session, as one action. */
export const auditionInviteSchema = z
  .object({
    applicantIds: z.array(z.uuid()).max(500).default([]),
    folderId: z.uuid().nullable().default(null),
    mode: z.enum(AUDITION_MODES),
    /** Who a represented candidate's invitation goes to; an unrepresented one's always goes to the talent. */
    recipients: z.enum(AUDITION_RECIPIENTS).default('AGENTS'),
    /** With OFFICE_ASSIGNS: fill the open slots in running order (else everyone waits to be placed). */
    autoAssign: z.boolean().default(true),
  })
  .refine((value) => value.applicantIds.length > 0 || value.folderId, {
    message: 'Choose candidates or a folder.',
    path: ['applicantIds'],
  });
export type AuditionInvite = z.input<typeof auditionInviteSchema>;

export const auditionInviteResultSchema = z.object({
  invited: z.number().int(),
  alreadyInvited: z.number().int(),
  mailed: z.number().int(),
  schedule: auditionScheduleSchema,
});

/** Assign, move, swap or unplace: the slots the named invitations should hold afterwards (null: off the grid). */
export const auditionScheduleChangeSchema = z.object({
  moves: z
    .array(
      z.object({ invitationId: z.uuid(), slotId: z.uuid().nullable(), waitlisted: z.boolean().optional() }),
    )
    .min(1)
    .max(200),
  /** False: answer the conflicts only. True: save, unless a conflict is found and `force` is not set. */
  save: z.boolean().default(true),
  force: z.boolean().default(false),
});
export type AuditionScheduleChange = z.input<typeof auditionScheduleChangeSchema>;

export const AUDITION_CONFLICT_KINDS = [
  'DOUBLE_PLACEMENT',
  'ROSTER',
  'FULL_SLOT',
  'SESSION_OVERLAP',
] as const;
export const auditionConflictSchema = z.object({
  kind: z.enum(AUDITION_CONFLICT_KINDS),
  invitationId: z.uuid().nullable(),
  message: z.string(),
});
export type AuditionConflict = z.infer<typeof auditionConflictSchema>;

export const auditionScheduleResultSchema = z.object({
  saved: z.boolean(),
  conflicts: z.array(auditionConflictSchema),
  schedule: auditionScheduleSchema,
});

/** The session day: arrival and room, notes and a rating (each field optional; null clears it). */
export const auditionResultInputSchema = z.object({
  attendance: z.enum(AUDITION_ATTENDANCE).nullable().optional(),
  notes: text(4000).nullable().optional(),
  rating: z.number().int().min(1).max(5).nullable().optional(),
});

/**
 * A callback: a new session and invitations for a previous session's candidates rated at least `minRating`, those of
 * a folder and a selection (together, without repeats).
 */
export const auditionCallbackSchema = z.object({
  session: auditionSessionInputSchema,
  minRating: z.number().int().min(1).max(5).nullable().default(null),
  applicantIds: z.array(z.uuid()).max(500).default([]),
  folderId: z.uuid().nullable().default(null),
  mode: z.enum(AUDITION_MODES).default('OFFICE_ASSIGNS'),
  recipients: z.enum(AUDITION_RECIPIENTS).default('AGENTS'),
});
export type AuditionCallback = z.input<typeof auditionCallbackSchema>;

// The recipient's private page.

export const auditionTokenQuerySchema = z.object({ token: z.string().min(20).max(100) });

export const privateAuditionSchema = z.object({
  projectName: z.string(),
  candidateName: z.string(),
  kind: z.enum(AUDITION_KINDS),
  sessionName: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string().nullable(),
  videoLink: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(AUDITION_STATUSES),
  mode: z.enum(AUDITION_MODES),
  slot: z.object({ id: z.uuid(), startsAt: z.string(), endsAt: z.string() }).nullable(),
  /** Slots with room left, for picking or asking for another. */
  openSlots: z.array(z.object({ id: z.uuid(), startsAt: z.string(), endsAt: z.string() })),
  declineReason: z.string().nullable(),
  requestedSlotId: z.uuid().nullable(),
});
export type PrivateAudition = z.infer<typeof privateAuditionSchema>;

export const privateAuditionAnswerSchema = z.discriminatedUnion('action', [
  z.object({ token: z.string().min(20).max(100), action: z.literal('CONFIRM') }),
  z.object({ token: z.string().min(20).max(100), action: z.literal('DECLINE'), reason: text(1000).min(1) }),
  z.object({ token: z.string().min(20).max(100), action: z.literal('PICK'), slotId: z.uuid() }),
  z.object({
    token: z.string().min(20).max(100),
    action: z.literal('REQUEST_CHANGE'),
    slotId: z.uuid().nullable().default(null),
    message: text(1000).min(1),
  }),
]);
export type PrivateAuditionAnswer = z.input<typeof privateAuditionAnswerSchema>;

/**
 * The printable schedule of a session, made by a job: its status (null until asked for), progress 0 to 100, and a
 * short-lived address of the file once READY. Each viewer reads the copy their contact rights allow.
 */
export const AUDITION_PDF_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export type AuditionPdfStatus = (typeof AUDITION_PDF_STATUSES)[number];
export const auditionSchedulePdfSchema = z.object({
  status: z.enum(AUDITION_PDF_STATUSES).nullable(),
  progress: z.number().int().min(0).max(100),
  url: z.string().nullable(),
});
export type AuditionSchedulePdf = z.infer<typeof auditionSchedulePdfSchema>;

/** One session of the project a candidate was invited to, as their preview lists it. */
export const auditionHistoryEntrySchema = z.object({
  sessionId: z.uuid(),
  sessionName: z.string(),
  kind: z.enum(AUDITION_KINDS),
  /** The session's day and the candidate's slot (or the session's start) by the session's wall clock. */
  day: z.string(),
  time: z.string(),
  timeZone: z.string(),
  status: z.enum(AUDITION_STATUSES),
  attendance: z.enum(AUDITION_ATTENDANCE).nullable(),
  rating: z.number().int().nullable(),
});
export type AuditionHistoryEntry = z.infer<typeof auditionHistoryEntrySchema>;
export const auditionHistorySchema = z.object({ items: z.array(auditionHistoryEntrySchema) });
export type AuditionHistory = z.infer<typeof auditionHistorySchema>;
