import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MAX_INVITATIONS_PER_REQUEST, TEAM_MESSAGES } from '../contracts/team';
import { PROJECT_SCOPES } from '../roles';
import { inviteEmailSchema } from './fields';

export const teamInvitationSchema = z.object({
  email: inviteEmailSchema,
  scope: z.enum(PROJECT_SCOPES),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** skipWarning re-sends an invite after the different-agency warning was confirmed. */
export const inviteTeamMembersSchema = z.object({
  invitations: z
    .array(teamInvitationSchema)
    .min(1, MESSAGES.inviteSendInvalidEmail)
    .max(MAX_INVITATIONS_PER_REQUEST, TEAM_MESSAGES.tooManyInvitationsAtOnce(MAX_INVITATIONS_PER_REQUEST)),
  skipWarning: z.boolean().default(false),
});
export type InviteTeamMembersInput = z.input<typeof inviteTeamMembersSchema>;
export type InviteTeamMembers = z.infer<typeof inviteTeamMembersSchema>;
