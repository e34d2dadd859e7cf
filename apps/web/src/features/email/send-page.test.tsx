import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProjectDetail } from '../../../test/factories';
import { createFetchDouble, jsonResponse, type FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { SendEmailPage } from './send-page';
import { emailSelectionPath } from './selection';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const API = `/api/v2/projects/${PROJECT}`;

function renderSendPage(selected: number, remaining: number, handlers: Record<string, FetchHandler> = {}) {
  const ids = Array.from({ length: selected }, (_, index) => `00000000-0000-4000-8000-00000000000${index}`);
  const entry = emailSelectionPath(PROJECT, ids);
  const double = createFetchDouble({
    [`GET ${API}`]: () =>
      jsonResponse(
        200,
        buildProjectDetail({ id: PROJECT, projectActor: 'PE', projectAccessScope: 'PROJECT_EDITOR' }),
      ),
    [`GET ${API}/email-templates`]: () => jsonResponse(200, { items: [], nextCursor: null }),
    [`GET ${API}/share-links`]: () => jsonResponse(200, { items: [], nextCursor: null, total: 0 }),
    [`GET ${API}/email-allowance`]: () =>
      jsonResponse(200, {
        remaining,
        account: { max: 1000, remaining },
        office: { max: 3000, remaining: 2500 },
      }),
    [`POST ${API}/email-preview`]: () => jsonResponse(200, { subject: '', html: '', text: '', to: null }),
    [`GET /api/projects/${PROJECT}/applicants`]: () => jsonResponse(200, { items: [], nextCursor: null }),
    ...handlers,
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <MemoryRouter initialEntries={[entry]}>
      <QueryClientProvider client={createQueryClient()}>
        <HttpClientProvider client={http}>
          <Routes>
            <Route path="/projects/email/:id/send" element={<SendEmailPage />} />
          </Routes>
        </HttpClientProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return double;
}

describe('the send page’s daily allowance', () => {
  afterEach(() => sessionStorage.clear());

  it('says how many more e-mails may go out today', async () => {
    const double = renderSendPage(2, 1234);
    expect(
      await screen.findByText('You can send 1,234 more e-mails to candidates today.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 2' })).toBeEnabled();
    expect(double.callsTo(`GET ${API}/email-allowance`)).toHaveLength(1);
  });

  it('names a selection larger than what is left and keeps the send button off', async () => {
    renderSendPage(3, 2);
    expect(
      await screen.findByText('This would send 3 e-mails, but only 2 more can go out today.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send to 3' })).toBeDisabled();
  });
});

describe('the send page’s messages from the API', () => {
  afterEach(() => sessionStorage.clear());

  it('shows a refused field’s message until the field changes', async () => {
    const user = userEvent.setup();
    renderSendPage(2, 100, {
      [`POST ${API}/email-sends`]: () =>
        jsonResponse(400, {
          code: 'VALIDATION_FAILED',
          message: 'Please correct the highlighted fields',
          details: { issues: [{ path: 'body.subject', message: 'Write a subject.' }] },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Send to 2' }));
    expect(await screen.findByText('Write a subject.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Callbacks');
    expect(screen.queryByText('Write a subject.')).not.toBeInTheDocument();
    // The field's message was the whole answer: no other alert takes its place.
    expect(screen.queryByText('Please correct the highlighted fields')).not.toBeInTheDocument();
  });
});
