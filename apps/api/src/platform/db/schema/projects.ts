import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { lookupValues } from './lookups';
import { users } from './users';

export interface ProjectSettings {
  applicantOnlyInOneFolder: boolean;
}

const lookupRef = (name: string) => uuid(name).references(() => lookupValues.id, { onDelete: 'set null' });

export const projects = pgTable(
  'projects',
  {
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
      .on(table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.archivedAt} is null`),
    index('projects_archived_updated_idx')
      .on(table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.archivedAt} is not null`),
    index('projects_updated_idx').on(table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** Opportunities. The API answers them in the spec's section/detail shape (OVERVIEW_ROLE: ROLE_NAME, ROLE_DESCRIPTION). */
export const roles = pgTable(
  'roles',
  {
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

/** Folders of an opportunity: the system folders made with it, submitter folders, and custom ones (no alias). */
export const folders = pgTable(
  'folders',
  {
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

/** Team access: a member (or an invited e-mail without an account yet) and their project scope. */
export const projectAccesses = pgTable(
  'project_accesses',
  {
    id: idColumn(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    scope: text('scope').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('project_accesses_project_email_key').on(table.projectId, table.email),
    index('project_accesses_user_idx').on(table.userId, table.projectId),
    index('project_accesses_email_idx').on(table.email),
    // Invitations not yet linked to an account, looked up by address: one branch of the access filter's union.
    index('project_accesses_pending_email_idx')
      .on(table.email, table.projectId)
      .where(sql`${table.userId} is null`),
    check(
      'project_accesses_scope_check',
      sql`${table.scope} in ('PROJECT_OWNER', 'PROJECT_EDITOR', 'TALENT_EDITOR', 'TALENT_SUBMITTER')`,
    ),
    check('project_accesses_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/** Tags of a project, attached to its candidates; names are unique per project regardless of case. */
export const tags = pgTable(
  'tags',
  {
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
