import type { ApiModule } from '../../platform/http/module';
import { auditionRoutes } from './routes';
import { auditionPublicRoutes } from './routes-public';

/**
 * Auditions and callbacks: a project's sessions cut into slots in the session's time zone, the schedule with its
 * conflicts (double placements, roster holds), invitations answered on a private page without an account, calendar
 * files, reminders, the session day's check-in, notes and ratings, callbacks and the CSV. Decisions 0835 to 0839.
 */
export const auditionsModule: ApiModule = {
  name: 'auditions',
  register(app, context) {
    auditionRoutes(app, context);
    auditionPublicRoutes(app, context);
  },
};

export { AUDITION_REMINDER_QUEUE, defineAuditionJobs, sendDueReminders } from './reminders';
