import type { AppContext } from '../../platform/context';
import type { App } from '../../platform/http/types';
import { folderRoutes } from './folder-routes';
import { projectRoutes } from './project-routes';
import { roleRoutes } from './role-routes';
import { teamRoutes } from './team-routes';

/** Projects, opportunities, folders and team access (issue 4), mounted under /api. */
export function projectsRoutes(app: App, context: AppContext) {
  const db = context.database.db;
  projectRoutes(app, db);
  roleRoutes(app, db);
  folderRoutes(app, db);
  teamRoutes(app, { db, mailer: context.mailer, log: context.log, publicUrl: context.config.publicUrl });
}
