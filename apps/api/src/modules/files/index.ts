import type { ApiModule } from '../../platform/http/module';
import { registerFilesRoutes } from './routes';

/** Serves the embedded storage's signed upload and download URLs (only when files are kept on local disk). */
export const filesModule: ApiModule = { name: 'files', register: registerFilesRoutes };
