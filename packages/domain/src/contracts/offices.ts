import { z } from 'zod';
import { OFFICE_ROLES } from '../roles';

/**
 * Offices: a casting office owns its projects, its talent roster, its templates, imports and audit log; people
 * belong to offices with an office role; the installation's operator approves sign-ups when asked to. Request and
 * response shapes of the offices API.
 */

export const OFFICE_STATUSES = ['ACTIVE', 'PENDING_APPROVAL', 'SUSPENDED'] as const;
export type OfficeStatus = (typeof OFFICE_STATUSES)[number];

/** How strangers may sign up (the operator's SIGN_UP setting). */
export const SIGN_UP_MODES = ['open', 'approval', 'invitation'] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

export const OFFICE_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D MMM YYYY'] as const;
export type OfficeDateFormat = (typeof OFFICE_DATE_FORMATS)[number];

export const OFFICE_LIMITS = {
  nameMax: 120,
  senderNameMax: 120,
  legalTextMax: 64 * 1024,
  ageOfMajorityMin: 14,
  ageOfMajorityMax: 21,
  /** At least a month: a project archived by mistake, or reopened for a recast, is noticed before anything goes. */
  retentionDaysMin: 30,
  retentionDaysMax: 3650,
  invitationDays: 14,
  /** A logo as sent: JPEG, PNG, WebP or HEIC of at most this many bytes, judged by its content. */
  logoMaxBytes: 5 * 1024 * 1024,
  /** The stored logo's longest side, in pixels (a PNG). */
  logoMaxPx: 512,
  supportHoursMin: 1,
  supportHoursMax: 72,
  /** E-mail domains whose people may join the office by signing up. */
  memberDomainsMax: 10,
} as const;

/** The image types a logo may be sent as (by content, not by name). */
export const OFFICE_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

export const OFFICE_MESSAGES = {
  lastOwner: 'An office needs at least one owner. Make someone else an owner first.',
  notAMember: 'This person is not a member of your office.',
  noSuchOffice: 'You are not a member of that office, or it no longer exists.',
  officeNotActive: 'That office is waiting for the operator’s approval or has been suspended.',
  invitationNotFound:
    'This invitation does not exist or has been withdrawn. Ask the office owner for a new one.',
  invitationExpired: 'This invitation has expired. Ask the office owner for a new one.',
  invitationForAnotherAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  alreadyMember: 'This person is already a member of your office.',
  signUpByInvitationOnly:
    'New offices are created by invitation only on this installation. Ask an office owner to invite you.',
  awaitingApproval:
    'Your office is waiting for the operator’s approval. You will receive an e-mail once it is approved.',
  invalidTimeZone: 'Choose a time zone from the list (for example Europe/London).',
  dailyInvitationsUsed: (max: number) =>
    `Your office has sent its ${max} invitations for today. Try again tomorrow.`,
  logoNotAccepted: 'Choose a JPEG, PNG, WebP or HEIC image for the logo.',
  logoTooLarge: 'The logo must be 5 MB or smaller.',
  logoUnreadable: 'This image could not be read. Choose another file for the logo.',
  supportAccessNotGranted:
    'This office has not granted support access, or its grant has ended. Ask its owner to grant it.',
  notInSupportSession: 'You are not in a support session of this office.',
  invalidMemberDomain: 'Enter a domain such as harborcasting.com: no @, no https://, no spaces.',
  publicMailDomain: (domain: string) =>
    `Anyone can have an address at ${domain}, so it cannot let people join your office. Invite them instead.`,
  memberDomainNotYours: (domain: string) =>
    `Only an owner whose own address is at ${domain} can add it. Ask such an owner to add it.`,
  memberDomainTaken: (domain: string) =>
    `Another office on this installation already lets people at ${domain} join. Ask the installation’s operator.`,
} as const;

/** An IANA time zone name the runtime knows ("Europe/London"). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, OFFICE_MESSAGES.invalidTimeZone);

/** The office as its members see it: its name, formats and settings. Legal texts only for its owners. */
export const officeSchema = z.object({
  id: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  timeZone: z.string(),
  dateFormat: z.enum(OFFICE_DATE_FORMATS),
  mailSenderName: z.string().nullable(),
  status: z.enum(OFFICE_STATUSES),
  ageOfMajority: z.number().int(),
  retentionDays: z.number().int().nullable(),
  /** The caller's own role in the office; null for someone only on the team of one of its projects. */
  myRole: z.enum(OFFICE_ROLES).nullable(),
});
export type Office = z.infer<typeof officeSchema>;

