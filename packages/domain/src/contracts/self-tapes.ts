import { z } from 'zod';
import { MEDIA_KINDS } from './media';
import { timeZoneSchema } from './offices';
import { SELF_TAPE_PRESETS } from '../self-tape-rules';

/**
 * Self-tape requests: the office asks chosen candidates of one opportunity for recorded takes, with sides, a deadline
 * kept to a notice preset, routing through every agent of a represented candidate, reminders, late marking and
 * extensions; each recipient answers on a private page opened by a secret.
 */

export const SELF_TAPE_LATE_POLICIES = ['ACCEPT_LATE', 'REFUSE'] as const;
export type SelfTapeLatePolicy = (typeof SELF_TAPE_LATE_POLICIES)[number];
export const SELF_TAPE_RECIPIENT_STATUSES = ['SENT', 'OPENED', 'SUBMITTED', 'DECLINED'] as const;
export type SelfTapeRecipientStatus = (typeof SELF_TAPE_RECIPIENT_STATUSES)[number];
export const SELF_TAPE_EXTENSION_STATES = ['ASKED', 'GRANTED', 'REFUSED'] as const;
export type SelfTapeExtensionState = (typeof SELF_TAPE_EXTENSION_STATES)[number];
/** Who a recipient row is addressed to: the talent themselves or one agent of their representation. */
export const SELF_TAPE_RECIPIENT_KINDS = ['TALENT', 'AGENT'] as const;
export type SelfTapeRecipientKind = (typeof SELF_TAPE_RECIPIENT_KINDS)[number];
/**
 * The agency review of a represented talent's takes: OPEN until they hand in, PENDING while an agent looks, RETURNED
 * when sent back to the talent, FORWARDED once the office has them.
 */
export const SELF_TAPE_REVIEW_STATES = ['OPEN', 'PENDING', 'RETURNED', 'FORWARDED'] as const;
export type SelfTapeReviewState = (typeof SELF_TAPE_REVIEW_STATES)[number];
/** The most candidates one request reaches (one action, one job). */
export const SELF_TAPE_MAX_CANDIDATES = 500;
export const SELF_TAPE_MAX_SIDES = 10;

const id = z.uuid();
const isoDate = z.iso.datetime({ offset: true });

export const selfTapeSideSchema = z.object({
  /** A stored file: the key of a finished upload made under the project's grant. */
  key: z.string().min(1).max(500),
  name: z.string().trim().min(1).max(200),
  pages: z.number().int().min(1).max(500),
});
export type SelfTapeSide = z.infer<typeof selfTapeSideSchema>;
/** A side as the dialog sends it: a finished PDF upload; its pages are read from the file (a typed count is ignored). */
export const selfTapeSideInputSchema = selfTapeSideSchema.extend({
  pages: z.number().int().min(1).max(500).optional(),
});
export type SelfTapeSideInput = z.infer<typeof selfTapeSideInputSchema>;

/** What the dialog sends: the candidates (a selection of rows or a folder of one opportunity) and the request. */
export const selfTapeRequestCreateSchema = z
  .object({
    roleId: id,
    submissionIds: z.array(id).min(1).max(SELF_TAPE_MAX_CANDIDATES).optional(),
    folderId: id.optional(),
    title: z.string().trim().min(1).max(200),
    instructions: z.string().max(20_000).default(''),
    sides: z.array(selfTapeSideInputSchema).max(SELF_TAPE_MAX_SIDES).default([]),
    takes: z.number().int().min(1).max(20).default(1),
    acceptedKinds: z.array(z.enum(MEDIA_KINDS)).min(1).max(MEDIA_KINDS.length).default(['video']),
    maxLengthSeconds: z.number().int().min(1).max(3600).nullable().default(null),
    slateInstructions: z.string().max(2000).default(''),
    deadline: isoDate,
    timeZone: timeZoneSchema,
    preset: z.enum(SELF_TAPE_PRESETS),
    latePolicy: z.enum(SELF_TAPE_LATE_POLICIES).default('ACCEPT_LATE'),
    reminderHours: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(24 * 14),
      )
      .max(5)
      .default([24, 2]),
    sendToTalent: z.boolean().default(false),
    /**
     * Agency review: a represented talent receives the request too and hands their takes to their agents by
     * `agencyDeadline` (before the office's deadline); the office sees them once an agent forwards them.
     */
    agencyReview: z.boolean().default(false),
    agencyDeadline: isoDate.optional(),
    /** The director saw the preset's warnings and sends anyway. */
    confirmWarnings: z.boolean().default(false),
    /** The same key within the office answers the first request again and sends nothing twice. */
    idempotencyKey: z.string().min(8).max(200),
  })
  .refine((value) => (value.submissionIds ? 1 : 0) + (value.folderId ? 1 : 0) === 1, {
    message: 'Choose candidates or a folder.',
    path: ['submissionIds'],
  });
export type SelfTapeRequestCreate = z.input<typeof selfTapeRequestCreateSchema>;

export const selfTapeWarningsQuerySchema = z.object({
  preset: z.enum(SELF_TAPE_PRESETS),
  deadline: isoDate,
  pages: z.coerce.number().int().min(0).max(5000),
  minors: z.coerce.number().int().min(0).max(SELF_TAPE_MAX_CANDIDATES).default(0),
});

export const deadlineWarningSchema = z.object({
  kind: z.enum(['DEADLINE_PASSED', 'TOO_FEW_HOURS', 'MINOR_NEEDS_MORE']),
  requiredHours: z.number(),
  givenHours: z.number(),
});
export const selfTapeWarningsSchema = z.object({ warnings: z.array(deadlineWarningSchema) });

