import type { AppContext } from '../../platform/context';
import { forEachOffice } from '../../platform/db/office-of';
import { currentOfficeId } from '../../platform/db/scope';
import type { ApiModule } from '../../platform/http/module';
import { sendDueNotices } from './notice';
import { retentionDaysOf } from './preview';
import { purgeDueProjects } from './purge';
import { retentionRoutes } from './routes';

export const RETENTION_QUEUE = 'retention-purge';

/**
 * One office's retention run: the notices that fall due, then the purges that do (a notice sent now makes its
 * purge due a notice period later at the earliest, never in the same run). Nothing while the office keeps its data.
 */
export async function runOfficeRetention(context: AppContext): Promise<number> {
  const officeId = currentOfficeId();
  if (!officeId) return 0;
  const days = await retentionDaysOf(context.database.db, officeId);
  if (days === null) return 0;
  await sendDueNotices(context, officeId, days);
  return purgeDueProjects(context, officeId, days);
}

/** Every office's retention, in each office in turn (decision 0102); answers the projects purged. */
export function runRetention(context: AppContext): Promise<number> {
  return forEachOffice(context.database.db, () => runOfficeRetention(context));
}

/** The daily retention run: one at a time, at most one waiting, however many instances schedule it. */
export function defineRetentionJobs(context: AppContext) {
  context.jobs.define(
    RETENTION_QUEUE,
    async () => {
      const purged = await runRetention(context);
      context.log.info({ purged }, 'retention: due projects purged');
    },
    { policy: 'stately', retryLimit: 2, retryDelaySeconds: 600, expireInSeconds: 6 * 3600 },
  );
  context.jobs.schedule(RETENTION_QUEUE, '11 2 * * *');
}

/** Data retention per office: the preview of coming purges, the owners' notices and the purge itself. */
export const retentionModule: ApiModule = { name: 'retention', register: retentionRoutes };
