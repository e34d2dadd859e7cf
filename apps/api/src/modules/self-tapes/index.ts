import type { AppContext } from '../../platform/context';
import type { ApiModule } from '../../platform/http/module';
import { SELF_TAPES_REMINDER_QUEUE, runSelfTapeReminders, type SelfTapeReminderJob } from './reminders';
import { selfTapePrivateRoutes } from './routes-private';
import { selfTapeRoutes } from './routes';
import { SELF_TAPES_SEND_QUEUE, runSelfTapeSend, type SelfTapeSendJob } from './send-job';
import { runSelfTapeWatermark, SELF_TAPES_WATERMARK_QUEUE, type SelfTapeWatermarkJob } from './sides';

/**
 * Self-tape requests: the office asks chosen candidates of one opportunity for recorded takes with sides and a
 * deadline kept to a notice preset (decision 0820); every agent of a represented candidate receives it; each recipient
 * answers on a private page opened by a secret (upload, replace, submit, decline, ask for more time); reminders are
 * jobs due before the deadline; submitted takes become the candidate's media, a live event and a webhook event.
 */
export const selfTapesModule: ApiModule = {
  name: 'self-tapes',
  register(app, context) {
    selfTapeRoutes(app, context);
    selfTapePrivateRoutes(app, context);
  },
};

/** The sending job (one per request) and the reminder jobs (one per offset, each due at its moment). */
export function defineSelfTapeJobs(context: AppContext) {
  context.jobs.define<SelfTapeSendJob>(
    SELF_TAPES_SEND_QUEUE,
    async (job) => runSelfTapeSend(context, job.requestId),
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true, deadLetter: true },
  );
  context.jobs.define<SelfTapeReminderJob>(
    SELF_TAPES_REMINDER_QUEUE,
    async (job) => {
      await runSelfTapeReminders(context, job.requestId);
    },
    { retryLimit: 4, retryDelaySeconds: 60, retryBackoff: true },
  );
  context.jobs.define<SelfTapeWatermarkJob>(
    SELF_TAPES_WATERMARK_QUEUE,
    async (job) => {
      await runSelfTapeWatermark(context, job.recipientId);
    },
    { retryLimit: 4, retryDelaySeconds: 30, retryBackoff: true },
  );
}

export { runSelfTapeSend, SELF_TAPES_SEND_QUEUE } from './send-job';
export { runSelfTapeReminders, SELF_TAPES_REMINDER_QUEUE } from './reminders';
export { runSelfTapeWatermark, SELF_TAPES_WATERMARK_QUEUE } from './sides';
