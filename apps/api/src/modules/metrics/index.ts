import type { ApiModule } from '../../platform/http/module';
import { metricsRoutes } from './routes';

export { metricsRoutes } from './routes';

export const metricsModule: ApiModule = { name: 'metrics', register: metricsRoutes };
