import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { ApplyAddressProvider } from '../features/apply';
import { lazyComponent } from '../lib/lazy/lazy-component';
import type { LazyComponent } from '../lib/lazy/lazy-component';
import { paths } from '../lib/routing/paths';
import { useAuth } from '../lib/auth/auth-provider';
import { homeOf } from './guard/resolve-route-access';
import type { PageName } from './routes';

/** `/`: the signed-in person's home (the guard lets only signed-in staff here; a client account goes to its own). */
function HomeRedirect() {
  const { user } = useAuth();
  return <Navigate to={user ? homeOf(user) : paths.projects} replace />;
}

type LazyPage = LazyComponent<object>;

/**
 * Each page is its own chunk: the sign-in page must not download the projects workspace, and a
 * public apply page must not download the back office.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage =>
  lazyComponent(load, pick);

const eager = (Component: ComponentType): LazyPage => ({
  Component,
  preload: () => Promise.resolve(Component),
});

/**
 * The apply pages read their address from a context rather than from React Router, so their own entry
 * (apply.html) needs no router library; inside the app the router fills that context (decision 0046).
 */
function routedApplyPage(Provider: typeof ApplyAddressProvider, Page: ComponentType): ComponentType {
  return function RoutedApplyPage() {
    const params = useParams();
    const [search] = useSearchParams();
    const { pathname } = useLocation();
    return (
      <Provider value={{ params, search, pathname }}>
        <Page />
      </Provider>
    );
  };
}

