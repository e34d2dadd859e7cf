import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { toast } from '../../lib/toast/toast';
import { Toaster } from '../../ui/toaster';
import { BulkActions } from './bulk-actions';
import { allHidden, HideButton, hideOutcome } from './hide-toggle';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const VOTES = `POST /api/projects/${PROJECT}/applicants/votes`;

function renderWith(answer: { count: number; unchanged: number }, ui: React.ReactNode) {
  const api = createFetchDouble({ [VOTES]: () => jsonResponse(200, answer) });
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

const toolbar = (hidden: boolean) => (
  <BulkActions
    projectId={PROJECT}
    rowIds={['s1', 's2']}
    may={(action) => action === 'HIDE'}
    opportunities={[]}
    folders={null}
    folder={null}
    submitterFolders={false}
    otherProjects={false}
    tags={[]}
    hidden={hidden}
    onDone={vi.fn()}
    onClear={vi.fn()}
  />
);

afterEach(() => toast.dismiss());

describe('hiding and unhiding candidates', () => {
  it('knows a row is hidden by its place in a hidden folder', () => {
    const folders = [
      { id: 'h', systemAlias: 'HIDDEN' },
      { id: 's', systemAlias: 'SELECTS' },
    ];
    expect(allHidden([{ folderIds: ['h'] }, { folderIds: ['s', 'h'] }], folders)).toBe(true);
    expect(allHidden([{ folderIds: ['h'] }, { folderIds: ['s'] }], folders)).toBe(false);
    expect(allHidden([], folders)).toBe(false);
  });

  it.each([
    ['HIDE', { count: 2, unchanged: 0 }, 'success', '2 candidates hidden', undefined, true],
    [
      'HIDE',
      { count: 1, unchanged: 1 },
      'success',
      '1 candidate hidden',
      '1 candidate was already hidden.',
      false,
    ],
    [
      'HIDE',
      { count: 0, unchanged: 1 },
      'info',
      'Already hidden',
      expect.stringContaining('Nothing changed'),
      false,
    ],
    ['UNHIDE', { count: 1, unchanged: 0 }, 'success', '1 candidate shown again', undefined, true],
    [
      'UNHIDE',
      { count: 0, unchanged: 2 },
      'info',
      'Not hidden',
      expect.stringContaining('Nothing changed'),
      false,
    ],
  ] as const)('%s answered %o says "%s"', (vote, result, kind, title, description, undo) => {
    expect(hideOutcome(vote, result)).toEqual({ kind, title, undo, ...(description ? { description } : {}) });
  });

  it('the toolbar offers Unhide for hidden candidates and unhides them', async () => {
    const user = userEvent.setup();
    const api = renderWith({ count: 2, unchanged: 0 }, toolbar(true));
    const bar = screen.getByRole('toolbar', { name: 'Actions for the selected candidates' });
    expect(within(bar).queryByRole('button', { name: 'Hide' })).toBeNull();
    await user.click(within(bar).getByRole('button', { name: 'Unhide' }));
    expect(await screen.findByText('2 candidates shown again')).toBeVisible();
    expect(api.callsTo(VOTES)[0]?.body).toEqual({ applicantIds: ['s1', 's2'], vote: 'UNHIDE' });
  });

  it('hiding someone already hidden says nothing changed rather than claiming success', async () => {
    const user = userEvent.setup();
    renderWith({ count: 0, unchanged: 1 }, <HideButton projectId={PROJECT} rowId="s1" hidden={false} />);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Already hidden')).toBeVisible();
    expect(screen.queryByText(/candidate hidden/)).toBeNull();
  });

  it('the preview offers Unhide for a hidden candidate', () => {
    renderWith({ count: 1, unchanged: 0 }, <HideButton projectId={PROJECT} rowId="s1" hidden />);
    expect(screen.getByRole('button', { name: 'Unhide' })).toBeEnabled();
  });
});
