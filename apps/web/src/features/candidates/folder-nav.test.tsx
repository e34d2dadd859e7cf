import type { Folder } from '@casting/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { createQueryClient } from '../../lib/query/query-client';
import { folderCountsQuery, refreshCandidates } from './candidates-api';
import { FolderNav } from './folder-nav';

const folder = (id: string, name: string): Folder => ({
  id,
  projectId: 'p1',
  roleId: 'r1',
  name,
  systemAlias: null,
  isSystem: false,
  position: 0,
});

describe('FolderNav counts', () => {
  it('shows each folder’s count, 1,000+ when capped, and none before the counts load', () => {
    const folders = [folder('f1', 'Selects'), folder('f2', 'New Submissions'), folder('f3', 'Callbacks')];
    const { rerender } = render(
      <MemoryRouter>
        <FolderNav folders={folders} loading={false} current={null} counts={null} hrefFor={() => '?'} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('list', { name: 'Folders' });
    expect(within(nav).getByRole('link', { name: 'Selects' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <FolderNav
          folders={folders}
          loading={false}
          current="f1"
          counts={[
            { folderId: 'f1', count: 12, capped: false },
            { folderId: 'f2', count: 1000, capped: true },
            { folderId: 'f3', count: 1, capped: false },
          ]}
          hrefFor={() => '?'}
        />
      </MemoryRouter>,
    );
    expect(within(nav).getByRole('link', { name: 'Selects 12 candidates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'New Submissions 1,000+ candidates' })).toHaveTextContent(
      'New Submissions1,000+',
    );
    expect(within(nav).getByRole('link', { name: 'Callbacks 1 candidate' })).toBeInTheDocument();
  });

  it('are refetched with the list when candidates change (APPLICANTS_UPDATED)', async () => {
    let count = 3;
    const double = createFetchDouble({
      'GET /api/projects/p1/applicants/folder-counts': () =>
        jsonResponse(200, { counts: [{ folderId: 'f1', count, capped: false }] }),
    });
    const http = createHttpClient({
      baseUrl: '/api',
      fetch: double.fetch,
      getAccessToken: () => 'token',
      refreshAccessToken: async () => 'token',
      onRefreshFailed: () => undefined,
    });
    const queryClient = createQueryClient();
    const options = folderCountsQuery(http, 'p1', 'r1');
    expect(await queryClient.fetchQuery(options)).toEqual([{ folderId: 'f1', count: 3, capped: false }]);
    expect(double.callsTo('GET /api/projects/p1/applicants/folder-counts')[0]?.url).toContain('roleId=r1');
    count = 4;
    await refreshCandidates(queryClient, 'p1');
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    expect(await queryClient.fetchQuery(options)).toEqual([{ folderId: 'f1', count: 4, capped: false }]);
  });
});
