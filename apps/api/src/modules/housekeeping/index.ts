import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { purgeExpiredIdempotencyKeys } from '../../platform/http/idempotency';
import { purgeOldAuditEventsEverywhere } from '../audit';
import { purgeUnsentAttachments } from '../chat';
import { closeLapsedSupportGrants } from '../offices';
import { purgeExpiredRows } from './purge';
import { purgeOldUploadFailures } from './upload-failures';

export const PURGE_QUEUE = 'housekeeping-purge';
export const VACUUM_QUEUE = 'housekeeping-vacuum';

/**
 * Housekeeping from day one: an hourly purge of expired identity rows, old audit events (in every office's log and
 * the installation's), expired idempotency keys, old upload failure reports, chat attachments never sent (and the closing of support access
 * that ran out) and, on the
 * embedded database, a nightly
 * `VACUUM (ANALYZE)` (PGlite runs no autovacuum, so without it dead rows pile up and the planner's statistics age).
 * Both queues are `stately`: one run at a time and at most one waiting, however many instances schedule them.
 */
export function defineHousekeepingJobs(context: AppContext) {
  const { jobs, database, config, log } = context;
  jobs.define(
    PURGE_QUEUE,
    async () => {
      const counts = {
        ...(await purgeExpiredRows(database.db, {
          // The counters table also holds daily quotas (invitations, code guesses): keep a day of counters.
          rateLimitWindowSeconds: Math.max(config.AUTH_RATE_LIMIT_WINDOW_SECONDS, 86_400),
        })),
        // Audit events are kept AUDIT_RETENTION_DAYS (six years by default) in every office's log and the
        // installation's; idempotency answers one day.
        auditEvents: await purgeOldAuditEventsEverywhere(database.db, config.AUDIT_RETENTION_DAYS),
        idempotencyKeys: await purgeExpiredIdempotencyKeys(database.db),
        // Upload failure reports are kept UPLOAD_FAILURE_LIMITS.keepDays (30 days).
        uploadFailures: await purgeOldUploadFailures(database.db),
        // Chat attachments uploaded and never sent, after a day (rows and files).
        chatAttachmentsUnsent: await purgeUnsentAttachments(context),
        // Not a deletion: support access that ran out is closed and written to its office's log.
        supportGrantsLapsed: await closeLapsedSupportGrants(database.db),
      };
      log.info({ deleted: counts }, 'housekeeping: expired rows purged');
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 60 },
  );
  jobs.schedule(PURGE_QUEUE, '17 * * * *');

  if (database.kind === 'pglite') {
    jobs.define(
      VACUUM_QUEUE,
      async () => {
        await database.db.execute(sql.raw('VACUUM (ANALYZE)'));
        log.info('housekeeping: embedded database vacuumed');
      },
      { policy: 'stately', retryLimit: 1, retryDelaySeconds: 600 },
    );
    jobs.schedule(VACUUM_QUEUE, '43 3 * * *');
  }
}
