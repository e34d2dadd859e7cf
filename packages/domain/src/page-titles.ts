/**
 * Page titles the browser tab (the route table's titles) and the page's own heading or navigation entry both show
 * (ours): one text per page (decision 0069). A module of its own, small, because the public pages' first download
 * needs the route table's titles but none of the signed-in app's other texts.
 */
export const PAGE_TITLES = {
  applicantLinks: 'Applicant links',
  checkYourEmail: 'Check your email',
  confirmRepresentation: 'Confirm representation',
  createYourAccount: 'Create your account',
  editProfile: 'Edit profile',
  editProject: 'Edit project',
  emailTemplates: 'Email templates',
  inviteCandidates: 'Invite candidates',
  newProject: 'New project',
  officeInvitation: 'Office invitation',
  officeMembers: 'Members',
  officeSettings: 'Office settings',
  offices: 'Offices',
  pageNotFound: 'Page not found',
  projectDetails: 'Project details',
  rosterManagement: 'Roster management',
  signIn: 'Sign in',
  yourProjects: 'Your projects',
  yourSubmission: 'Your submission',
  auditionInvitation: 'Your invitation',
  selfTapeRequest: 'Self-tape request',
};
