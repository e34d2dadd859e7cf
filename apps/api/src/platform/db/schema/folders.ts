import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { roles } from './opportunities';
import { projects } from './projects';

/** Folders of an opportunity: the system folders made with it, submitter folders, and custom ones (no alias). */
export const folders = pgTable(
  'folders',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    systemAlias: text('system_alias'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('folders_role_idx').on(table.roleId, table.position),
    index('folders_project_idx').on(table.projectId),
    uniqueIndex('folders_role_alias_key')
      .on(table.roleId, table.systemAlias)
      .where(sql`${table.systemAlias} is not null`),
  ],
);
