import type { ApiModule } from '../../platform/http/module';
import { devRoutes } from './routes';

/** Development helpers (the outbox reader); app.ts leaves this module out in production. */
export const devModule: ApiModule = { name: 'dev', register: devRoutes };
