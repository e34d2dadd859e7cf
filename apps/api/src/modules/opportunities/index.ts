import type { ApiModule } from '../../platform/http/module';
import { roleRoutes } from './routes';

/**
 * Opportunities: the parts a project casts for (the public API calls them roles). Each is created with its system
 * and submitter folders; deleting one deletes its folders.
 */
export const opportunitiesModule: ApiModule = { name: 'opportunities', register: roleRoutes };

export { roleInProject } from './service';
export { systemFolderRows } from './system-folders';
export { roleBreakdowns } from './views';
