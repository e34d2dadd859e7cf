import type { ApiModule } from '../../platform/http/module';
import { folderRoutes } from './routes';

/** Folders: where the casting team sorts candidates within an opportunity (system folders and custom ones). */
export const foldersModule: ApiModule = { name: 'folders', register: folderRoutes };
