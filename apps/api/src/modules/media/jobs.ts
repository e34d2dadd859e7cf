import type { AppContext } from '../../platform/context';
import { processMedia } from './processing';
import { MEDIA_PROCESS_QUEUE, type ProcessJob } from './queues';

/**
 * The media queues. Conversion records its own failure on the item (FAILED with the reason, retried by staff), so
 * the queue retries only what never reached the handler's bookkeeping (a crash, a stop). One conversion at a time per
 * process: ffmpeg and libvips already use every core.
 */
export function defineMediaJobs(context: AppContext) {
  context.jobs.define<ProcessJob>(MEDIA_PROCESS_QUEUE, (job) => processMedia(context, job.mediaId), {
    retryLimit: 2,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
    deadLetter: true,
    concurrency: 1,
  });
}
