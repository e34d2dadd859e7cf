import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
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
  NotFoundPage,
  HomeRedirect,
};

export function pageComponent(name: PageName): ComponentType {
  return BUILT_PAGES[name] ?? NotFoundPage;
}
