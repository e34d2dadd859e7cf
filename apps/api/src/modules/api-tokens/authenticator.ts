import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, isApiTokenScope } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { tokenDigest } from '../../platform/crypto/link-tokens';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';
import { apiTokens, officeMembers, users } from '../../platform/db/schema';
import { runInOffice } from '../../platform/db/scope';
import type { Principal } from '../../platform/http/access';
import { apiTokenQuota } from '../../platform/http/public-quota';

/** `last_used_at` moves at most this often per token, so a busy program costs no write per request (decision 0766). */
export const LAST_USE_RESOLUTION_MS = 60_000;

/** Whether a bearer credential is an API token's secret rather than a session's JWT. */
export function isApiTokenSecret(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/**
 * Turns an API token's secret into the principal it acts as, or null for an unknown or revoked one, or one whose maker
 * no longer owns its office (decision 0765). The digest is resolved to its office by `office_of_api_token` (the
 * request has no office yet); the token's row, its maker's standing, its last use and its quota are then read and
 * written in that office, under row-level security like any office data.
 */
export function createApiTokenAuthenticator(context: AppContext) {
  const { db } = context.database;
  const max = context.config.API_TOKEN_RATE_LIMIT_MAX;
  return async (secret: string): Promise<Principal | null> => {
    const digest = tokenDigest(secret);
    const found = rowsOf<{ office_id: string | null }>(
      await db.execute(sql`select office_of_api_token(${digest}) as office_id`),
    );
    const officeId = found[0]?.office_id ?? null;
    if (!officeId) return null;
    return runInOffice(officeId, () => tokenPrincipal(db, officeId, digest, max));
  };
}

async function tokenPrincipal(
  db: Db,
  officeId: string,
  digest: string,
  max: number,
): Promise<Principal | null> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
    })
    .from(apiTokens)
    .innerJoin(users, and(eq(users.id, apiTokens.createdById), isNull(users.deactivatedAt)))
    .innerJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, apiTokens.officeId),
        eq(officeMembers.userId, users.id),
        eq(officeMembers.role, 'OWNER'),
      ),
    )
    .where(and(eq(apiTokens.digest, digest), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  await apiTokenQuota(db, row.id, max);
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) {
    await db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, row.id));
  }
  return {
    userId: row.userId,
    sessionId: `api-token:${row.id}`,
    // Never the maker's own account role: a token is the office's owner, never the installation's operator.
    roleCode: 'CASTING_DIRECTOR',
    accountRole: 'ADMIN',
    otpRequired: false,
    otpEnabled: false,
    mustChangePassword: false,
    officeId,
    officeRole: 'OWNER',
    apiToken: { id: row.id, scopes: row.scopes.filter(isApiTokenScope) },
  };
}
