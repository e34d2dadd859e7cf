import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { ForReviewPanel } from './for-review-panel';

const PROJECT = '11111111-1111-4111-8111-111111111111';

function row(id: string, name: string) {
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    id,
    applicantId: `a-${id}`,
    projectId: PROJECT,
    roleId: 'r1',
    firstName,
    lastName,
    name,
    initials: 'XX',
    photoUrl: null,
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    age: null,
    playingAgeMin: null,
    playingAgeMax: null,
    genderId: null,
    source: 'LINK',
    folderIds: [],
    tags: [],
    votes: { UP_VOTE: 0, DOWN_VOTE: 0, MAYBE: 0 },
    myVote: null,
    submittedAt: '2031-03-04T10:00:00.000Z',
    location: null,
    representation: null,
    roster: null,
    minor: false,
    emailUnconfirmed: false,
    hasSelfie: false,
  };
}

afterEach(() => toast.dismiss());

describe('talent submitter review panel', () => {
  it('lists the For review submissions and sends the chosen ones on after the confirm-submission question', async () => {
    const user = userEvent.setup();
    let waiting = [row('s1', 'Tess Alvarez'), row('s2', 'Omar Reyes')];
    const api = createFetchDouble({
      [`GET /api/projects/${PROJECT}/applicants`]: () =>
        jsonResponse(200, { items: waiting, limit: 50, nextCursor: null, totalCapped: false }),
      [`POST /api/v2/projects/${PROJECT}/applicants/send-under-review`]: (call) => {
        const ids = (call.body as { applicantIds: string[] }).applicantIds;
        waiting = waiting.filter((item) => !ids.includes(item.id));
        return jsonResponse(200, { sent: ids.length });
      },
    });
    const http = createHttpClient({
      baseUrl: '/api',
      fetch: api.fetch,
      getAccessToken: () => 'token',
      refreshAccessToken: async () => 'token',
      onRefreshFailed: () => undefined,
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <ForReviewPanel projectId={PROJECT} />
          <Toaster />
        </HttpClientProvider>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Submissions for review' });
    expect(api.callsTo(`GET /api/projects/${PROJECT}/applicants`)[0]?.url).toContain(
      'systemAlias=TS_FOR_REVIEW',
    );
    const send = screen.getByRole('button', { name: /Send to casting team/ });
    expect(send).toBeDisabled();

    await user.click(within(list).getByLabelText(/Tess Alvarez/));
    await user.click(screen.getByRole('button', { name: 'Send to casting team (1)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm submission' });
    await user.click(within(confirm).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(screen.getByText('Sent 1 submission to the casting team')).toBeVisible());
    expect(api.callsTo(`POST /api/v2/projects/${PROJECT}/applicants/send-under-review`)[0]?.body).toEqual({
      applicantIds: ['s1'],
    });
    await waitFor(() => expect(screen.queryByText('Tess Alvarez')).toBeNull());
    expect(screen.getByText('Omar Reyes')).toBeVisible();
  });
});
