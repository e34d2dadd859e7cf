import { matchRoutes } from 'react-router';
import { PATTERNS } from '../lib/routing/patterns';
import type { RouteId } from '../lib/routing/patterns';

/**
 * Who may open a route:
 * - guest: signed-out visitors only (auth pages);
 * - public: signed out, admin and super admin (client review, downloads, apply pages, ...);
 * - account: SUPER_ADMIN and ADMIN accounts (a person's own profile);
 * - staff: SUPER_ADMIN and ADMIN accounts but client accounts, whose pages are the client review layout's;
 * - superAdmin: SUPER_ADMIN accounts only;
 * - importers: staff but casting assistants (user role id 3), who may not import.
 */
export type AccessGroup = 'guest' | 'public' | 'account' | 'staff' | 'office' | 'importers' | 'superAdmin';

/** The page each route shows; app/pages.tsx maps the names that exist to components. */
export type PageName =
  | 'SignInPage'
  | 'SignUpPage'
  | 'ResetPasswordPage'
  | 'ConfirmUserPage'
  | 'CheckEmailPage'
  | 'ResetPasswordSuccessPage'
  | 'ForgotPasswordPage'
  | 'DeepLinkingPage'
  | 'ClientReviewSubmissionPage'
  | 'ClientReviewAuthPage'
  | 'ClientReviewProjectPage'
  | 'ClientReviewProjectsPage'
  | 'DownloadsPage'
  | 'ProjectSharePage'
  | 'ProfilePage'
  | 'ProfileEditPage'
  | 'ProjectsPage'
  | 'ProjectV2CreatePage'
  | 'ProjectV2EditPage'
  | 'ProjectV2ViewPage'
  | 'ProjectChatPage'
  | 'ProjectCandidatesPage'
  | 'ProjectOverviewPage'
  | 'ProjectRolesPage'
  | 'ProjectAdminScriptsPage'
  | 'InviteCandidatesPage'
  | 'ProjectCreatePage'
  | 'SendEmailPage'
  | 'EmailTemplatesPage'
  | 'EmailTemplateEditorPage'
  | 'ApplicantLinksPage'
  | 'RosterManagementPage'
  | 'NotFoundPage'
  | 'EnumsPage'
  | 'ImportPage'
  | 'UsersPage'
  | 'AuditPage'
  | 'AgenciesPage'
  | 'RosterPage'
  | 'OfficeSettingsPage'
  | 'OfficeMembersPage'
  | 'OfficeInvitationPage'
  | 'OperatorOfficesPage'
  | 'HomeRedirect'
  | 'SubmitPage'
  | 'ApplyPage'
  | 'ClaimConfirmationPage'
  | 'PrivateSubmissionPage'
  | 'EmailOptOutPage'
  | 'ChatReplyPage'
  | 'TermsPage'
  | 'PrivacyPage'
  | 'SelfTapePage'
  | 'SelfTapeTrackingPage'
  | 'AuditionInvitationPage'
  | 'ComparePage'
  | 'PresentationsPage'
  | 'AuditionSessionsPage'
  | 'AuditionSchedulePage'
  | 'AuditionCheckInPage'
  | 'SelfTapeRequestsPage'
  | 'AuditionDayPage';

export interface AppRoute {
  id: RouteId;
  path: string;
  access: AccessGroup;
  page: PageName;
}

function route(id: RouteId, access: AccessGroup, page: PageName): AppRoute {
  return { id, path: PATTERNS[id], access, page };
}

/**
 * Every route of the product with who may open it: the auth pages are for signed-out visitors, the
 * back office for staff, /users, /enums and admin scripts for super admins, and the pages reached
 * from shared links (client review, downloads, apply) for anyone.
 */
