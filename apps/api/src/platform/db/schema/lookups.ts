import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../columns';

/**
 * Values of every editable lookup (project types, unions, regions, role genders...), keyed by the lookup's name as
 * the API spells it ('project-types', 'union', ...). Names are unique per lookup regardless of case.
 */
export const lookupValues = pgTable(
  'lookup_values',
  {
    id: idColumn(),
    lookup: text('lookup').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('lookup_values_lookup_name_key').on(table.lookup, sql`lower(${table.name})`),
    index('lookup_values_lookup_position_idx').on(table.lookup, table.position, table.name),
  ],
);

/** A column naming a lookup value; the value's deletion leaves it null. */
export const lookupRef = (name: string) =>
  uuid(name).references(() => lookupValues.id, { onDelete: 'set null' });
