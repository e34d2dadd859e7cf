import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  isApiTokenScope,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@casting/domain';
import { tokenDigest } from '../../platform/crypto/link-tokens';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import { apiTokens, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/** 32 random bytes (256 bits) after the prefix: far past guessing, and the digest is all the database keeps. */
const SECRET_BYTES = 32;
/** How much of the secret the list shows (the prefix and 6 characters, 36 of its 256 bits). */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 6;

const tokenNotFound = () => new AppError('NOT_FOUND', API_TOKEN_MESSAGES.tokenNotFound);

const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scopes: apiTokens.scopes,
  hint: apiTokens.hint,
  createdAt: apiTokens.createdAt,
  createdKey: keyText(apiTokens.createdAt),
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdBy: sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${apiTokens.createdById})`,
};

interface TokenRow {
  id: string;
  name: string;
  scopes: string[];
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: string | null;
}

function tokenView(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes.filter(isApiTokenScope),
    hint: row.hint,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Makes a token for the request's office; the answer carries the secret, which is never readable again. */
export async function createApiToken(
  db: Queryable,
  createdById: string,
  input: { name: string; scopes: ApiTokenScope[] },
): Promise<CreatedApiToken> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      scopes: input.scopes,
      digest: tokenDigest(secret),
      hint: secret.slice(0, HINT_LENGTH),
      createdById,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw tokenNotFound();
  return { ...(await tokenById(db, row.id)), secret };
}

/** The office's tokens, newest first, revoked ones included: keyset on (created, id) under the office's index. */
export async function listApiTokens(
  db: Queryable,
  officeId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<ApiTokenList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select(tokenColumns)
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.officeId, officeId),
        after ? afterPosition(apiTokens.createdAt, apiTokens.id, after) : undefined,
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.createdKey, id: row.id }));
  return { items: page.items.map(tokenView), nextCursor: page.nextCursor };
}

/** Revokes a token at once (its next request is 401); revoking a revoked token answers it unchanged. */
export async function revokeApiToken(db: Queryable, id: string): Promise<ApiToken> {
  if (!isUuid(id)) throw tokenNotFound();
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
  return tokenById(db, id);
}

async function tokenById(db: Queryable, id: string): Promise<ApiToken> {
  const [row] = await db.select(tokenColumns).from(apiTokens).where(eq(apiTokens.id, id));
  if (!row) throw tokenNotFound();
  return tokenView(row);
}
