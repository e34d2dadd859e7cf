import type { AppContext } from '../../platform/context';
import { defineNoticeJobs } from './notices';
import { definePersonExportJobs } from './person-export';

/** The roster's queues: notices to talent about the project roster, and exports of a person's data. */
export function defineRosterJobs(context: AppContext) {
  defineNoticeJobs(context);
  definePersonExportJobs(context);
}