/** The office's terms and privacy texts for its apply pages; null keeps the installation's default. */
export const officeLegalSchema = z.object({
  termsText: z.string().nullable(),
  privacyText: z.string().nullable(),
  /** Raised by every change of either text. */
  legalVersion: z.number().int(),
  /** Each raised by a change of its own text; an application records both versions its talent accepted. */
  termsVersion: z.number().int(),
  privacyVersion: z.number().int(),
});
export type OfficeLegal = z.infer<typeof officeLegalSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const updateOfficeSchema = z
  .object({
    name: z.string().trim().min(1).max(OFFICE_LIMITS.nameMax).optional(),
    timeZone: timeZoneSchema.optional(),
    dateFormat: z.enum(OFFICE_DATE_FORMATS).optional(),
    mailSenderName: optionalText(OFFICE_LIMITS.senderNameMax),
    termsText: optionalText(OFFICE_LIMITS.legalTextMax),
    privacyText: optionalText(OFFICE_LIMITS.legalTextMax),
    ageOfMajority: z
      .number()
      .int()
      .min(OFFICE_LIMITS.ageOfMajorityMin)
      .max(OFFICE_LIMITS.ageOfMajorityMax)
      .optional(),
    retentionDays: z
      .number()
      .int()
      .min(OFFICE_LIMITS.retentionDaysMin)
      .max(OFFICE_LIMITS.retentionDaysMax)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateOffice = z.infer<typeof updateOfficeSchema>;

/** One entry of the office switcher: an office the caller works in. */
export const myOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(OFFICE_STATUSES),
  role: z.enum(OFFICE_ROLES).nullable(),
  current: z.boolean(),
});
export type MyOffice = z.infer<typeof myOfficeSchema>;
export const myOfficesSchema = z.object({ items: z.array(myOfficeSchema) });
export type MyOffices = z.infer<typeof myOfficesSchema>;

export const switchOfficeSchema = z.object({ officeId: z.uuid() }).strict();
export type SwitchOffice = z.infer<typeof switchOfficeSchema>;

export const officeMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(OFFICE_ROLES),
  joinedAt: z.iso.datetime({ offset: true }),
});
export type OfficeMember = z.infer<typeof officeMemberSchema>;

export const officeMemberListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export const officeMemberListSchema = z.object({
  items: z.array(officeMemberSchema),
  nextCursor: z.string().nullable(),
});
export type OfficeMemberList = z.infer<typeof officeMemberListSchema>;

export const changeOfficeRoleSchema = z.object({ role: z.enum(OFFICE_ROLES) }).strict();

export const officeInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OFFICE_ROLES),
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type OfficeInvitation = z.infer<typeof officeInvitationSchema>;
export const officeInvitationListSchema = z.object({ items: z.array(officeInvitationSchema) });

export const createOfficeInvitationSchema = z
  .object({
    email: z.email().max(254),
    role: z.enum(OFFICE_ROLES),
  })
  .strict();
export type CreateOfficeInvitation = z.infer<typeof createOfficeInvitationSchema>;

/** What an invitation link shows before it is accepted (no account needed to read it). */
export const officeInvitationPreviewSchema = z.object({
  officeName: z.string(),
  email: z.string(),
  role: z.enum(OFFICE_ROLES),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type OfficeInvitationPreview = z.infer<typeof officeInvitationPreviewSchema>;

/** The office's support access for the installation's operator, as its owner sees it. */
export const supportAccessSchema = z.object({
  active: z.boolean(),
  /** When the live grant ends; null without one. */
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type SupportAccess = z.infer<typeof supportAccessSchema>;

export const grantSupportAccessSchema = z
  .object({
    hours: z.number().int().min(OFFICE_LIMITS.supportHoursMin).max(OFFICE_LIMITS.supportHoursMax),
  })
  .strict();
export type GrantSupportAccess = z.infer<typeof grantSupportAccessSchema>;

/** The operator's support session in an office: the office, in which they act as an owner, until the grant ends. */
export const supportSessionSchema = z.object({
  office: myOfficeSchema,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SupportSession = z.infer<typeof supportSessionSchema>;

export const acceptOfficeInvitationSchema = z.object({ token: z.string().min(20).max(200) }).strict();

/** The operator's list of the installation's offices. */
export const operatorOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(OFFICE_STATUSES),
  ownerEmails: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the support access the office grants the operator ends; null while it grants none. */
  supportUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type OperatorOffice = z.infer<typeof operatorOfficeSchema>;
export const operatorOfficeListQuerySchema = z.object({
  status: z.enum(OFFICE_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export const operatorOfficeListSchema = z.object({
  items: z.array(operatorOfficeSchema),
  nextCursor: z.string().nullable(),
});
export type OperatorOfficeList = z.infer<typeof operatorOfficeListSchema>;
export const setOfficeStatusSchema = z.object({ status: z.enum(OFFICE_STATUSES) }).strict();

/** The office roles a person may get by signing up with an address at one of the office's domains: never owner or client. */
export const MEMBER_SIGN_UP_ROLES = ['CASTING_DIRECTOR', 'CASTING_ASSISTANT'] as const;
export type MemberSignUpRole = (typeof MEMBER_SIGN_UP_ROLES)[number];

/** A mail domain as people write it after the @: letters, digits and hyphens in dot-separated labels, lower-cased. */
export const memberDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, OFFICE_MESSAGES.invalidMemberDomain)
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    OFFICE_MESSAGES.invalidMemberDomain,
  );

/**
 * Who may join the office by signing up: anyone who confirms an address at one of these domains becomes a member
 * with this role. No domains: people join only by invitation.
 */
export const memberSignUpSchema = z
  .object({
    domains: z.array(memberDomainSchema).max(OFFICE_LIMITS.memberDomainsMax),
    role: z.enum(MEMBER_SIGN_UP_ROLES),
  })
  .strict();
export type MemberSignUp = z.infer<typeof memberSignUpSchema>;
