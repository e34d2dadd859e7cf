import type { ApiModule } from '../../platform/http/module';
import { officeRosterRoutes, projectRosterRoutes } from './routes';
import { personDataRoutes } from './routes-person-data';

/**
 * The office's talent database: the roster of every person known to the office (people, office notes
 * and tags, likely duplicates and merges, "add to an opportunity") and each project's roster of avail checks,
 * holds, bookings and releases, with their history, conflicts and notices to talent (decisions 0038 to 0040); a
 * person's erasure and the export of their data (decisions 0090 to 0092).
 */
export const rosterModule: ApiModule = {
  name: 'roster',
  register(app, context) {
    officeRosterRoutes(app, context);
    personDataRoutes(app, context);
    projectRosterRoutes(app, context);
  },
};

export { defineRosterJobs } from './jobs';
export { noticeTemplate, ROSTER_NOTICE_QUEUE } from './notices';
export { matchPerson } from './people-match';
export { mergePeople } from './people-merge';
export { conflictsFor } from './project-roster';
