export { InviteCandidatesPage } from './invite-page';
