import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectSummary } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

function summary(id: string, name: string): ProjectSummary {
  return {
    id,
    name,
    archived: false,
    archivedAt: null,
    projectType: null,
    projectStatus: null,
    submissionDeadline: null,
    projectAccessScope: 'TALENT_EDITOR',
    opportunityCount: 1,
    submissionCount: 3,
    submissionCountCapped: false,
    owner: { id: 'owner', fullName: 'Dana Whitford' },
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
  };
}

function clientApi(projects: ProjectSummary[], signedIn = true) {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      signedIn
        ? jsonResponse(200, sessionGrant())
        : jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
    'POST /api/auth/sign-in': () => jsonResponse(200, { status: 'SIGNED_IN', ...sessionGrant() }),
    'GET /api/users/me': () => jsonResponse(200, buildUser({ roleCode: 'CLIENT' })),
    'GET /api/projects': (call) => {
      const limit = Number(new URL(call.url, 'http://x').searchParams.get('limit'));
      return jsonResponse(200, {
        items: projects.slice(0, limit),
        total: projects.length,
        limit,
        offset: 0,
        nextCursor: null,
        totalCapped: false,
      });
    },
    'GET /api/v2/projects/p1': () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }),
  });
}

async function at(router: { state: { location: { pathname: string } } }, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('a client account’s landing', () => {
  it('signs in and lands on the review of its only project, in the client layout', async () => {
    const { router } = renderApp('/auth/sign-in', clientApi([summary('p1', 'Harbor Lights')], false).fetch);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'colin@agency.test');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await at(router, '/client/review-project/p1');
    // The client layout: never the back office's shell and sidebar.
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('lists its projects when it has several, with only navigation that works for it; back-office pages send it there', async () => {
    const { router } = renderApp(
      '/',
      clientApi([summary('p1', 'Harbor Lights'), summary('p2', 'Quiet Bay')]).fetch,
    );
    await at(router, '/client/review-project');
    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Harbor Lights' })).toHaveAttribute(
      'href',
      '/client/review-project/p1',
    );
    expect(screen.getByRole('link', { name: 'Quiet Bay' })).toHaveAttribute(
      'href',
      '/client/review-project/p2',
    );
    const nav = screen.getByRole('navigation', { name: 'Your account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Your Profile']);
    expect(within(nav).getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    for (const backOffice of ['/projects', '/projects/overview/p1', '/projects/candidate/p1', '/roster']) {
      await router.navigate(backOffice);
      await at(router, '/client/review-project');
    }
  });

  it('is sent back again from a second back-office page reached before the first redirect has rendered', async () => {
    const { router } = renderApp(
      '/client/review-project',
      clientApi([summary('p1', 'Harbor Lights'), summary('p2', 'Quiet Bay')]).fetch,
    );
    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeVisible();
    // The router's state moves ahead of React's rendering: the moment the first redirect lands, another back-office
    // page is opened, before the page the redirect went to was ever rendered.
    let reopened = false;
    const unsubscribe = router.subscribe((state) => {
      if (!reopened && state.location.pathname === '/client/review-project') {
        reopened = true;
        void router.navigate('/projects/overview/p1');
      }
    });
    await router.navigate('/projects');
    await waitFor(() => expect(reopened).toBe(true));
    unsubscribe();
    await at(router, '/client/review-project');
    expect(await screen.findByRole('heading', { name: 'Your projects' })).toBeVisible();
  });
});
