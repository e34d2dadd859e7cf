import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Presentation } from '@casting/domain';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { PresentationOrder } from './presentation-order';

const item = (submissionId: string, firstName: string) => ({
  submissionId,
  applicantId: `a-${submissionId}`,
  firstName,
  lastName: 'Doe',
  playingAge: null,
  height: null,
  mediaChosen: false,
  media: [],
});
const presentation: Presentation = {
  id: 'pr1',
  projectId: 'p1',
  roleId: 'r1',
  roleName: 'Lead',
  title: 'Selects',
  layout: 'cards',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  createdBy: null,
  pdf: { status: null, progress: 0, requestedAt: null },
  items: [item('s1', 'Ana'), item('s2', 'Ben'), item('s3', 'Cy')],
};

describe('the presentation order', () => {
  it('moves a candidate by dragging it onto another row, and one step by its keyboard buttons', async () => {
    const api = createFetchDouble({
      'PUT /api/v2/projects/p1/presentations/pr1/items/s3/position': () => jsonResponse(200, presentation),
      'PUT /api/v2/projects/p1/presentations/pr1/items/s1/position': () => jsonResponse(200, presentation),
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
          <PresentationOrder projectId="p1" presentation={presentation} />
        </HttpClientProvider>
      </QueryClientProvider>,
    );
    const rows = screen.getAllByTestId('presentation-item');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    fireEvent.drop(rows[0]!, { dataTransfer });
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v2/projects/p1/presentations/pr1/items/s3/position')[0]?.body).toEqual({
        position: 0,
      }),
    );
    expect(screen.getByRole('button', { name: 'Move Ana Doe up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Ana Doe down' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v2/projects/p1/presentations/pr1/items/s1/position')[0]?.body).toEqual({
        position: 1,
      }),
    );
  });
});
