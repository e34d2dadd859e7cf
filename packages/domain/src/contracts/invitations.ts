import { z } from 'zod';
import { CANDIDATE_MESSAGES } from './candidates';
import { EMAIL_MESSAGES, INVITATION_INPUT_MAX_CHARS, INVITATION_MAX_ROWS, RECIPIENT_STATUSES } from './email';
import { cursorQuery, keysetPageFields } from './pagination';

const id = z.uuid({ error: CANDIDATE_MESSAGES.invalidId });

/** The invite page's messages: what a send still needs, and a list file too large to read. */
export const INVITATION_TEXTS = {
  chooseOpportunity: 'Choose an opportunity.',
  chooseLink: 'Choose a submission link, or create one.',
  chooseTemplate: 'Choose a template.',
  fileTooLarge: `This file is too large. Split the list into files of at most ${INVITATION_MAX_ROWS} people.`,
};

/** Invitations: a pasted list or a CSV file's text, read by the API so the preview and the send agree. */
export const invitationParseRequestSchema = z.object({
  text: z.string().max(INVITATION_INPUT_MAX_CHARS, EMAIL_MESSAGES.inputTooLong),
  format: z.enum(['LIST', 'CSV']),
  roleId: id.optional(),
});

export const invitationRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

export const invitationParseResultSchema = z.object({
  valid: z.array(invitationRowSchema),
  invalid: z.array(z.object({ line: z.number().int(), value: z.string(), reason: z.string() })),
  duplicates: z.array(invitationRowSchema),
  alreadyInvited: z.array(invitationRowSchema),
});
export type InvitationParseResult = z.infer<typeof invitationParseResultSchema>;

export const invitationSendRequestSchema = z.object({
  roleId: id,
  shareLinkId: id,
  templateId: id,
  people: z
    .array(
      z.object({
        email: z.string().trim().toLowerCase().max(254).pipe(z.email(EMAIL_MESSAGES.invalidEmail)),
        firstName: z.string().trim().max(100).default(''),
        lastName: z.string().trim().max(100).default(''),
      }),
    )
    .min(1, EMAIL_MESSAGES.noRows)
    .max(INVITATION_MAX_ROWS, EMAIL_MESSAGES.tooManyRows),
});
export type InvitationSendRequest = z.input<typeof invitationSendRequestSchema>;

export const invitationSendResultSchema = z.object({
  sendId: z.string().nullable(),
  invited: z.number().int(),
  skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
});

export const INVITATION_STATUSES = ['INVITED', 'FAILED', 'APPLIED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  opportunityName: z.string(),
  /** INVITED once the e-mail is queued or sent, FAILED when it could not be sent, APPLIED once the person applied. */
  status: z.enum(INVITATION_STATUSES),
  mailStatus: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  /** TS_INVITED when a talent submitter invited the person for their agency, else null. */
  submitterFolder: z.literal('TS_INVITED').nullable(),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema), ...keysetPageFields });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationListQuerySchema = z.object({
  roleId: id.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  ...cursorQuery,
});
