import type { ApiModule } from '../../platform/http/module';
import { projectDraftRoutes } from './routes-drafts';
import { projectRoutes } from './routes';

/**
 * Projects: the casting projects themselves, the caller's list and switcher, and the overview page, which gathers
 * a project's opportunities and team. Who may do what in a project is decided in the platform layer
 * (platform/http/project-access.ts), which the project-scoped modules share.
 */
export const projectsModule: ApiModule = {
  name: 'projects',
  register(app, context) {
    projectDraftRoutes(app, context);
    projectRoutes(app, context);
  },
};
