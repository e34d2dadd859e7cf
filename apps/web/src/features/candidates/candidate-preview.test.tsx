import type { ApplicantListItem, VoteType } from '@casting/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFetchDouble, deferred, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { LiveClientProvider } from '../../lib/live/use-live-project';
import { createQueryClient } from '../../lib/query/query-client';
import { CandidatePreview } from './candidate-preview';

const row: ApplicantListItem = {
  id: 'row-1',
  applicantId: 'person-1',
  projectId: 'p1',
  roleId: 'role-1',
  firstName: 'Ava',
  lastName: 'Lindgren',
  name: 'Ava Lindgren',
  initials: 'AL',
  photoUrl: null,
  email: 'ava@talent.test',
  phone: null,
  age: 30,
  playingAgeMin: null,
  playingAgeMax: null,
  genderId: null,
  source: 'ADMIN',
  folderIds: [],
  tags: [{ id: 't1', name: 'Dancer' }],
  votes: { UP_VOTE: 2, DOWN_VOTE: 0, MAYBE: 1 },
  myVote: null,
  submittedAt: '2031-01-01T00:00:00.000Z',
  location: null,
  representation: null,
  roster: null,
};

const detail = {
  id: 'person-1',
  projectId: 'p1',
  firstName: 'Ava',
  lastName: 'Lindgren',
  name: 'Ava Lindgren',
  initials: 'AL',
  photoUrl: null,
  email: 'ava@talent.test',
  phone: null,
  dateOfBirth: '2001-02-03',
  age: 30,
  playingAgeMin: null,
  playingAgeMax: null,
  gender: { id: 'g1', name: 'Female' },
  ethnicAppearances: [],
  height: null,
  weight: null,
  sizes: { coatLength: '32' },
  skills: ['Tap'],
  unions: [],
  languages: [],
  location: 'Lisbon',
  address: null,
  socialProfiles: {},
  bio: null,
  resume: null,
  tags: [{ id: 't1', name: 'Dancer' }],
  submissions: [
    {
      id: 'row-1',
      roleId: 'role-1',
      roleName: 'Captain',
      source: 'ADMIN',
      submittedAt: '2031-01-01T00:00:00.000Z',
      folders: [],
      votes: [{ userId: 'u1', name: 'Dana Whitford', vote: 'UP_VOTE', feedback: 'YES' }],
      myVote: null,
    },
    {
      id: 'row-2',
      roleId: 'role-2',
      roleName: 'Deckhand',
      source: 'COPY',
      submittedAt: '2031-01-02T00:00:00.000Z',
      folders: [{ id: 'f1', name: 'Selects', systemAlias: 'SELECTS' }],
      votes: [],
      myVote: null,
    },
  ],
  createdAt: '2031-01-01T00:00:00.000Z',
};

function renderPreview(allowedVotes: VoteType[], chat?: { answer: () => Response | Promise<Response> }) {
  const double = createFetchDouble({
    'GET /api/projects/p1/candidates/person-1': () => jsonResponse(200, detail),
    'GET /api/applicants/person-1/media': () => jsonResponse(200, { items: [] }),
    ...(chat ? { 'POST /api/conversation-management/threads': chat.answer } : {}),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  const handlers = { onNext: vi.fn(), onPrevious: vi.fn(), onClose: vi.fn(), onVote: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <LiveClientProvider client={null}>
          <input aria-label="Somewhere to type" />
          <CandidatePreview
            projectId="p1"
            row={row}
            position={{ index: 0, loaded: 2, more: false }}
            allowedVotes={allowedVotes}
            media={{
              canUpload: false,
              canDelete: false,
              canManageVisibility: false,
              teamTools: false,
              chat: chat !== undefined,
            }}
            {...handlers}
          />
        </LiveClientProvider>
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return handlers;
}

describe('CandidatePreview', () => {
  it('shows the profile, the team’s votes and the other opportunities from the detail', async () => {
    renderPreview(['UP_VOTE', 'DOWN_VOTE', 'MAYBE']);
    const preview = screen.getByRole('region', { name: 'Ava Lindgren' });
    expect(await screen.findByText('Dana Whitford: Yes')).toBeInTheDocument();
    expect(screen.getByText('Coat length')).toBeInTheDocument();
    expect(screen.getByText('Deckhand')).toBeInTheDocument();
    expect(screen.getByText('Selects')).toBeInTheDocument();
    expect(preview).toHaveTextContent('30 years · Female · Lisbon');
    expect(screen.getByRole('button', { name: 'Previous K' })).toBeDisabled();
  });

  it('offers the chat while the conversation opens, and none for a candidate the API refuses (not their client)', async () => {
    const pending = deferred<Response>();
    renderPreview(['UP_VOTE'], { answer: () => pending.promise });
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByText('Loading the conversation')).toBeInTheDocument();
    pending.resolve(
      jsonResponse(403, { code: 'PERMISSION_DENIED', message: 'You can only chat about your own clients.' }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Chat' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('walks and votes by keyboard, but not while typing, and offers only the allowed votes', async () => {
    const user = userEvent.setup();
    const handlers = renderPreview(['UP_VOTE', 'DOWN_VOTE']);
    expect(screen.queryByRole('button', { name: 'Maybe M' })).not.toBeInTheDocument();

    await user.keyboard('j');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('y');
    await user.keyboard('m');
    expect(handlers.onNext).toHaveBeenCalledOnce();
    expect(handlers.onPrevious).toHaveBeenCalledOnce();
    expect(handlers.onVote).toHaveBeenCalledExactlyOnceWith('UP_VOTE');

    await user.click(screen.getByLabelText('Somewhere to type'));
    await user.keyboard('ny');
    expect(handlers.onVote).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'No N' }));
    expect(handlers.onVote).toHaveBeenLastCalledWith('DOWN_VOTE');
  });
});
