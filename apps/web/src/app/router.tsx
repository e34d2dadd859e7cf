import { useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouteGate } from './guard/route-gate';
import { pageComponent } from './pages';
import { ROUTES } from './routes';

/** The route table as React Router objects, under the gate that guards and frames every page. */
export function buildRouteObjects(): RouteObject[] {
  const pages: RouteObject[] = ROUTES.map((route) => {
    const Page = pageComponent(route.page);
    return { path: route.path, element: <Page /> };
  });
  // Unknown paths still render the gate, which sends them to /404.
  return [{ element: <RouteGate />, children: [...pages, { path: '*', element: null }] }];
}

const ROUTE_OBJECTS = buildRouteObjects();

/**
 * The app's routes under a plain `<BrowserRouter>` (main.tsx). The app uses no data-router feature (loaders,
 * actions, blockers, fetchers), and the declarative router leaves React Router's data layer, about a third of
 * the library, out of every first download (decision 0129). Tests still mount the same route objects in a
 * memory data router (test/render-app.tsx).
 */
export function AppRoutes() {
  return useRoutes(ROUTE_OBJECTS);
}
