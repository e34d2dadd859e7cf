import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { officeIdColumn } from './offices';
import { projects } from './projects';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Where each archived project stands in its office's retention: archived when, its owners told when, its
 * unselected candidates' media and contact details purged when. One row per archived project, kept by a trigger on
 * `projects.archived_at` (hand-written in the retention migration): archiving writes it, un-archiving deletes it,
 * archiving again starts it afresh, so a purge always refers to the archive it followed.
 */
export const projectRetention = pgTable(
  'project_retention',
  {
    officeId: officeIdColumn(),
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    archivedAt: at('archived_at').notNull(),
    noticeSentAt: at('notice_sent_at'),
    purgedAt: at('purged_at'),
  },
  (table) => [
    // The preview and the scheduled purge walk the office's projects still to purge, oldest archive first (keyset on
    // archived_at, project_id); purged ones leave the index, so neither ever reads past them.
    index('project_retention_due_idx')
      .on(table.officeId, table.archivedAt, table.projectId)
      .where(sql`${table.purgedAt} is null`),
  ],
);
