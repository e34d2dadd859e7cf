import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';
import { createdAt, idColumn, updatedAt } from '../columns';
import { officeIdColumn } from './offices';
import { users } from './identity';
import { lookupValues } from './lookups';

/**
 * The office's talent database (decision 0038). The instance is one casting office, so a person is known
 * once across all its projects: `people` holds one row per person, and every applicant (a person within one
 * project) points at it through `applicants.person_id`. The link is made by the database itself (trigger
 * `applicants_link_person`, hand-written in the migration) whenever an applicant is inserted without one, so every
 * way into a project (apply pages, adds by hand, copies, imports, demo data) lands on the same person:
 *
 * - by e-mail (lower-cased, unique among people): a second application anywhere joins the first person;
 * - without an e-mail, or with an e-mail nobody has: a new person. Same folded names and date of birth as another
 *   person is only a *likely* duplicate, listed for a human to confirm (merge) or dismiss, never merged silently.
 *
 * Writers that already know the person (the roster's "add to an opportunity", an import row matched by a human)
 * set `applicants.person_id` themselves and the trigger leaves it alone.
 */
export const people = pgTable(
  'people',
  {
    officeId: officeIdColumn(),
    // The API writes UUIDv7 like every table; the SQL default serves rows the link trigger creates.
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`)
      .$defaultFn(() => uuidv7()),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; one person per e-mail in the office. */
    email: text('email'),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth'),
    genderId: uuid('gender_id').references(() => lookupValues.id, { onDelete: 'set null' }),
    location: text('location'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    unionIds: uuid('union_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Names and e-mail folded like `applicants.search_text` (lower case, accents removed) for the trigram search. */
    searchText: text('search_text').notNull().default(''),
    /** Names folded by `candidate_sort_fold` (set by trigger): the name sort and the likely-duplicate match. */
    sortLastName: text('sort_last_name').notNull().default(''),
    sortFirstName: text('sort_first_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('people_email_key')
      .on(table.officeId, table.email)
      .where(sql`${table.email} is not null`),
    index('people_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The roster's two sorts, each entered at a keyset cursor.
    index('people_name_idx').on(table.officeId, table.sortLastName, table.sortFirstName, table.id),
    index('people_newest_idx').on(
      table.officeId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Likely duplicates: same folded names and date of birth.
    index('people_identity_idx')
      .on(table.officeId, table.sortLastName, table.sortFirstName, table.dateOfBirth)
      .where(sql`${table.dateOfBirth} is not null`),
    // The roster's location filter (a part of the place, any case: `ilike '%...%'`) reads trigrams, not every row.
    // The skill filter's index (`people_skills_lower_idx`, GIN on `text_array_lower(skills)`) is hand-written in
    // migration 0020: drizzle cannot declare the function it is built on.
    index('people_location_trgm_idx').using('gin', sql`${table.location} gin_trgm_ops`),
    check('people_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

export type PersonRow = typeof people.$inferSelect;

/** Office-level notes on a person (not tied to a project), newest first. */
export const personNotes = pgTable(
  'person_notes',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('person_notes_person_idx').on(table.personId, table.createdAt.desc().nullsFirst())],
);

/** Office-level tags (distinct from a project's tags, which describe applicants within one project). */
export const officeTags = pgTable(
  'office_tags',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('office_tags_name_key').on(table.officeId, sql`lower(${table.name})`)],
);

export const personTags = pgTable(
  'person_tags',
  {
    officeId: officeIdColumn(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => officeTags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.personId, table.tagId] }),
    index('person_tags_tag_idx').on(table.tagId, table.personId),
  ],
);

/** "These two are not the same person": a likely-duplicate pair a human dismissed; stored with the smaller id first. */
export const personDuplicateDismissals = pgTable(
  'person_duplicate_dismissals',
  {
    officeId: officeIdColumn(),
    personAId: uuid('person_a_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    personBId: uuid('person_b_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.personAId, table.personBId] }),
    index('person_duplicate_dismissals_b_idx').on(table.personBId),
    check('person_duplicate_dismissals_order_check', sql`${table.personAId} < ${table.personBId}`),
  ],
);

/** A merge done: the person kept, the one merged away (gone, so no foreign key) and what it was, for the record. */
export const personMerges = pgTable(
  'person_merges',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    keptPersonId: uuid('kept_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    mergedPersonId: uuid('merged_person_id').notNull(),
    mergedPerson: jsonb('merged_person').$type<Record<string, unknown>>().notNull(),
    mergedById: uuid('merged_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('person_merges_kept_idx').on(table.keptPersonId),
    index('person_merges_merged_idx').on(table.mergedPersonId),
  ],
);

/**
 * A subject access request's export: one zip of what the office holds about a person (`person.json` and their media
 * originals), built by a job and offered to the office's staff until `expires_at`. `object_key` is chosen when the
 * export is asked for, before anything is written, so a delete of the row (the person's erasure, the expiry) always
 * sends the key to the storage purge (trigger `person_exports_purge_files`), whether the zip was written or not.
 */
export const personExports = pgTable(
  'person_exports',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'READY', 'FAILED'] })
      .notNull()
      .default('QUEUED'),
    /** 0 to 100, advanced by the job as it writes the zip's files. */
    progress: integer('progress').notNull().default(0),
    objectKey: text('object_key').notNull(),
    fileCount: integer('file_count').notNull().default(0),
    size: bigint('size', { mode: 'number' }),
    failureReason: text('failure_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('person_exports_person_idx').on(table.officeId, table.personId, table.createdAt.desc()),
    check('person_exports_status_check', sql`${table.status} in ('QUEUED', 'RUNNING', 'READY', 'FAILED')`),
    check('person_exports_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
