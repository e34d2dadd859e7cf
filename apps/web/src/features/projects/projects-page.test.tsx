import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectSummary } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { submissionsText } from './project-row';

const me = buildUser({ id: 'me', roleCode: 'CASTING_DIRECTOR', fullName: 'Dana Whitford' });

function summary(overrides: Partial<ProjectSummary>): ProjectSummary {
  return {
    id: 'p1',
    name: 'Harbor Lights',
    archived: false,
    archivedAt: null,
    projectType: null,
    projectStatus: null,
    submissionDeadline: null,
    projectAccessScope: 'PROJECT_OWNER',
    opportunityCount: 2,
    submissionCount: 14,
    submissionCountCapped: false,
    owner: { id: 'me', fullName: 'Dana Whitford' },
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function api(items: ProjectSummary[]) {
  let archived = false;
  const double = createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/projects': () => {
      const shown = archived ? items.filter((item) => item.id !== 'p1') : items;
      return jsonResponse(200, {
        items: shown,
        total: shown.length,
        totalCapped: false,
        limit: 20,
        offset: 0,
        nextCursor: null,
      });
    },
    'POST /api/projects/archive/p1': (call) => {
      archived = new URL(call.url, 'http://localhost').searchParams.get('archived') === 'true';
      return jsonResponse(200, {
        id: 'p1',
        archived,
        archivedAt: archived ? '2031-02-01T00:00:00.000Z' : null,
      });
    },
  });
  return double;
}

describe('submissionsText', () => {
  it.each([
    [0, false, '0 submissions'],
    [1, false, '1 submission'],
    [14, false, '14 submissions'],
    [1000, true, '1,000+ submissions'],
  ])('%i (capped: %s) reads %j', (submissionCount, submissionCountCapped, text) => {
    expect(submissionsText({ submissionCount, submissionCountCapped })).toBe(text);
  });
});

describe('projects page', () => {
  it("shows each project's opportunities and submissions on its card", async () => {
    renderApp(
      '/projects',
      api([summary({}), summary({ id: 'p2', name: 'Quiet Bay', submissionCount: 1 })]).fetch,
    );

    const list = await screen.findByRole('list', { name: 'Projects' }, { timeout: 5_000 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('2 opportunities · 14 submissions');
    expect(second).toHaveTextContent('1 submission');
  });

  it('on a fresh install says what a project is and links to creating the first one', async () => {
    renderApp('/projects', api([]).fetch);

    expect(await screen.findByText('No projects yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first project' })).toHaveAttribute(
      'href',
      '/projectv2/create',
    );
  });

  it('archives after a confirmation and undoes it from the toast', async () => {
    const double = api([summary({})]);
    renderApp('/projects', double.fetch);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Archive Harbor Lights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive Harbor Lights?' });
    expect(double.callsTo('POST /api/projects/archive/p1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await screen.findByText('Project “Harbor Lights” archived');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Harbor Lights' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await screen.findByText('Project “Harbor Lights” restored');
    const calls = double
      .callsTo('POST /api/projects/archive/p1')
      .map((call) => new URL(call.url, 'http://x').search);
    expect(calls).toEqual(['?archived=true', '?archived=false']);
    expect(await screen.findByRole('link', { name: 'Harbor Lights' })).toBeInTheDocument();
  });
});
