import type { ApiModule } from '../../platform/http/module';
import { auditRoutes } from './routes';

export { purgeOldAuditEvents, purgeOldAuditEventsEverywhere } from './service';

/** The audit log's reading side; events are written by the platform hook `platform/http/audit.ts`. */
export const auditModule: ApiModule = { name: 'audit', register: auditRoutes };
