export { PrivateInvitationPage, PrivateInvitationRoute } from './private-invitation';
export { InviteToAuditionButton } from './invite-dialog';
