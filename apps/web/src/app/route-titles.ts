import type { RouteId } from '../lib/routing/patterns';

/** The section name each route gives the browser tab (see lib/routing/document-title.ts). */
export const ROUTE_TITLES: Partial<Record<RouteId, string>> = {
  signIn: 'Sign in',
  signUp: 'Create your account',
  resetPassword: 'Reset password',
  confirmUser: 'Confirm your account',
  checkEmail: 'Check your email',
  resetPasswordSuccessfully: 'Password changed',
  forgotPassword: 'Forgot password',
  profile: 'Profile',
  profileEdit: 'Edit profile',
  projects: 'Projects',
  projectV2Create: 'New project',
  projectV2Edit: 'Edit project',
  projectV2View: 'Project details',
  projectOverview: 'Overview',
  projectRoles: 'Opportunities',
  projectCandidates: 'Candidates',
  projectChat: 'Chat',
  projectApplicantLinks: 'Applicant links',
  projectEmailTemplates: 'Email templates',
  projectRosterManagement: 'Roster management',
  enums: 'Enums',
  users: 'Users',
  import: 'Import',
  notFound: 'Page not found',
};
