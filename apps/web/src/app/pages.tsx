import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { CheckEmailPage } from '../features/auth/check-email-page';
import { ConfirmUserPage } from '../features/auth/confirm-user-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { ResetPasswordSuccessPage } from '../features/auth/reset-password-success-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignUpPage } from '../features/auth/sign-up-page';
import { EnumsPage } from '../features/lookups';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { ProfileEditPage } from '../features/profile/profile-edit-page';
import { ProfilePage } from '../features/profile/profile-page';
import {
  ProjectCreatePage,
  ProjectEditPage,
  ProjectOverviewPage,
  ProjectsPage,
  ProjectViewPage,
} from '../features/projects';
import { ProjectRolesPage } from '../features/roles';
import { UsersPage } from '../features/users/users-page';
import { paths } from '../lib/routing/paths';
import type { PageName } from './routes';

function HomeRedirect() {
  return <Navigate to={paths.projects} replace />;
}

/**
 * The pages that exist so far. A route whose page a later capability will bring shows the
 * not-found page until then: an honest 404 rather than a stand-in screen.
 */
const BUILT_PAGES: Partial<Record<PageName, ComponentType>> = {
  SignInPage,
  SignUpPage,
  ConfirmUserPage,
  ForgotPasswordPage,
  CheckEmailPage,
  ResetPasswordPage,
  ResetPasswordSuccessPage,
  ProfilePage,
  ProfileEditPage,
  UsersPage,
  NotFoundPage,
  HomeRedirect,
  ProjectsPage,
  ProjectV2CreatePage: ProjectCreatePage,
  ProjectV2EditPage: ProjectEditPage,
  ProjectV2ViewPage: ProjectViewPage,
  ProjectOverviewPage,
  ProjectRolesPage,
  EnumsPage,
};

export function pageComponent(name: PageName): ComponentType {
  return BUILT_PAGES[name] ?? NotFoundPage;
}
