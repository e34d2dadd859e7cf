import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { LiveClientProvider } from '../../lib/live/use-live-project';
import { createQueryClient } from '../../lib/query/query-client';
import { ClientLinksDialog } from './client-links-dialog';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const LINK = '22222222-2222-4222-8222-222222222222';
const summary = {
  id: LINK,
  projectId: PROJECT,
  title: 'Selects for the producer',
  message: '',
  settings: {
    showPhotos: true,
    showVideos: true,
    showDocuments: false,
    showContactDetails: false,
    showRepresentation: false,
    showTeamFeedback: false,
    allowDownload: false,
    requireIdentification: true,
  },
  status: 'ACTIVE',
  expiresAt: null,
  revokedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: null,
  candidateCount: 2,
  viewerCount: 1,
};
const candidate = (n: number) => ({
  submissionId: `s${n}`,
  applicantId: `a${n}`,
  name: `Candidate ${n}`,
  roleName: 'Lead',
  tally: { YES: 0, NO: 0, MAYBE: 0 },
  feedback: [],
});

function renderDialog(exportAnswer: FetchHandler, more: Record<string, FetchHandler> = {}) {
  const api = createFetchDouble({
    ...more,
    [`GET /api/v2/projects/${PROJECT}/client-links`]: () =>
      jsonResponse(200, { items: [summary], limit: 100, nextCursor: null, totalCapped: false }),
    [`GET /api/v2/projects/${PROJECT}/client-links/${LINK}`]: () =>
      jsonResponse(200, { link: summary, candidates: [candidate(1), candidate(2)], views: [] }),
    [`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/export`]: exportAnswer,
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
        <LiveClientProvider client={null}>
          <ClientLinksDialog open onOpenChange={() => undefined} projectId={PROJECT} canManage />
        </LiveClientProvider>
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return api;
}

async function exportFeedback() {
  const user = userEvent.setup();
  const dialog = await screen.findByRole('dialog', { name: 'Client review links' });
  await user.click(await within(dialog).findByRole('button', { name: /Selects for the producer/ }));
  await user.click(await within(dialog).findByRole('button', { name: 'Export feedback' }));
  return dialog;
}

describe('exporting a client link’s feedback', () => {
  it('says in the dialog what is exported and which address the download links go to', async () => {
    const api = renderDialog(() =>
      jsonResponse(202, {
        id: 'e1',
        message: 'The export is being prepared. We will e-mail you a download link.',
        recipientEmail: 'pat.editor@example.com',
        expiresAt: '2026-12-05T10:00:00.000Z',
      }),
    );
    const dialog = await exportFeedback();
    const status = await within(dialog).findByText(/pat\.editor@example\.com/);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(status).toHaveTextContent('Selects for the producer');
    expect(status).toHaveTextContent('2 candidates');
    expect(status).toHaveTextContent(/PDF presentation and a CSV spreadsheet/);
    expect(status).toHaveTextContent(/Dec/);
    expect(api.callsTo(`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/export`)).toHaveLength(1);
  });

  it('shows a refused export in the dialog with what to do next', async () => {
    renderDialog(() =>
      jsonResponse(429, { code: 'RATE_LIMITED', message: 'Too many requests. Wait a minute.' }),
    );
    const dialog = await exportFeedback();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The feedback could not be exported');
    expect(alert).toHaveTextContent('Too many requests. Wait a minute.');
    expect(alert).toHaveTextContent(/Nothing was sent\. Try again/);
  });
});

describe('a new address for a client link', () => {
  it('asks first, then shows the new address once with Copy link, and says the old one stopped', async () => {
    const address = 'http://localhost:3000/client/review-submission/NEWSECRETNEWSECRETNEWSE';
    const api = renderDialog(() => jsonResponse(500, {}), {
      [`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/address`]: () =>
        jsonResponse(200, { ...summary, clientLink: 'NEWSECRETNEWSECRETNEWSE', link: address }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Client review links' });
    await user.click(await within(dialog).findByRole('button', { name: /Selects for the producer/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'New address' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'A new address for “Selects for the producer”?',
    });
    expect(confirm).toHaveTextContent(/current address stops working at once/);
    expect(api.callsTo(`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/address`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'New address' }));

    const shown = await within(dialog).findByRole('region', { name: 'New address' });
    expect(within(shown).getByRole('textbox', { name: 'Review link' })).toHaveValue(address);
    expect(within(shown).getByRole('button', { name: 'Copy link' })).toBeEnabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('The link has a new address.');
    expect(api.callsTo(`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/address`)).toHaveLength(1);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(within(dialog).queryByRole('region', { name: 'New address' })).toBeNull();
  });

  it('shows a refusal in the dialog', async () => {
    renderDialog(() => jsonResponse(500, {}), {
      [`POST /api/v2/projects/${PROJECT}/client-links/${LINK}/address`]: () =>
        jsonResponse(410, {
          code: 'CLIENT_LINK_REVOKED',
          message: 'A revoked link cannot get a new address. Make a new link instead.',
        }),
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Client review links' });
    await user.click(await within(dialog).findByRole('button', { name: /Selects for the producer/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'New address' }));
    const confirm = await screen.findByRole('dialog', { name: /A new address/ });
    await user.click(within(confirm).getByRole('button', { name: 'New address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Make a new link instead.');
  });
});
