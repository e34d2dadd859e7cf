import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { lazyComponent } from '../lib/lazy/lazy-component';
import type { LazyComponent } from '../lib/lazy/lazy-component';
import { paths } from '../lib/routing/paths';
import type { PageName } from './routes';

function HomeRedirect() {
  return <Navigate to={paths.projects} replace />;
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

const notFound = lazyPage(
  () => import('../features/not-found/not-found-page'),
  (m) => m.NotFoundPage,
);

/**
 * The pages that exist so far. A route whose page a later capability will bring shows the
 * not-found page until then: an honest 404 rather than a stand-in screen.
 */
const BUILT_PAGES: Partial<Record<PageName, LazyPage>> = {
  SignInPage: lazyPage(
    () => import('../features/auth/sign-in-page'),
    (m) => m.SignInPage,
  ),
  SignUpPage: lazyPage(
    () => import('../features/auth/sign-up-page'),
    (m) => m.SignUpPage,
  ),
  ConfirmUserPage: lazyPage(
    () => import('../features/auth/confirm-user-page'),
    (m) => m.ConfirmUserPage,
  ),
  ForgotPasswordPage: lazyPage(
    () => import('../features/auth/forgot-password-page'),
    (m) => m.ForgotPasswordPage,
  ),
  CheckEmailPage: lazyPage(
    () => import('../features/auth/check-email-page'),
    (m) => m.CheckEmailPage,
  ),
  ResetPasswordPage: lazyPage(
    () => import('../features/auth/reset-password-page'),
    (m) => m.ResetPasswordPage,
  ),
  ResetPasswordSuccessPage: lazyPage(
    () => import('../features/auth/reset-password-success-page'),
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
    () => import('../features/roles'),
    (m) => m.ProjectRolesPage,
  ),
  ApplicantLinksPage: lazyPage(
    () => import('../features/links'),
    (m) => m.ApplicantLinksPage,
  ),
  // The public apply pages are one chunk of their own (no back office, no form library): decision 0028.
  SubmitPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.ApplyPage,
  ),
  ApplyPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.ApplyPage,
  ),
  ClaimConfirmationPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.ClaimConfirmationPage,
  ),
  PrivateSubmissionPage: lazyPage(
    () => import('../features/apply'),
    (m) => m.PrivateSubmissionRoute,
  ),
  DownloadsPage: lazyPage(
    () => import('../features/media/downloads-page'),
    (m) => m.DownloadsPage,
  ),
  EnumsPage: lazyPage(
    () => import('../features/lookups'),
    (m) => m.EnumsPage,
  ),
};

/** Whether the page exists yet: navigation offers only destinations that work. */
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
