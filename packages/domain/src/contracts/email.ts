import { z } from 'zod';
import { emailDocSchema } from '../email/document';
import { isMergeField, mergeFieldsIn, MERGE_FIELDS } from '../email/render';
import { docTexts } from '../email/document';
import { CANDIDATE_MESSAGES } from './candidates';
import { cursorQuery, keysetPageFields } from './pagination';

/**
 * E-mail templates, sending to candidates, the opt-out and late bounces (decisions 0032, 0033, 0375, 0377). Invitations to apply,
 * which are sends of their own kind, have their shapes in invitations.ts.
 */

export const EMAIL_SEND_MAX_RECIPIENTS = 500;
export const INVITATION_MAX_ROWS = 500;
/** A pasted list or CSV file larger than this is refused before it is read. */
export const INVITATION_INPUT_MAX_CHARS = 200_000;

/** Delivery-failure events one webhook call may carry (providers batch them; decision 0058). */
export const BOUNCE_EVENTS_MAX = 500;

export const EMAIL_MESSAGES = {
  templateNameRequired: 'Give the template a name.',
  subjectRequired: 'Write a subject.',
  unknownMergeFields: (names: readonly string[]) =>
    `Unknown merge field${names.length === 1 ? '' : 's'}: ${names.map((name) => `{{${name}}}`).join(', ')}. ` +
    `Use one from the menu: ${MERGE_FIELDS.map((name) => `{{${name}}}`).join(', ')}.`,
  templateOrMessage: 'Choose a template or write a message.',
  linkNeeded: 'This message uses {{submissionLink}}: choose a submission link.',
  linkNotInProject: 'Choose a submission link of this project.',
  chooseCandidates: 'Select at least one candidate.',
  tooManyRecipients: `Send to at most ${EMAIL_SEND_MAX_RECIPIENTS} people at a time.`,
  noAddress: 'No e-mail address on file',
  optedOut: 'Unsubscribed from this project’s e-mails',
  bounced: 'This address bounced before; mail to it is no longer sent',
  interrupted: 'Sending was interrupted and may or may not have reached the person; it is not repeated',
  optOutInvalid: 'This unsubscribe link is not valid. Use the link from the e-mail you received.',
  optOutDone: 'You will no longer receive e-mails about this project from its casting team.',
  /** The reason a message shows once the mail provider reported it undeliverable after it left (a late bounce). */
  lateBounce: (reason: string) => `Bounced after sending: ${reason}`,
  bounceEventsTooMany: `Send at most ${BOUNCE_EVENTS_MAX} bounce events at a time.`,
  bounceEmailInvalid: 'Each bounce event needs the e-mail address that bounced.',
  bounceReasonRequired: 'Each bounce event needs the reason the mail provider gave.',
  invalidEmail: 'Not a valid e-mail address',
  duplicateEmail: 'Listed more than once',
  alreadyInvited: 'Already invited to this opportunity',
  noRows: 'Paste at least one e-mail address or upload a CSV file with an e-mail column.',
  noEmailColumn: 'The CSV file has no column named email (or e-mail).',
  inputTooLong: `The list is too long (at most ${INVITATION_INPUT_MAX_CHARS.toLocaleString('en-US')} characters).`,
  tooManyRows: `Invite at most ${INVITATION_MAX_ROWS} people at a time.`,
  opportunityNotInProject: 'Choose an opportunity of this project.',
  linkNotForOpportunity: 'This submission link does not accept submissions for the chosen opportunity.',
  /** A send refused by the sender's own daily allowance of e-mails to candidates (sends and invitations together). */
  accountAllowanceUsed: (remaining: number, max: number, needed: number) =>
    `You can send ${remaining} more ${remaining === 1 ? 'e-mail' : 'e-mails'} to candidates today (at most ${max} a day), ` +
    `and this would send ${needed}. Send to fewer people, or try again tomorrow.`,
  /** A send refused by the office's daily allowance, shared by everyone who e-mails candidates for it. */
  officeAllowanceUsed: (remaining: number, max: number, needed: number) =>
    `Your office can send ${remaining} more ${remaining === 1 ? 'e-mail' : 'e-mails'} to candidates today (at most ${max} a day), ` +
    `and this would send ${needed}. Send to fewer people, or try again tomorrow.`,
  /** What the send and invite pages say about the allowance left. */
  allowanceLeft: (remaining: number) =>
    `You can send ${remaining.toLocaleString('en-US')} more ${remaining === 1 ? 'e-mail' : 'e-mails'} to candidates today.`,
  allowanceExceeded: (remaining: number, needed: number) =>
    `This would send ${needed.toLocaleString('en-US')} e-mails, but only ${remaining.toLocaleString('en-US')} more can go out today.`,
} as const;

/**
 * The daily allowance of e-mails to candidates (candidate e-mails and invitations to apply together) left to the
 * caller: the smaller of what their account and their office may still send in the current day-long window (decision 0160).
 */
export const emailAllowanceSchema = z.object({
  remaining: z.number().int().min(0),
  account: z.object({ max: z.number().int(), remaining: z.number().int().min(0) }),
  office: z.object({ max: z.number().int(), remaining: z.number().int().min(0) }),
});
export type EmailAllowance = z.infer<typeof emailAllowanceSchema>;

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });

const unknownFields = (texts: readonly string[]) =>
  mergeFieldsIn(texts).filter((name) => !isMergeField(name));

