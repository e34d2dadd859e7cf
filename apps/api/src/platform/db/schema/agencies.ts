import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';
import { users } from './identity';

export const agencies = pgTable(
  'agencies',
  {
    id: idColumn(),
    name: text('name').notNull(),
    websiteUrl: text('website_url'),
    avatarUrl: text('avatar_url'),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Lower-cased name, for the trigram search of the agency picker. */
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('agencies_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('agencies_name_idx').on(table.name, table.id),
  ],
);

export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    agencyId: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Lower-cased; one agent per address. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    /** The user this agent record belongs to; such a user is a representative. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isVerified: boolean('is_verified').notNull().default(false),
    searchText: text('search_text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('agents_email_key').on(table.email),
    uniqueIndex('agents_user_key')
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
    index('agents_agency_idx').on(table.agencyId),
    index('agents_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    check('agents_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);
