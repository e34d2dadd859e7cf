import { defineHousekeepingJobs } from './modules/housekeeping';
import { defineMailJobs } from './modules/identity';
import { defineMediaJobs } from './modules/media';
import type { AppContext } from './platform/context';

/**
 * Every module's queues and schedules, declared once for both the API (embedded workers, or sending only) and the
 * worker process, so both agree on what each queue is and who handles it.
 */
export function defineBackgroundJobs(context: AppContext) {
  defineHousekeepingJobs(context);
  defineMailJobs(context);
  defineMediaJobs(context);
}
