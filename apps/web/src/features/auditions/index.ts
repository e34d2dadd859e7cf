export { PrivateInvitationPage, PrivateInvitationRoute } from './private-invitation';
export { InviteToAuditionButton } from './invite-dialog';
export { CandidateAuditionSessions } from './candidate-sessions';
