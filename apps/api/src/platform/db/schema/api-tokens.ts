import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn } from '../columns';
import { users } from './identity';
import { officeIdColumn } from './offices';

/**
 * An office's API tokens (decisions 0763 to 0769). Only the SHA-256 digest of the secret is kept (hex, like the
 * refresh tokens'): the secret is shown once when the token is made. `last_used_at` moves at most once a minute per
 * token, so a busy program does not write a row per request. A revoked token keeps its row: the list shows when it
 * stopped, and the audit log's entries still name it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    officeId: officeIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    digest: text('digest').notNull(),
    /** The secret's first characters (prefix included), to match a token to the one a program holds. */
    hint: text('hint').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_tokens_digest_idx').on(table.digest),
    // The owners' list: newest first within the office, keyset on (created_at, id).
    index('api_tokens_office_idx').on(table.officeId, table.createdAt.desc(), table.id.desc()),
  ],
);
