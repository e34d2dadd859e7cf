import { forEachOffice } from '../../platform/db/office-of';
import type { AppContext } from '../../platform/context';
import { defineStoragePurgeJob } from '../../platform/storage/purge';
import { buildZip, purgeExpiredDownloads } from './downloads';
import { MEDIA_ISSUE_QUEUE, notifyIssue, type IssueJob } from './issues';
import { processMedia } from './processing';
import { purgeAbandonedUploads } from './uploads-purge';
import { cleanAbandonedWorkFolders } from './work-folders';
import { MEDIA_PROCESS_QUEUE, MEDIA_ZIP_QUEUE, type ProcessJob, type ZipJob } from './queues';

const DOWNLOAD_PURGE_QUEUE = 'media-download-purge';
const UPLOAD_PURGE_QUEUE = 'media-upload-purge';

/**
 * The media queues. Conversion records its own failure on the item (FAILED with the reason, retried by staff), so
 * the queue retries only what never reached the handler's bookkeeping (a crash, a stop). One conversion at a time per
 * process: ffmpeg and libvips already use every core.
 */
export function defineMediaJobs(context: AppContext) {
  // A server killed mid-conversion left its work folder (a full copy of a talent's file) and maybe its ffmpeg.
  if (context.jobs.runsWorkers) {
    cleanAbandonedWorkFolders().then(
      (removed) => removed > 0 && context.log.info({ removed }, 'abandoned conversion folders removed'),
      (error: unknown) => context.log.warn({ err: error }, 'abandoned conversion folders not removed'),
    );
  }
  context.jobs.define<ProcessJob>(MEDIA_PROCESS_QUEUE, (job) => processMedia(context, job.mediaId), {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
    // A worker renews its claim while ffmpeg runs; one killed mid-conversion stops renewing, and the job goes back to
    // its queue (and is converted again) about five minutes later instead of after four hours.
    leaseSeconds: 300,
    deadLetter: true,
    concurrency: 1,
  });
  // A chat webhook may be down for a while: retried with backoff, then kept in the dead-letter queue.
  context.jobs.define<IssueJob>(MEDIA_ISSUE_QUEUE, (job) => notifyIssue(context, job.reportId), {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
    deadLetter: true,
  });
  // A zip is one streaming pass over its files; a failure is recorded on the bundle and retried once.
  context.jobs.define<ZipJob>(
    MEDIA_ZIP_QUEUE,
    (job) => buildZip(context, job.bundleId, job.visibility, job.convertedOnly ?? false, job.kinds),
    {
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 6 * 3600,
      deadLetter: true,
      concurrency: 1,
    },
  );
  // Scheduled upkeep runs in each office in turn.
  context.jobs.define(
    DOWNLOAD_PURGE_QUEUE,
    async () => {
      await forEachOffice(context.database.db, () => purgeExpiredDownloads(context));
    },
    { policy: 'stately' },
  );
  context.jobs.schedule(DOWNLOAD_PURGE_QUEUE, '29 4 * * *');
  context.jobs.define(
    UPLOAD_PURGE_QUEUE,
    async () => {
      await forEachOffice(context.database.db, () => purgeAbandonedUploads(context));
    },
    { policy: 'stately' },
  );
  context.jobs.schedule(UPLOAD_PURGE_QUEUE, '41 * * * *');
  // Stored files of deleted media, uploads and zips (whatever deleted them: see platform/storage/purge.ts).
  defineStoragePurgeJob(context.jobs, context);
}