export const selfTapeRequestSchema = z.object({
  id,
  projectId: id,
  roleId: id,
  title: z.string(),
  instructions: z.string(),
  sides: z.array(selfTapeSideSchema),
  takes: z.number(),
  acceptedKinds: z.array(z.enum(MEDIA_KINDS)),
  maxLengthSeconds: z.number().nullable(),
  slateInstructions: z.string(),
  deadline: isoDate,
  timeZone: z.string(),
  preset: z.enum(SELF_TAPE_PRESETS),
  latePolicy: z.enum(SELF_TAPE_LATE_POLICIES),
  reminderHours: z.array(z.number()),
  sendToTalent: z.boolean(),
  agencyReview: z.boolean(),
  agencyDeadline: isoDate.nullable(),
  closedAt: isoDate.nullable(),
  releaseSentAt: isoDate.nullable(),
  createdAt: isoDate,
  /** The sending job's progress: candidates handled of the total; `done` once every mail is queued. */
  progress: z.object({ total: z.number(), handled: z.number(), done: z.boolean() }),
  warnings: z.array(deadlineWarningSchema),
});
export type SelfTapeRequest = z.infer<typeof selfTapeRequestSchema>;

export const selfTapeRecipientSchema = z.object({
  id,
  submissionId: id,
  applicantId: id,
  candidateName: z.string(),
  kind: z.enum(SELF_TAPE_RECIPIENT_KINDS),
  email: z.string(),
  status: z.enum(SELF_TAPE_RECIPIENT_STATUSES),
  deadline: isoDate,
  openedAt: isoDate.nullable(),
  submittedAt: isoDate.nullable(),
  late: z.boolean(),
  declineReason: z.string().nullable(),
  extension: z.enum(SELF_TAPE_EXTENSION_STATES).nullable(),
  extensionNote: z.string().nullable(),
});
export type SelfTapeRecipient = z.infer<typeof selfTapeRecipientSchema>;

export const selfTapeTrackingQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const selfTapeTrackingSchema = z.object({
  request: selfTapeRequestSchema,
  totals: z.object({
    recipients: z.number(),
    sent: z.number(),
    opened: z.number(),
    submitted: z.number(),
    late: z.number(),
    declined: z.number(),
    extensionsAsked: z.number(),
  }),
  items: z.array(selfTapeRecipientSchema),
  nextCursor: z.string().nullable(),
});
export type SelfTapeTracking = z.infer<typeof selfTapeTrackingSchema>;

export const selfTapeExtensionAnswerSchema = z.object({
  grant: z.boolean(),
  /** The recipient's new deadline when granted; it must be later than the one they have. */
  deadline: isoDate.optional(),
});

// The recipient's private page.
export const selfTapeSecretQuerySchema = z.object({ token: z.string().min(20).max(100) });
export const selfTapeTakeSchema = z.object({
  id,
  name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  uploadedAt: isoDate,
});
export const selfTapePrivatePageSchema = z.object({
  title: z.string(),
  officeName: z.string(),
  projectName: z.string(),
  roleName: z.string(),
  candidateName: z.string(),
  instructions: z.string(),
  slateInstructions: z.string(),
  sides: z.array(z.object({ name: z.string(), pages: z.number(), url: z.string() })),
  takes: z.number(),
  acceptedKinds: z.array(z.enum(MEDIA_KINDS)),
  maxLengthSeconds: z.number().nullable(),
  deadline: isoDate,
  timeZone: z.string(),
  latePolicy: z.enum(SELF_TAPE_LATE_POLICIES),
  status: z.enum(SELF_TAPE_RECIPIENT_STATUSES),
  /** The office closed the request: the page takes nothing more, and says so to whoever has not answered. */
  closed: z.boolean(),
  late: z.boolean(),
  extension: z.enum(SELF_TAPE_EXTENSION_STATES).nullable(),
  /** A represented talent's hand-in to their agents (null when the request has no agency review for them). */
  review: z.enum(SELF_TAPE_REVIEW_STATES).nullable(),
  /** For an agent of a request with agency review: the talent's takes, to forward or send back. */
  toReview: z
    .object({
      state: z.enum(SELF_TAPE_REVIEW_STATES),
      takes: z.array(z.object({ name: z.string(), kind: z.enum(MEDIA_KINDS), url: z.string() })),
    })
    .nullable(),
  uploaded: z.array(selfTapeTakeSchema),
  /** The grant the page's upload queue sends with its uploads; null once nothing more may be uploaded. */
  uploadGrant: z.string().nullable(),
});
export type SelfTapePrivatePage = z.infer<typeof selfTapePrivatePageSchema>;

export const selfTapeTakesSetSchema = z.object({
  token: z.string().min(20).max(100),
  /** The finished uploads that are the takes now; they replace the takes uploaded before. */
  keys: z.array(z.string().min(1).max(500)).min(1).max(20),
});
export const selfTapeSecretBodySchema = z.object({ token: z.string().min(20).max(100) });
export const selfTapeDeclineSchema = z.object({
  token: z.string().min(20).max(100),
  reason: z.string().trim().min(1).max(1000),
});
/** The release notice of a closed request: every candidate of it but those kept (named by their rows) receives it. */
export const selfTapeReleaseSchema = z.object({
  keepSubmissionIds: z.array(id).max(SELF_TAPE_MAX_CANDIDATES).default([]),
});
export const selfTapeReleaseResultSchema = z.object({ candidates: z.number(), mails: z.number() });

export const selfTapeReviewAnswerSchema = z.object({
  token: z.string().min(20).max(100),
  /** Forward the talent's takes to the office, or send them back to the talent. */
  forward: z.boolean(),
});
export const selfTapeExtensionAskSchema = z.object({
  token: z.string().min(20).max(100),
  note: z.string().trim().max(1000).default(''),
});
