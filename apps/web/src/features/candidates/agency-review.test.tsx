import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { AgencyReviewNotice, maySendToCasting } from './agency-review';
import { BulkActions } from './bulk-actions';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const SEND = `POST /api/v2/projects/${PROJECT}/applicants/send-under-review`;
const COUNTS = `GET /api/v2/projects/${PROJECT}/applicants/agency-review-counts`;

function renderWith(routes: Parameters<typeof createFetchDouble>[0], ui: ReactNode) {
  const api = createFetchDouble(routes);
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: api.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          {ui}
          <Toaster />
        </HttpClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return api;
}

function toolbar(sendToCasting: boolean, onDone = vi.fn()) {
  return (
    <BulkActions
      projectId={PROJECT}
      rowIds={['s1', 's2']}
      may={() => false}
      opportunities={[]}
      folders={null}
      folder={null}
      submitterFolders
      otherProjects={false}
      tags={[]}
      sendToCasting={sendToCasting}
      onDone={onDone}
      onClear={vi.fn()}
    />
  );
}

afterEach(() => toast.dismiss());

describe('Send to casting', () => {
  it('is the talent submitter’s, in the folders where candidates wait for the agency only', () => {
    expect(maySendToCasting('TS', 'TS_NEW_SUBMISSIONS')).toBe(true);
    expect(maySendToCasting('TS', 'TS_FOR_REVIEW')).toBe(true);
    expect(maySendToCasting('TS', 'TS_HOLD_LATER')).toBe(true);
    expect(maySendToCasting('TS', 'TS_HIDDEN')).toBe(false);
    expect(maySendToCasting('TS', 'TS_ALL_SUBMISSIONS')).toBe(false);
    expect(maySendToCasting('TS', null)).toBe(false);
    for (const actor of ['SA', 'PO', 'PE', 'TE', 'CLIENT', null] as const) {
      expect(maySendToCasting(actor, 'TS_FOR_REVIEW')).toBe(false);
    }
  });

  it('is not in the toolbar unless allowed', () => {
    renderWith({}, toolbar(false));
    expect(screen.queryByRole('button', { name: /Send to casting/ })).toBeNull();
  });

  it('asks first, naming how many go and that the casting team will see them, then sends and says so', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const api = renderWith(
      {
        [SEND]: (call) =>
          jsonResponse(200, { sent: (call.body as { applicantIds: string[] }).applicantIds.length }),
      },
      toolbar(true, onDone),
    );
    const bar = screen.getByRole('toolbar', { name: 'Actions for the selected candidates' });
    await user.click(within(bar).getByRole('button', { name: 'Send to casting' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send 2 candidates to casting?' });
    expect(confirm).toHaveTextContent('These 2 candidates go to the opportunity’s New Submissions');
    expect(confirm).toHaveTextContent('the casting team will see them');
    // Nothing is sent before the answer; Cancel sends nothing.
    expect(api.callsTo(SEND)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(SEND)).toHaveLength(0);

    await user.click(within(bar).getByRole('button', { name: 'Send to casting' }));
    const again = await screen.findByRole('dialog', { name: 'Send 2 candidates to casting?' });
    await user.click(within(again).getByRole('button', { name: 'Send 2 candidates' }));
    await waitFor(() => expect(screen.getByText('2 candidates sent to casting')).toBeVisible());
    expect(api.callsTo(SEND)[0]?.body).toEqual({ applicantIds: ['s1', 's2'] });
    expect(onDone).toHaveBeenCalled();
  });
});

describe('agency review notice', () => {
  const counts = {
    total: 3,
    agencies: [
      { agencyId: 'a1', agencyName: 'Northlight Talent', count: 2 },
      { agencyId: 'a2', agencyName: 'Bright Agency', count: 1 },
    ],
  };

  it('tells the casting team how many wait with each agency in the opportunity', async () => {
    const api = renderWith(
      { [COUNTS]: () => jsonResponse(200, counts) },
      <AgencyReviewNotice projectId={PROJECT} roleId="r1" actor="PO" />,
    );
    expect(
      await screen.findByText(
        '3 candidates wait in agency review: 2 with Northlight Talent, 1 with Bright Agency',
      ),
    ).toBeVisible();
    expect(api.callsTo(COUNTS)[0]?.url).toContain('roleId=r1');
  });

  it('is never asked for by a talent submitter', async () => {
    const api = renderWith(
      { [COUNTS]: () => jsonResponse(200, counts) },
      <AgencyReviewNotice projectId={PROJECT} roleId="r1" actor="TS" />,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo(COUNTS)).toHaveLength(0);
    expect(screen.queryByText(/wait in agency review/)).toBeNull();
  });
});
