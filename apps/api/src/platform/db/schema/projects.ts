import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { users } from './identity';
import { lookupRef } from './lookups';

export interface ProjectSettings {
  applicantOnlyInOneFolder: boolean;
}

export const projects = pgTable(
  'projects',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    version: integer('version').notNull().default(1),
    isWeb: boolean('is_web').notNull().default(true),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    projectTypeId: lookupRef('project_type_id'),
    unionStatusId: lookupRef('union_status_id'),
    projectStatusId: lookupRef('project_status_id'),
    description: text('description'),
    productionCompany: text('production_company'),
    submissionDeadline: date('submission_deadline'),
    auditionDate: date('audition_date'),
    callbackDate: date('callback_date'),
    shootStartDate: date('shoot_start_date'),
    shootEndDate: date('shoot_end_date'),
    location: text('location'),
    regionIds: uuid('region_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    rateNotes: text('rate_notes'),
    lookingFor: text('looking_for'),
    /** Values of the 'project-lookingfor' lookup, beside the free-text notes above. */
    lookingForIds: uuid('looking_for_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Values of the 'geographic' lookup (local hire, travel provided...). */
    geographicIds: uuid('geographic_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    collectRepresentativeInfo: boolean('collect_representative_info').notNull().default(false),
    settings: jsonb('settings')
      .$type<ProjectSettings>()
      .notNull()
      .default({ applicantOnlyInOneFolder: false }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The wizard step a draft project reopens at (PROJECT, OPPORTUNITIES, TEAM, LINK); null once finished. Drafts
     * stay out of the project lists and the switcher and are listed to their owner only.
     */
    draftStep: text('draft_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('projects_drafts_owner_idx')
      .on(table.ownerId, table.updatedAt.desc())
      .where(sql`${table.draftStep} is not null`),
    index('projects_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('projects_owner_idx').on(table.ownerId, table.createdAt.desc()),
    // The lists sort by last change, newest first, with the id as tie-breaker; one index per archived filter lets a
    // keyset page read 21 index entries whatever the table's size (docs/decisions/0016-keyset-lists.md).
    index('projects_active_updated_idx')
      .on(table.officeId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.archivedAt} is null`),
    index('projects_archived_updated_idx')
      .on(table.officeId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.archivedAt} is not null`),
    index('projects_updated_idx').on(
      table.officeId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** Tags of a project, attached to its candidates; names are unique per project regardless of case. */
export const tags = pgTable(
  'tags',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tags_project_name_key').on(table.projectId, sql`lower(${table.name})`),
    index('tags_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
  ],
);
