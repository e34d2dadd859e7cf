import { z } from 'zod';
import { PROJECT_SCOPES } from '../roles';

/** Team access (project accesses) and access scopes: request and response shapes. */

export const TEAM_MESSAGES = {
  // (ours) The server's text for AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY; the web shows its own dialog for the code.
  differentAgency:
    'This person represents a different agency than the one working on this project. Send again with skipWarning to proceed.',
  ownerLocked: "The project owner's access cannot be changed or removed.",
  // (ours) Re-sending is for invitations nobody has accepted yet; a member who joined needs no invitation.
  notPendingInvitation: 'This person has already joined the project; there is no invitation to send again.',
  /** A scope outside what the caller's own scope may grant, change or remove; `verb` says which. */
  scopeNotAllowed: (verb: string, scope: string) =>
    `Your project role does not allow you to ${verb} ${scope}.`,
  tooManyInvitationsAtOnce: (max: number) => `Invite at most ${max} people at a time.`,
  dailyInvitationsUsed: (max: number) =>
    `You have sent ${max} invitations today, the daily limit. Please try again tomorrow.`,
} as const;

/**
 * Invitations one request may carry. Every invitation is an e-mail sent in the inviter's name with a subject built
 * from a project name they chose: unbounded, the invite dialog would be an open mail relay.
 */
export const MAX_INVITATIONS_PER_REQUEST = 50;

export const TEAM_MEMBER_STATUSES = ['ACTIVE', 'INVITED'] as const;

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  scope: z.enum(PROJECT_SCOPES),
  /** The member's account; null while an invited address has not signed up. */
  user: z
    .object({
      id: z.string(),
      fullName: z.string(),
      imageUrl: z.string().nullable(),
    })
    .nullable(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  /** The project's creator: their access can be neither changed nor removed. */
  isOwner: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export const teamListSchema = z.object({
  items: z.array(teamMemberSchema),
  total: z.number().int().min(0),
});
export type TeamList = z.infer<typeof teamListSchema>;

/**
 * What an invitation did: members added, addresses already on the team (left as they were), and addresses of talent
 * accounts, which are never added (the web app shows 'Cannot Add Talent as Team Member').
 */
export const inviteResultSchema = z.object({
  accesses: z.array(teamMemberSchema),
  duplicateEmails: z.array(z.string()),
  talentEmails: z.array(z.string()),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

export const updateAccessSchema = z.object({ scope: z.enum(PROJECT_SCOPES) });
export type UpdateAccess = z.infer<typeof updateAccessSchema>;

/** GET /projects/access-scopes: every scope with what its holder may grant and change. */
export const accessScopeSchema = z.object({
  code: z.enum(PROJECT_SCOPES),
  name: z.string(),
  scopeAllowedToCreate: z.array(z.enum(PROJECT_SCOPES)),
  scopeAllowedToUpdate: z.array(z.enum(PROJECT_SCOPES)),
});
export const accessScopeListSchema = z.object({ items: z.array(accessScopeSchema) });
export type AccessScope = z.infer<typeof accessScopeSchema>;
