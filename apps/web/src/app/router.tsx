import { createBrowserRouter } from 'react-router';
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

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
