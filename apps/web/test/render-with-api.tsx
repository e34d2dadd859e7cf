import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createHttpClient } from '../src/lib/http/http-client';
import { HttpClientProvider } from '../src/lib/http/http-client-context';
import { LiveClientProvider } from '../src/lib/live/use-live-project';
import { createQueryClient } from '../src/lib/query/query-client';
import { createFetchDouble, type FetchDouble } from './fetch-double';

/**
 * Renders one feature component as the app would hold it (a query cache, the HTTP client, no live channel, a router),
 * its calls answered by `routes` ("METHOD /api/path" to a handler), the router at `at` (for a page that reads its
 * address through `<Routes>`). Answers the fetch double, to read the calls made.
 */
export function renderWithApi(
  routes: Parameters<typeof createFetchDouble>[0],
  ui: ReactNode,
  at = '/',
): FetchDouble {
  const double = createFetchDouble(routes);
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => null,
    refreshAccessToken: async () => 'none',
    onRefreshFailed: () => undefined,
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        <LiveClientProvider client={null}>
          <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
        </LiveClientProvider>
      </HttpClientProvider>
    </QueryClientProvider>,
  );
  return double;
}
