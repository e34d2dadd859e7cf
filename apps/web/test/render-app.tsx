import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { buildRouteObjects } from '../src/app/router';
import { createAuthService } from '../src/lib/auth/auth-service';
import { showTalentRefusedToast } from '../src/lib/auth/talent-refusal';
import { createQueryClient } from '../src/lib/query/query-client';

/** Renders the whole app (providers, guard, shell, pages) at a URL, talking to the given fetch. */
export function renderApp(path: string, fetch: typeof globalThis.fetch) {
  const auth = createAuthService({ fetch, log: () => undefined, onTalentRefused: showTalentRefusedToast });
  const queryClient = createQueryClient();
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const view = render(
    <AppProviders auth={auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, auth, queryClient };
}