export const emailSubjectSchema = z
  .string()
  .trim()
  .min(1, EMAIL_MESSAGES.subjectRequired)
  .max(200, CANDIDATE_MESSAGES.tooLong(200));

/** A template's editable parts; unknown merge fields are refused so a typo never reaches a candidate. */
export const emailTemplateInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, EMAIL_MESSAGES.templateNameRequired)
      .max(120, CANDIDATE_MESSAGES.tooLong(120)),
    subject: emailSubjectSchema,
    body: emailDocSchema,
  })
  .superRefine((value, ctx) => {
    const unknown = unknownFields([value.subject, ...docTexts(value.body.content)]);
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: EMAIL_MESSAGES.unknownMergeFields(unknown) });
    }
  });
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: emailDocSchema,
  starterKey: z.string().nullable(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({
  items: z.array(emailTemplateSchema.omit({ body: true })),
  ...keysetPageFields,
});
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

export const emailTemplateListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  ...cursorQuery,
});

/** What a message is made of: a saved template, or a one-off subject and body. */
const messageFields = {
  templateId: id.optional(),
  subject: emailSubjectSchema.optional(),
  body: emailDocSchema.optional(),
  /** The submission link {{submissionLink}} stands for. */
  shareLinkId: id.nullable().optional(),
};
const needsMessage = (value: {
  templateId?: string | undefined;
  subject?: string | undefined;
  body?: unknown;
}) => value.templateId !== undefined || (value.subject !== undefined && value.body !== undefined);

export const emailPreviewRequestSchema = z
  .object({ ...messageFields, submissionId: id.optional() })
  .refine(needsMessage, { message: EMAIL_MESSAGES.templateOrMessage, path: ['templateId'] });
export type EmailPreviewRequest = z.infer<typeof emailPreviewRequestSchema>;

export const renderedEmailSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  to: z.string().nullable(),
});
export type RenderedEmailView = z.infer<typeof renderedEmailSchema>;

export const emailSendRequestSchema = z
  .object({
    ...messageFields,
    /** Rows of the candidates workspace (submissions). */
    submissionIds: z
      .array(id)
      .min(1, EMAIL_MESSAGES.chooseCandidates)
      .max(EMAIL_SEND_MAX_RECIPIENTS, EMAIL_MESSAGES.tooManyRecipients),
  })
  .refine(needsMessage, { message: EMAIL_MESSAGES.templateOrMessage, path: ['templateId'] });
export type EmailSendRequest = z.infer<typeof emailSendRequestSchema>;

export const RECIPIENT_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const recipientStatusLabel: Record<RecipientStatus, string> = {
  QUEUED: 'Queued',
  SENDING: 'Sending',
  SENT: 'Sent',
  FAILED: 'Failed',
  SKIPPED: 'Not sent',
};

export const EMAIL_SEND_KINDS = ['CANDIDATES', 'INVITATION'] as const;

const statusCounts = z.object(
  Object.fromEntries(RECIPIENT_STATUSES.map((status) => [status, z.number().int()])) as Record<
    RecipientStatus,
    z.ZodNumber
  >,
);

export const emailSendSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(EMAIL_SEND_KINDS),
  subject: z.string(),
  templateName: z.string().nullable(),
  sentBy: z.string(),
  createdAt: z.string(),
  counts: statusCounts,
});
export type EmailSendSummary = z.infer<typeof emailSendSummarySchema>;

export const emailRecipientSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type EmailRecipient = z.infer<typeof emailRecipientSchema>;

export const emailSendDetailSchema = emailSendSummarySchema.extend({
  recipients: z.array(emailRecipientSchema),
});
export type EmailSendDetail = z.infer<typeof emailSendDetailSchema>;

export const emailSendListSchema = z.object({ items: z.array(emailSendSummarySchema), ...keysetPageFields });
export type EmailSendList = z.infer<typeof emailSendListSchema>;

export const emailSendListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  ...cursorQuery,
});

export const optOutRequestSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{24}$/, EMAIL_MESSAGES.optOutInvalid),
});
export const optOutResultSchema = z.object({ projectName: z.string(), message: z.string() });

/**
 * The mail provider's bounce webhook (decision 0058): delivery failures reported after a message left. Only permanent
 * ones mark the address; a temporary one (mailbox full) is accepted and ignored, as the provider retries it itself.
 */
export const bounceEventSchema = z.object({
  email: z
    .email({ error: EMAIL_MESSAGES.bounceEmailInvalid })
    .max(320, EMAIL_MESSAGES.bounceEmailInvalid)
    .transform((value) => value.toLowerCase()),
  reason: z
    .string({ error: EMAIL_MESSAGES.bounceReasonRequired })
    .trim()
    .min(1, EMAIL_MESSAGES.bounceReasonRequired)
    .max(2000)
    .transform((value) => value.slice(0, 400)),
  permanent: z.boolean(),
});
/** The body is the list of events itself, as providers post them. */
export const bounceReportSchema = z
  .array(bounceEventSchema)
  .max(BOUNCE_EVENTS_MAX, EMAIL_MESSAGES.bounceEventsTooMany);
export type BounceReport = z.infer<typeof bounceReportSchema>;
export const bounceReportResultSchema = z.object({
  /** Permanent bounces recorded (each address once). */
  recorded: z.number().int(),
  /** Sent messages now shown as failed. */
  marked: z.number().int(),
});
