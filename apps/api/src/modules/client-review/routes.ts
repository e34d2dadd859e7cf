import type { AppContext } from '../../platform/context';
import type { App } from '../../platform/http/types';
import { portalRoutes } from './routes-portal';
import { projectShareRoutes } from './routes-share';
import { teamLinkRoutes } from './routes-team';

/** Every client-review route: the team's links, the portal the links open, and the project's public share page. */
export function clientReviewRoutes(app: App, context: AppContext) {
  teamLinkRoutes(app, context);
  portalRoutes(app, context);
  projectShareRoutes(app, context);
}
