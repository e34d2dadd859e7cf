import type { ApiModule } from '../../platform/http/module';
import { healthRoutes } from './routes';

export const healthModule: ApiModule = { name: 'health', register: healthRoutes };
