import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RosterPersonItem } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionGrant } from '../../../test/factories';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';

// The API's answers come from a fetch test double: the page is under test here; the roster API is tested against
// a real database in apps/api/test/roster.
const me = buildUser({
  id: 'me',
  roleCode: 'CASTING_DIRECTOR',
  firstName: 'Dee',
  lastName: 'Rector',
  fullName: 'Dee Rector',
});

function person(id: string, overrides: Partial<RosterPersonItem> = {}): RosterPersonItem {
  return {
    id,
    firstName: 'Jo',
    lastName: 'Twin',
    email: `${id}@example.com`,
    phone: null,
    dateOfBirth: '1991-02-03',
    age: 35,
    location: 'Leeds',
    tags: [],
    projectCount: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function api() {
  return createFetchDouble({
    'POST /api/auth/refresh': () => jsonResponse(200, sessionGrant()),
    'GET /api/users/me': () => jsonResponse(200, me),
    'PATCH /api/session-tracking/track-1': () => jsonResponse(200, { data: { duration: 240 } }),
    'GET /api/projects/accessed-projects': () =>
      jsonResponse(200, { items: [], total: 0, totalCapped: false, limit: 20, offset: 0 }),
    'GET /api/projects/lookups/role-genders': () =>
      jsonResponse(200, {
        items: [{ value: 'g1', label: 'Female', description: null }],
        total: 1,
        limit: 100,
        offset: 0,
      }),
    'GET /api/roster/tags': () => jsonResponse(200, { items: [{ id: 't1', name: 'Singer' }] }),
    'GET /api/roster/people': (call: RecordedCall) => {
      const q = new URL(call.url, 'http://localhost').searchParams.get('q');
      const items = q
        ? [person('p1', { firstName: 'Ada', lastName: 'Quill', projectCount: 2 })]
        : [person('p1', { firstName: 'Ada', lastName: 'Quill', projectCount: 2 }), person('p2')];
      return jsonResponse(200, { items, nextCursor: null });
    },
    'GET /api/roster/duplicates': () =>
      jsonResponse(200, { items: [{ a: person('a1'), b: person('b1', { email: null }) }], nextCursor: null }),
    'POST /api/roster/people/a1/merge': () => jsonResponse(200, { id: 'a1', movedApplicants: 1 }),
  });
}

describe('roster page', () => {
  it('lists people once each with their projects, and searches from three characters', async () => {
    const double = api();
    renderApp('/roster', double.fetch);
    const list = await screen.findByRole('list', { name: 'People' }, { timeout: 5_000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/2 projects/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by name or e-mail'), 'qu');
    // Two characters do not search yet.
    expect(double.calls.some((call) => call.url.includes('q='))).toBe(false);
    await user.type(screen.getByLabelText('Search by name or e-mail'), 'i');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1), { timeout: 5_000 });
    expect(double.calls.some((call) => call.url.includes('q=qui'))).toBe(true);
  });

  it('merges a likely duplicate only after a confirmation that names what moves', async () => {
    const double = api();
    renderApp('/roster', double.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Likely duplicates' }, { timeout: 5_000 }));
    await user.click(await screen.findByRole('button', { name: /Merge into Jo Twin/ }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge these records?' });
    expect(dialog).toHaveTextContent(
      'Every submission, vote, tag, message and media item of Jo Twin moves to Jo Twin',
    );
    expect(double.calls.some((call) => call.url.includes('/merge'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(
      () =>
        expect(double.calls.find((call) => call.url.endsWith('/api/roster/people/a1/merge'))?.body).toEqual({
          mergedPersonId: 'b1',
        }),
      { timeout: 5_000 },
    );
  });

  it('shows the comments on the person’s submissions and a way into each project’s chat with them', async () => {
    const double = api();
    const application = (projectId: string, projectName: string, chatThreadId: string | null) => ({
      projectId,
      projectName,
      applicantId: `${projectId}-applicant`,
      email: 'ada@example.com',
      projectTags: [],
      submissions: [],
      media: [],
      comments:
        projectId === 'pr1'
          ? [
              {
                submissionId: 's1',
                roleName: 'Lead',
                authorName: 'Clara Client',
                vote: 'YES',
                comment: 'Perfect for the lead.',
                at: '2026-11-02T10:00:00.000Z',
              },
            ]
          : [],
      chatThreadId,
    });
    double.on('GET /api/roster/people/p1', () =>
      jsonResponse(200, {
        ...person('p1', { firstName: 'Ada', lastName: 'Quill', projectCount: 2 }),
        genderId: null,
        skills: [],
        languages: [],
        notes: [],
        applications: [application('pr1', 'Harbour Lights', 'th1'), application('pr2', 'Salt Marsh', null)],
        hiddenApplications: 0,
        likelyDuplicates: [],
        mayManageData: false,
      }),
    );
    double.on('POST /api/conversation-management/threads', () => jsonResponse(201, { id: 'th2' }));
    renderApp('/roster', double.fetch);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ada Quill' }, { timeout: 5_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada Quill' });
    expect(await within(dialog).findByText('“Perfect for the lead.”')).toBeInTheDocument();
    expect(within(dialog).getByText(/Clara Client on Lead \(Yes\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open the chat in Harbour Lights' })).toHaveAttribute(
      'href',
      '/projects/chat/pr1?threadId=th1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start a chat in Salt Marsh' }));
    await waitFor(
      () =>
        expect(double.callsTo('POST /api/conversation-management/threads')[0]?.body).toEqual({
          projectId: 'pr2',
          applicantId: 'pr2-applicant',
        }),
      { timeout: 5_000 },
    );
  });
});
