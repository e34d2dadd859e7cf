import { defineEmailJobs } from './modules/email';
import { defineChatMailJobs } from './modules/chat';
import { defineClientReviewJobs } from './modules/client-review';
import { defineAdminScriptJobs } from './modules/admin-scripts';
import { defineHousekeepingJobs } from './modules/housekeeping';
import { defineMailJobs } from './modules/identity';
import { defineImportJobs } from './modules/import';
import { defineMediaJobs } from './modules/media';
import { defineRetentionJobs } from './modules/retention';
import { defineRosterJobs } from './modules/roster';
import { defineWebhookJobs } from './modules/webhooks';
import { defineSelfTapeJobs } from './modules/self-tapes';
import { defineAuditionJobs } from './modules/auditions';
import { definePresentationJobs } from './modules/presentations';
import type { AppContext } from './platform/context';

/**
 * Every module's queues and schedules, declared once for both the API (embedded workers, or sending only) and the
 * worker process, so both agree on what each queue is and who handles it.
 */
export function defineBackgroundJobs(context: AppContext) {
  defineHousekeepingJobs(context);
  defineMailJobs(context);
  defineMediaJobs(context);
  defineEmailJobs(context);
  defineChatMailJobs(context);
  defineImportJobs(context);
  defineAdminScriptJobs(context);
  defineRosterJobs(context);
  defineClientReviewJobs(context);
  defineRetentionJobs(context);
  defineWebhookJobs(context);
  defineSelfTapeJobs(context);
  defineAuditionJobs(context);
  definePresentationJobs(context);
}
