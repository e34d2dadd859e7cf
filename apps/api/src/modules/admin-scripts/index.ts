import type { ApiModule } from '../../platform/http/module';
import { adminScriptRoutes } from './routes';

/**
 * Admin scripts (`/projects/admin-scripts/{id}`, super admins only): recount, rebuild the search text,
 * reprocess failed media, transfer ownership, export a project (JSON and media in a zip) and restore one on another
 * instance, purge retained leftovers. Each is a job with progress, a result and an audit entry. Decision 0042.
 */
export const adminScriptsModule: ApiModule = { name: 'admin-scripts', register: adminScriptRoutes };

export { defineAdminScriptJobs } from './service';
