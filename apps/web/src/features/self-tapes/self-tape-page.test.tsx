import { SELF_TAPE_TEXTS, type SelfTapePrivatePage } from '@casting/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createFetchDouble, jsonResponse, type FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { viewerTimeZone } from './countdown';
import { SelfTapePage } from './self-tape-page';

// The recipient's private page: what is asked, the deadline counting down on the viewer's clock with its zone named,
// and declining with a reason.
const TOKEN = 'a'.repeat(32);
const PAGE: SelfTapePrivatePage = {
  title: 'Scene 4',
  officeName: 'North Casting',
  projectName: 'The Long Road',
  roleName: 'Jess',
  candidateName: 'Tess Tape',
  instructions: 'Two takes, one line each.',
  slateInstructions: 'Name and height.',
  sides: [],
  takes: 1,
  acceptedKinds: ['video'],
  maxLengthSeconds: null,
  deadline: new Date(Date.now() + 50 * 3_600_000).toISOString(),
  timeZone: 'Europe/London',
  latePolicy: 'ACCEPT_LATE',
  status: 'OPENED',
  closed: false,
  late: false,
  extension: null,
  review: null,
  toReview: null,
  uploaded: [],
  uploadGrant: 'grant-1',
};

/** A query client and an HTTP client over a fetch double answering the given routes. */
function setupHttp(handlers: Record<string, FetchHandler>) {
  const double = createFetchDouble(handlers);
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>{children}</HttpClientProvider>
    </QueryClientProvider>
  );
  return { double, wrap };
}

function renderPage() {
  const { double, wrap } = setupHttp({
    'GET /api/self-tape-page': () => jsonResponse(200, PAGE),
    'POST /api/self-tape-page/decline': () =>
      jsonResponse(200, { ...PAGE, status: 'DECLINED', uploadGrant: null }),
  });
  render(
    wrap(
      <MemoryRouter initialEntries={[`/self-tapes/${TOKEN}`]}>
        <Routes>
          <Route path="/self-tapes/:token" element={<SelfTapePage />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return double;
}

describe('the self-tape page', () => {
  it('shows the request with a countdown naming the viewer’s time zone, and declines with a reason', async () => {
    const double = renderPage();
    expect(await screen.findByRole('heading', { name: 'Scene 4' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^Due in 2 d 1 h, .*\\(${viewerTimeZone()}\\)$`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SELF_TAPE_TEXTS.submit })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: SELF_TAPE_TEXTS.decline }));
    await userEvent.type(screen.getByLabelText(SELF_TAPE_TEXTS.declineReason), 'Away filming');
    const buttons = screen.getAllByRole('button', { name: SELF_TAPE_TEXTS.decline });
    await userEvent.click(buttons.at(-1)!);
    expect(await screen.findByText(SELF_TAPE_TEXTS.declined)).toBeInTheDocument();
    expect(double.calls.find((call) => call.url.includes('decline'))?.body).toEqual({
      token: TOKEN,
      reason: 'Away filming',
    });
  });
});
