import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRoleCode } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../test/factories';
import { createFetchDouble, jsonResponse } from '../../test/fetch-double';
import { renderApp } from '../../test/render-app';

const notSignedIn = () => jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' });

function signedOutApi() {
  return createFetchDouble({ 'POST /api/auth/refresh': notSignedIn });
}

function signedInApi(roleCode: UserRoleCode = 'SUPER_ADMIN') {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode })),
    'POST /api/auth/sign-out': () => jsonResponse(204),
  });
}

async function settled(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('app routing and guard', () => {
  it('sends a signed-out visitor from a staff page to sign-in', async () => {
    const { router } = renderApp('/projects/overview/p1', signedOutApi().fetch);

    await settled(router, '/auth/sign-in');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('sends an unknown path to the 404 page, which links back to Projects', async () => {
    const { router } = renderApp('/no/such/page', signedOutApi().fetch);

    await settled(router, '/404');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Projects' })).toHaveAttribute('href', '/projects');
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('signs in and goes to /projects inside the app shell', async () => {
    const api = signedOutApi();
    api.on('POST /api/auth/sign-in', () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }));
    api.on('GET /api/users/me', () => jsonResponse(200, buildUser({ roleCode: 'CASTING_DIRECTOR' })));
    const { router } = renderApp('/auth/sign-in', api.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await settled(router, '/projects');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('refuses a talent account with the catalogue message and stays on sign-in', async () => {
    const api = signedOutApi();
    api.on('POST /api/auth/sign-in', () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }));
    api.on('GET /api/users/me', () => jsonResponse(200, buildUser({ roleCode: 'TALENT' })));
    api.on('POST /api/auth/sign-out', () => jsonResponse(204));
    const { router } = renderApp('/auth/sign-in', api.fetch);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'talent@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Only admins can access this app')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
  });

  it('sends a signed-in user away from the auth pages to /projects', async () => {
    const { router } = renderApp('/auth/sign-in', signedInApi().fetch);

    await settled(router, '/projects');
  });

  it('redirects / to /projects', async () => {
    const { router } = renderApp('/', signedInApi().fetch);

    await settled(router, '/projects');
  });

  it('sends a casting director away from a super-admin page to /projects', async () => {
    const { router } = renderApp('/users', signedInApi('CASTING_DIRECTOR').fetch);

    await settled(router, '/projects');
  });

  it('lets a super admin open a super-admin page', async () => {
    const { router } = renderApp('/enums', signedInApi('SUPER_ADMIN').fetch);

    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(router.state.location.pathname).toBe('/enums');
  });
});

describe('app shell', () => {
  it('locks the sidebar collapsed and shows the project navigation on a workspace page', async () => {
    renderApp('/projects/overview/p1', signedInApi().fetch);

    const main = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(main).getByRole('button', { name: 'Expand sidebar' })).toBeDisabled();
    const project = screen.getByRole('navigation', { name: 'Project navigation' });
    const hrefs = within(project)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    // The other entries (chat, applicant links, e-mail templates, roster management...) need a project role; this
    // double answers no project, so the user has none here. Admin scripts follow the account: this is a super admin.
    expect(hrefs).toEqual([
      '/projects/overview/p1',
      '/projects/roles/p1',
      '/projects/candidate/p1',
      '/projects/admin-scripts/p1',
    ]);
    expect(within(project).getByRole('link', { name: 'Opportunities' })).toHaveAttribute(
      'href',
      '/projects/roles/p1',
    );
    // The project's name joins the title once the project has loaded (see document-title.test.tsx).
    expect(document.title).toMatch(/Overview · Casting$/);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('lets the user collapse the sidebar elsewhere, and shows Back except on /projects', async () => {
    const { router } = renderApp('/profile', signedInApi().fetch);
    const user = userEvent.setup();

    const main = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Project navigation' })).not.toBeInTheDocument();
    await user.click(within(main).getByRole('button', { name: 'Collapse sidebar' }));
    expect(main).toHaveStyle({ width: '66px' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await settled(router, '/projects');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('opens the sidebar from the mobile menu toggle', async () => {
    renderApp('/projects', signedInApi().fetch);
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'app-sidebar');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });

  it('signs out from the user menu and lands on sign-in', async () => {
    const api = signedInApi();
    const { router } = renderApp('/projects', api.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'User menu for Dana Scott' }));
    expect(screen.getByRole('menuitem', { name: 'Your Profile' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await settled(router, '/auth/sign-in');
    expect(api.callsTo('POST /api/auth/sign-out')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('opens the profile from the user menu', async () => {
    const { router } = renderApp('/projects', signedInApi().fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'User menu for Dana Scott' }));
    await user.click(screen.getByRole('menuitem', { name: 'Your Profile' }));

    await settled(router, '/profile');
  });
});
