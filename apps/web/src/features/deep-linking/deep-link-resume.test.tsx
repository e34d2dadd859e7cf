import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRoleCode } from '@casting/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

/** A signed-out visitor who can sign in (as `roleCode`); pages beyond the guard are not what these tests read. */
function api(roleCode: UserRoleCode = 'CASTING_DIRECTOR') {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/sign-in': () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode })),
  });
}

async function at(router: { state: { location: { pathname: string; search: string } } }, path: string) {
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path));
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret#123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => window.sessionStorage.clear());

describe('following a deep link while signed out', () => {
  it('goes to sign-in, then to the page the link named (with its query), once', async () => {
    const target = '/projects/candidate/p1?roleId=r1&candidateId=c1';
    const { router } = renderApp(`/deep-linking?path=${encodeURIComponent(target)}`, api().fetch);
    await at(router, '/auth/sign-in');
    await signIn();
    await at(router, target);
    // Taken once: the next sign-in on this tab lands on the usual page.
    expect(window.sessionStorage.getItem('deep-link-target')).toBeNull();
  });

  it('brings a client account back to the project review the link named', async () => {
    const { router } = renderApp(
      `/deep-linking?path=${encodeURIComponent('/client/review-project/p2')}`,
      api('CLIENT').fetch,
    );
    await at(router, '/auth/sign-in');
    await signIn();
    await at(router, '/client/review-project/p2');
  });

  it('brings a signed-out client back to the project review whose Sign in link it followed', async () => {
    const { router } = renderApp('/client/review-project/p2', api('CLIENT').fetch);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Sign in' }));
    await at(router, '/auth/sign-in');
    await signIn();
    await at(router, '/client/review-project/p2');
  });

  it('lands where a sign-in usually lands when there was no deep link', async () => {
    const { router } = renderApp('/auth/sign-in', api().fetch);
    await signIn();
    await at(router, '/projects');
  });

  // Which targets are unusable (other sites, unknown pages, this page itself) is safeTarget's rule, checked case by
  // case in deep-link.test.ts; here one of them goes through the page and the sign-in.
  it('never resumes to another site or an unknown page', async () => {
    const { router } = renderApp(
      `/deep-linking?path=${encodeURIComponent('//evil.example/projects')}`,
      api().fetch,
    );
    // An unusable target opens the projects page, which needs a sign-in.
    await at(router, '/auth/sign-in');
    await signIn();
    await at(router, '/projects');
  });

  it('opens a public page without asking to sign in', async () => {
    const { router } = renderApp(
      `/deep-linking?path=${encodeURIComponent('/project-share/p1')}`,
      api().fetch,
    );
    await at(router, '/project-share/p1');
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});
