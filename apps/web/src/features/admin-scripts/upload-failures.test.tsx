import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { UploadFailure } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { RecordedCall } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { UploadFailuresSection } from './upload-failures';

const PROJECT = '00000000-0000-4000-8000-0000000000b1';

function failure(index: number, overrides: Partial<UploadFailure> = {}): UploadFailure {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, 50 - index)).toISOString(),
    error: `Upload incomplete - some chunks failed (${index})`,
    context: { fileName: `tape-${index}.mp4` },
    source: 'STAFF',
    reporter: { name: 'Pat Editor', email: 'pat@example.com' },
    ...overrides,
  };
}

function setup(all: UploadFailure[], pageSize = 2) {
  const double = createFetchDouble({
    [`GET /api/projects/${PROJECT}/upload-failures`]: (call: RecordedCall) => {
      const start = Number(new URL(call.url, 'http://x').searchParams.get('cursor') ?? 0);
      const next = start + pageSize < all.length ? String(start + pageSize) : null;
      return jsonResponse(200, { items: all.slice(start, start + pageSize), nextCursor: next });
    },
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <UploadFailuresSection projectId={PROJECT} />
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return double;
}

describe('upload failures section', () => {
  it('lists the reported failures with their file, error and reporter, and loads the next page on request', async () => {
    const double = setup([
      failure(1),
      failure(2, { source: 'APPLY_PAGE', reporter: null, context: { fileName: 'me.heic' } }),
      failure(3, { context: {} }),
    ]);
    const section = await screen.findByRole('region', { name: 'Upload failures' });
    const table = await within(section).findByRole('table', { name: 'Upload failures, newest first' });
    expect(within(table).getByText('tape-1.mp4')).toBeInTheDocument();
    expect(within(table).getByText('Pat Editor (pat@example.com)')).toBeInTheDocument();
    expect(within(table).getByText('me.heic')).toBeInTheDocument();
    expect(within(table).getByText('Apply page')).toBeInTheDocument();
    expect(within(table).queryByText(/\(3\)/)).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(table).getByText('Upload incomplete - some chunks failed (3)')).toBeInTheDocument(),
    );
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = double.callsTo(`GET /api/projects/${PROJECT}/upload-failures`);
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('cursor')).toBe('2');
  });

  it('says so when nothing was reported', async () => {
    setup([]);
    expect(
      await screen.findByText('No upload failures have been reported for this project.'),
    ).toBeInTheDocument();
  });
});