const notFound = lazyPage(
  () => import('../features/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);

/**
 * The page of each route. Every route's page exists today; the table stays partial so that a route can be declared
 * before its page is written: it then shows the not-found page (an honest 404 rather than a stand-in screen) and no
 * navigation entry offers it.
 */
const BUILT_PAGES: Partial<Record<PageName, LazyPage>> = {
  SignInPage: lazyPage(
    () => import('../features/identity/sign-in-page'),
    (m) => m.SignInPage,
  ),
  SignUpPage: lazyPage(
    () => import('../features/identity/sign-up-page'),
    (m) => m.SignUpPage,
  ),
  ConfirmUserPage: lazyPage(
    () => import('../features/identity/confirm-user-page'),
    (m) => m.ConfirmUserPage,
  ),
  ForgotPasswordPage: lazyPage(
    () => import('../features/identity/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  CheckEmailPage: lazyPage(
    () => import('../features/identity/check-email-page'),
    (m) => m.CheckEmailPage,
  ),
  ResetPasswordPage: lazyPage(
    () => import('../features/identity/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  ResetPasswordSuccessPage: lazyPage(
    () => import('../features/identity/reset-password-success-page'),
    (m) => m.ResetPasswordSuccessPage,
  ),
  ProfilePage: lazyPage(
    () => import('../features/profile/profile-page'),
    (m) => m.ProfilePage,
  ),
  ProfileEditPage: lazyPage(
    () => import('../features/profile/profile-edit-page'),
    (m) => m.ProfileEditPage,
  ),
  UsersPage: lazyPage(
    () => import('../features/users'),
    (m) => m.UsersPage,
  ),
  AuditPage: lazyPage(
    () => import('../features/audit'),
    (m) => m.AuditPage,
  ),
  AgenciesPage: lazyPage(
    () => import('../features/agencies'),
    (m) => m.AgenciesPage,
  ),
  ProjectCreatePage: lazyPage(
    () => import('../features/project-wizard'),
    (m) => m.ProjectWizardPage,
  ),
  ProjectAdminScriptsPage: lazyPage(
    () => import('../features/admin-scripts'),
    (m) => m.ProjectAdminScriptsPage,
  ),
  ImportPage: lazyPage(
    () => import('../features/import'),
    (m) => m.ImportPage,
  ),
  NotFoundPage: notFound,
  HomeRedirect: eager(HomeRedirect),
  ProjectsPage: lazyPage(
    () => import('../features/projects'),
    (m) => m.ProjectsPage,
  ),
  ProjectV2CreatePage: lazyPage(
    () => import('../features/projects'),
    (m) => m.ProjectCreatePage,
  ),
  ProjectV2EditPage: lazyPage(
    () => import('../features/projects'),
    (m) => m.ProjectEditPage,
  ),
  ProjectV2ViewPage: lazyPage(
    () => import('../features/projects'),
    (m) => m.ProjectViewPage,
  ),
  ProjectOverviewPage: lazyPage(
    () => import('../features/projects'),
    (m) => m.ProjectOverviewPage,
  ),
  ProjectCandidatesPage: lazyPage(
    () => import('../features/candidates'),
    (m) => m.ProjectCandidatesPage,
  ),
  ProjectRolesPage: lazyPage(
    () => import('../features/opportunities'),
    (m) => m.ProjectRolesPage,
  ),
  ApplicantLinksPage: lazyPage(
    () => import('../features/links'),
    (m) => m.ApplicantLinksPage,
  ),
  RosterPage: lazyPage(
    () => import('../features/roster'),
    (m) => m.RosterPage,
  ),
  OfficeSettingsPage: lazyPage(
    () => import('../features/offices'),
    (m) => m.OfficeSettingsPage,
  ),
  OfficeMembersPage: lazyPage(
    () => import('../features/offices'),
    (m) => m.OfficeMembersPage,
  ),
  OperatorOfficesPage: lazyPage(
    () => import('../features/offices'),
    (m) => m.OperatorOfficesPage,
  ),
  OfficeInvitationPage: lazyPage(
    () => import('../features/offices'),
    (m) => m.OfficeInvitationPage,
  ),
  RosterManagementPage: lazyPage(
    () => import('../features/roster'),
    (m) => m.RosterManagementPage,
  ),
  // The public apply pages are one chunk of their own (no back office, no form library): decision 0701.
  SubmitPage: lazyPage(
    () => import('../features/apply'),
    (m) => routedApplyPage(m.ApplyAddressProvider, m.ApplyPage),
  ),
  ApplyPage: lazyPage(
    () => import('../features/apply'),
    (m) => routedApplyPage(m.ApplyAddressProvider, m.ApplyPage),
  ),
  ClaimConfirmationPage: lazyPage(
    () => import('../features/apply'),
    (m) => routedApplyPage(m.ApplyAddressProvider, m.ClaimConfirmationPage),
  ),
  PrivateSubmissionPage: lazyPage(
    () => import('../features/apply'),
    (m) => routedApplyPage(m.ApplyAddressProvider, m.PrivateSubmissionRoute),
  ),
  InviteCandidatesPage: lazyPage(
    () => import('../features/invitations'),
    (m) => m.InviteCandidatesPage,
  ),
  EmailTemplatesPage: lazyPage(
    () => import('../features/email/templates-page'),
    (m) => m.EmailTemplatesPage,
  ),
  EmailTemplateEditorPage: lazyPage(
    () => import('../features/email/template-editor-page'),
    (m) => m.EmailTemplateEditorPage,
  ),
  SendEmailPage: lazyPage(
    () => import('../features/email/send-page'),
    (m) => m.SendEmailPage,
  ),
  EmailOptOutPage: lazyPage(
    () => import('../features/email/opt-out-page'),
    (m) => m.EmailOptOutPage,
  ),
  ProjectChatPage: lazyPage(
    () => import('../features/chat/chat-page'),
    (m) => m.ProjectChatPage,
  ),
  // The public reply page of chat e-mails is a small chunk of its own, like the apply pages.
  TermsPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.TermsPage,
  ),
  PrivacyPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.PrivacyPage,
  ),
  ChatReplyPage: lazyPage(
    () => import('../features/chat/reply-page'),
    (m) => m.ChatReplyPage,
  ),
  // The client review pages are one lean chunk of their own, like the apply pages (decision 0037).
  ClientReviewSubmissionPage: lazyPage(
    () => import('../features/client-review/portal-pages'),
    (m) => m.ClientReviewSubmissionPage,
  ),
  ClientReviewAuthPage: lazyPage(
    () => import('../features/client-review/portal-pages'),
    (m) => m.ClientReviewAuthPage,
  ),
  // A client account's review of a project it was invited to (signed in; its own chunk, not the portal's).
  ClientReviewProjectPage: lazyPage(
    () => import('../features/client-review/review-project-page'),
    (m) => m.ClientReviewProjectPage,
  ),
  ClientReviewProjectsPage: lazyPage(
    () => import('../features/client-review/review-projects-page'),
    (m) => m.ClientReviewProjectsPage,
  ),
  ProjectSharePage: lazyPage(
    () => import('../features/project-share/project-share-page'),
    (m) => m.ProjectSharePage,
  ),
  DeepLinkingPage: lazyPage(
    () => import('../features/deep-linking/deep-linking-page'),
    (m) => m.DeepLinkingPage,
  ),
  DownloadsPage: lazyPage(
    () => import('../features/media/downloads-page'),
    (m) => m.DownloadsPage,
  ),
  EnumsPage: lazyPage(
    () => import('../features/lookups'),
    (m) => m.EnumsPage,
  ),
  SelfTapePage: lazyPage(
    () => import('../features/self-tapes'),
    (m) => m.SelfTapePage,
  ),
  SelfTapeTrackingPage: lazyPage(
    () => import('../features/self-tapes'),
    (m) => m.SelfTapeTrackingPage,
  ),
  // The private page's own file: the feature's index also carries the team's invite dialog.
  AuditionInvitationPage: lazyPage(
    () => import('../features/auditions/private-invitation'),
    (m) => m.PrivateInvitationRoute,
  ),
  ComparePage: lazyPage(
    () => import('../features/compare'),
    (m) => m.ComparePage,
  ),
  PresentationsPage: lazyPage(
    () => import('../features/presentations'),
    (m) => m.PresentationsPage,
  ),
  AuditionSessionsPage: lazyPage(
    () => import('../features/auditions/sessions-page'),
    (m) => m.AuditionSessionsPage,
  ),
  AuditionSchedulePage: lazyPage(
    () => import('../features/auditions/schedule-page'),
    (m) => m.AuditionSchedulePage,
  ),
  AuditionCheckInPage: lazyPage(
    () => import('../features/auditions/check-in-page'),
    (m) => m.AuditionCheckInPage,
  ),
  SelfTapeRequestsPage: lazyPage(
    () => import('../features/self-tapes'),
    (m) => m.SelfTapeRequestsPage,
  ),
  AuditionDayPage: lazyPage(
    () => import('../features/auditions/day-page'),
    (m) => m.AuditionDayPage,
  ),
};

/** Whether the page exists: navigation offers only destinations that work. */
export function isPageBuilt(name: PageName): boolean {
  return name in BUILT_PAGES;
}

function pageOf(name: PageName): LazyPage {
  return BUILT_PAGES[name] ?? notFound;
}

export function pageComponent(name: PageName): ComponentType {
  return pageOf(name).Component;
}

/** Starts fetching a page's code without showing it (a pointer resting on a link to it). */
export function preloadPage(name: PageName): void {
  // A failed preload is retried by the real navigation, which shows its own error.
  pageOf(name)
    .preload()
    .catch(() => undefined);
}