export const ROUTES: readonly AppRoute[] = [
  route('signIn', 'guest', 'SignInPage'),
  route('signUp', 'guest', 'SignUpPage'),
  route('resetPassword', 'guest', 'ResetPasswordPage'),
  route('confirmUser', 'guest', 'ConfirmUserPage'),
  route('checkEmail', 'guest', 'CheckEmailPage'),
  route('resetPasswordSuccessfully', 'guest', 'ResetPasswordSuccessPage'),
  route('forgotPassword', 'guest', 'ForgotPasswordPage'),

  route('deepLinking', 'public', 'DeepLinkingPage'),
  route('clientReviewSubmission', 'public', 'ClientReviewSubmissionPage'),
  route('clientReviewSubmissionAuth', 'public', 'ClientReviewAuthPage'),
  route('clientReviewProject', 'public', 'ClientReviewProjectPage'),
  route('clientReviewProjects', 'public', 'ClientReviewProjectsPage'),
  route('downloads', 'public', 'DownloadsPage'),
  route('projectShare', 'public', 'ProjectSharePage'),

  route('profile', 'account', 'ProfilePage'),
  route('profileEdit', 'account', 'ProfileEditPage'),
  route('projects', 'staff', 'ProjectsPage'),
  route('projectV2Create', 'staff', 'ProjectV2CreatePage'),
  route('projectV2Edit', 'staff', 'ProjectV2EditPage'),
  route('projectV2View', 'staff', 'ProjectV2ViewPage'),

  route('projectChat', 'staff', 'ProjectChatPage'),
  route('projectCandidates', 'staff', 'ProjectCandidatesPage'),
  route('projectOverview', 'staff', 'ProjectOverviewPage'),
  route('projectRoles', 'staff', 'ProjectRolesPage'),
  route('projectAdminScripts', 'superAdmin', 'ProjectAdminScriptsPage'),
  route('projectInviteCandidates', 'staff', 'InviteCandidatesPage'),
  route('projectCreate', 'staff', 'ProjectCreatePage'),
  route('projectCreateDraft', 'staff', 'ProjectCreatePage'),
  route('projectSendEmail', 'staff', 'SendEmailPage'),
  route('projectEmailTemplates', 'staff', 'EmailTemplatesPage'),
  route('projectEmailTemplate', 'staff', 'EmailTemplateEditorPage'),
  route('projectEmailTemplateNew', 'staff', 'EmailTemplateEditorPage'),
  route('projectApplicantLinks', 'staff', 'ApplicantLinksPage'),
  route('projectRosterManagement', 'staff', 'RosterManagementPage'),

  route('notFound', 'public', 'NotFoundPage'),
  route('enums', 'superAdmin', 'EnumsPage'),
  route('import', 'importers', 'ImportPage'),
  route('users', 'superAdmin', 'UsersPage'),
  route('audit', 'superAdmin', 'AuditPage'),
  route('agencies', 'superAdmin', 'AgenciesPage'),
  route('roster', 'office', 'RosterPage'),
  // The office's own pages: who may change what is decided by the caller's role in the office, on the page and by
  // the API; an account's role only keeps client accounts out, as for the roster.
  route('officeSettings', 'office', 'OfficeSettingsPage'),
  route('officeMembers', 'office', 'OfficeMembersPage'),
  route('operatorOffices', 'superAdmin', 'OperatorOfficesPage'),
  route('home', 'staff', 'HomeRedirect'),
  route('projectPresentations', 'staff', 'PresentationsPage'),

  route('submit', 'public', 'SubmitPage'),
  route('castingCallApply', 'public', 'ApplyPage'),
  route('castingCallApplySlug', 'public', 'ApplyPage'),
  route('typedApply', 'public', 'ApplyPage'),
  route('typedApplySlug', 'public', 'ApplyPage'),
  route('claimConfirmation', 'public', 'ClaimConfirmationPage'),
  route('submission', 'public', 'PrivateSubmissionPage'),
  route('emailOptOut', 'public', 'EmailOptOutPage'),
  route('chatReply', 'public', 'ChatReplyPage'),
  route('terms', 'public', 'TermsPage'),
  route('privacy', 'public', 'PrivacyPage'),
  // Opened from an e-mail by someone who may have no account yet, or be signed in with any account.
  route('officeInvitation', 'public', 'OfficeInvitationPage'),
  route('selfTapePage', 'public', 'SelfTapePage'),
  route('projectSelfTapes', 'staff', 'SelfTapeTrackingPage'),
  // Opened from an invitation e-mail by a talent or an agent, who need no account.
  route('auditionInvitation', 'public', 'AuditionInvitationPage'),
  route('projectCompare', 'staff', 'ComparePage'),
  route('projectAuditions', 'staff', 'AuditionSessionsPage'),
  route('projectAuditionSchedule', 'staff', 'AuditionSchedulePage'),
  route('projectAuditionCheckIn', 'staff', 'AuditionCheckInPage'),
  route('projectSelfTapeRequests', 'staff', 'SelfTapeRequestsPage'),
  route('projectAuditionDay', 'staff', 'AuditionDayPage'),
];

export interface RouteMatch {
  route: AppRoute;
  params: Readonly<Record<string, string | undefined>>;
}

/** The route a pathname opens, ranked as React Router ranks them (static segments win), or null. */
export function findRoute(pathname: string): RouteMatch | null {
  const matches = matchRoutes([...ROUTES], pathname);
  const last = matches?.at(-1);
  return last ? { route: last.route, params: last.params } : null;
}
