import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { lookupRef } from './lookups';
import { projects } from './projects';

/** Opportunities. The API answers them in the section/detail shape (OVERVIEW_ROLE: ROLE_NAME, ROLE_DESCRIPTION). */
export const roles = pgTable(
  'roles',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    roleTypeId: lookupRef('role_type_id'),
    genderIds: uuid('gender_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    ageMin: integer('age_min'),
    ageMax: integer('age_max'),
    ethnicAppearanceIds: uuid('ethnic_appearance_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    unionStatusId: lookupRef('union_status_id'),
    rate: text('rate'),
    shootStartDate: date('shoot_start_date'),
    shootEndDate: date('shoot_end_date'),
    requirements: text('requirements'),
    /** Values of the 'role-background' lookup (dancer, military...). */
    backgroundIds: uuid('background_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('roles_project_idx').on(table.projectId, table.position),
    check(
      'roles_age_range_check',
      sql`${table.ageMin} is null or ${table.ageMax} is null or ${table.ageMin} <= ${table.ageMax}`,
    ),
  ],
);
