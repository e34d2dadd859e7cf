export { PrivateInvitationPage, PrivateInvitationRoute } from './private-invitation';
