import type { AppContext } from '../../platform/context';
import type { ApiModule } from '../../platform/http/module';
import { defineReminderJobs } from './reminders';
import { defineAuditionPdfJobs } from './schedule-pdf';
import { auditionRoutes } from './routes';
import { auditionPrintRoutes } from './routes-print';
import { auditionPublicRoutes } from './routes-public';

/**
 * Auditions and callbacks: a project's sessions cut into slots in the session's time zone, the schedule with its
 * conflicts (double placements, roster holds), invitations answered on a private page without an account, calendar
 * files, reminders, the session day's check-in, notes and ratings, callbacks, the CSV and the printed
 * schedule, and a candidate's sessions for their preview. Decisions 0835 to 0842.
 */
export const auditionsModule: ApiModule = {
  name: 'auditions',
  register(app, context) {
    auditionRoutes(app, context);
    auditionPublicRoutes(app, context);
    auditionPrintRoutes(app, context);
  },
};

export { AUDITION_REMINDER_QUEUE, sendDueReminders } from './reminders';
export { AUDITION_PDF_QUEUE, buildSchedulePdf } from './schedule-pdf';

/** The module's queues: the reminders' schedule and the printed schedules. */
export function defineAuditionJobs(context: AppContext) {
  defineReminderJobs(context);
  defineAuditionPdfJobs(context);
}
