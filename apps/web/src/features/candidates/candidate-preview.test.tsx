import { CONSENT_TEXTS, type ApplicantListItem, type ProjectActor, type VoteType } from '@casting/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createFetchDouble, deferred, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
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
  minor: false,
  emailUnconfirmed: false,
  hasSelfie: false,
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
  sizes: { coatLength: '32', height: '170 cm', weight: '60 kg' },
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
  minor: false,
  application: null,
};

function renderPreview(
  allowedVotes: VoteType[],
  options: {
    actor?: ProjectActor;
    handlers?: Record<string, FetchHandler>;
    chat?: { answer: () => Response | Promise<Response> };
    row?: Partial<typeof row>;
  } = {},
) {
  const { chat } = options;
  const double = createFetchDouble({
    'GET /api/projects/p1/candidates/person-1': () => jsonResponse(200, detail),
    'GET /api/applicants/person-1/media': () => jsonResponse(200, { items: [] }),
    'GET /api/applicants/representatives': () =>
      jsonResponse(200, { items: [{ applicantId: 'person-1', representatives: [] }] }),
    ...(chat ? { 'POST /api/conversation-management/threads': chat.answer } : {}),
    ...options.handlers,
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
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <LiveClientProvider client={null}>
            <input aria-label="Somewhere to type" />
            <CandidatePreview
              projectId="p1"
              row={{ ...row, ...options.row }}
              position={{ index: 0, loaded: 2, more: false }}
              allowedVotes={allowedVotes}
              actor={options.actor ?? null}
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
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...handlers, double };
}

describe('CandidatePreview', () => {
  it('marks an application waiting for its address owner’s confirmation as Unconfirmed, with what that means', () => {
    renderPreview([], { row: { emailUnconfirmed: true } });
    const preview = screen.getByRole('region', { name: 'Ava Lindgren' });
    const badge = within(preview).getByText(CONSENT_TEXTS.unconfirmed);
    expect(badge.closest('[title]')).toHaveAttribute('title', CONSENT_TEXTS.unconfirmedHint);
  });

  it('shows no Unconfirmed marker for a confirmed candidate', () => {
    renderPreview([]);
    expect(screen.queryByText(CONSENT_TEXTS.unconfirmed)).toBeNull();
  });

  it('shows what a minor’s application agreed to: the versions, and the guardian who consented', async () => {
    renderPreview([], {
      handlers: {
        'GET /api/projects/p1/candidates/person-1': () =>
          jsonResponse(200, {
            ...detail,
            minor: true,
            application: {
              termsVersion: 3,
              privacyVersion: 2,
              acceptedAt: '2031-01-01T10:00:00.000Z',
              guardian: {
                fullName: 'Grace Young',
                email: 'grace@example.com',
                consentAt: '2031-01-01T10:00:00.000Z',
              },
            },
          }),
      },
    });
    const record = (await screen.findByRole('heading', { name: CONSENT_TEXTS.agreedSection })).closest(
      'section',
    )!;
    expect(within(record).getByText(CONSENT_TEXTS.termsVersion(3))).toBeInTheDocument();
    expect(within(record).getByText(CONSENT_TEXTS.privacyVersion(2))).toBeInTheDocument();
    expect(within(record).getByText('Grace Young (grace@example.com)')).toBeInTheDocument();
  });

  it('shows the profile, the team’s votes and the other opportunities from the detail', async () => {
    renderPreview(['UP_VOTE', 'DOWN_VOTE', 'MAYBE']);
    const preview = screen.getByRole('region', { name: 'Ava Lindgren' });
    expect(await screen.findByText('Dana Whitford: Yes')).toBeInTheDocument();
    expect(screen.getByText('Coat length')).toBeInTheDocument();
    // Each fact once: height and weight have their own rows (not again among the sizes), and gender is among them.
    const profile = within(preview).getByRole('region', { name: 'Profile' });
    expect(within(profile).getAllByText('Height')).toHaveLength(1);
    expect(within(profile).getByText('170 cm')).toBeInTheDocument();
    expect(within(profile).getAllByText('Weight')).toHaveLength(1);
    expect(within(profile).getByText('Gender').nextElementSibling).toHaveTextContent('Female');
    expect(screen.getByText('Deckhand')).toBeInTheDocument();
    expect(screen.getByText('Selects')).toBeInTheDocument();
    expect(preview).toHaveTextContent('30 years · Female · Lisbon');
    expect(screen.getByRole('button', { name: 'Previous K' })).toBeDisabled();
  });

  it('offers the chat while the conversation opens, and none for a candidate the API refuses (not their client)', async () => {
    const pending = deferred<Response>();
    renderPreview(['UP_VOTE'], { chat: { answer: () => pending.promise } });
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

  it('shows the candidate’s representatives from the representatives call, and their load failure', async () => {
    const agent = {
      id: 'ag-1',
      name: 'Rae Rivera',
      firstName: 'Rae',
      lastName: 'Rivera',
      email: 'rae@agency.test',
      phoneNumber: '+12025550123',
      agencyId: 'a1',
      agencyName: 'Harbor Talent',
      userId: null,
      isVerified: false,
    };
    const { double } = renderPreview(['UP_VOTE'], {
      actor: 'TE',
      handlers: {
        'GET /api/applicants/representatives': () =>
          jsonResponse(200, {
            items: [
              {
                applicantId: 'person-1',
                representatives: [
                  {
                    id: 'ag-1',
                    shortLinkId: null,
                    agent,
                    agency: { agencyId: 'a1', name: 'Harbor Talent', websiteUrl: null },
                    status: 'PENDING',
                  },
                ],
              },
            ],
          }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Representation' });
    expect(await within(section).findByText('Rae Rivera, Harbor Talent')).toBeInTheDocument();
    expect(within(section).getByText('Waiting for the agent')).toBeInTheDocument();
    // A talent editor may not manage applicants, so is not offered Add Representation.
    expect(within(section).queryByRole('button', { name: 'Add Representation' })).not.toBeInTheDocument();
    const [call] = double.callsTo('GET /api/applicants/representatives');
    expect(new URL(call!.url, 'http://x').searchParams.getAll('applicantIds[]')).toEqual(['person-1']);
  });

  it('says when the representation cannot be loaded', async () => {
    renderPreview(['UP_VOTE'], {
      actor: 'PO',
      handlers: { 'GET /api/applicants/representatives': () => jsonResponse(500, { message: 'boom' }) },
    });
    expect(
      await screen.findByText('Error: Failed to load representative information for selected candidates.'),
    ).toBeInTheDocument();
  });

  it('lets a project owner add a representative with the shared Add Representation form', async () => {
    const user = userEvent.setup();
    const { double } = renderPreview(['UP_VOTE'], {
      actor: 'PO',
      handlers: {
        'POST /api/v2/projects/p1/applicants/person-1/representatives': () =>
          jsonResponse(201, {
            id: 'ag-2',
            shortLinkId: null,
            agent: {
              id: 'ag-2',
              name: 'Noa Agent',
              firstName: 'Noa',
              lastName: 'Agent',
              email: 'noa@agency.test',
              phoneNumber: null,
              agencyId: 'a2',
              agencyName: 'Pier Talent',
              userId: null,
              isVerified: false,
            },
            agency: { agencyId: 'a2', name: 'Pier Talent', websiteUrl: null },
          }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Representation' });
    await user.click(within(section).getByRole('button', { name: 'Add Representation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Representation' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Agent first name'), 'Noa');
    await user.type(within(dialog).getByLabelText('Agent last name'), 'Agent');
    await user.type(within(dialog).getByLabelText('Agent email'), 'noa@agency.test');
    await user.type(within(dialog).getByLabelText('Agency name'), 'Pier Talent');
    await vi.waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await vi.waitFor(() =>
      expect(double.callsTo('POST /api/v2/projects/p1/applicants/person-1/representatives')).toHaveLength(1),
    );
    expect(
      double.callsTo('POST /api/v2/projects/p1/applicants/person-1/representatives')[0]?.body,
    ).toMatchObject({
      agent: { firstName: 'Noa', lastName: 'Agent', email: 'noa@agency.test' },
      agency: { name: 'Pier Talent' },
    });
  });
});
