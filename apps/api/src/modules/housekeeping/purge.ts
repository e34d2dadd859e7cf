import { and, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { authRateLimits, authSessions, oneTimeCodes, signInChallenges } from '../../platform/db/schema';

/**
 * Expired rows are kept one more day before they are deleted, so a late request still gets the precise answer
 * ("code expired", "session expired") rather than "not found", and an operator can still look at yesterday's rows.
 */
export const PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

export interface PurgeCounts {
  rateLimitCounters: number;
  oneTimeCodes: number;
  signInChallenges: number;
  sessions: number;
}

/** Deletes every expired identity row: rate-limit counters, codes, challenges, sessions with their refresh tokens. */
export async function purgeExpiredRows(
  db: Db,
  options: { rateLimitWindowSeconds: number; now?: Date },
): Promise<PurgeCounts> {
  const now = options.now ?? new Date();
  return {
    rateLimitCounters: await purgeRateLimitCounters(db, options.rateLimitWindowSeconds, now),
    oneTimeCodes: await purgeOneTimeCodes(db, now),
    signInChallenges: await purgeSignInChallenges(db, now),
    sessions: await purgeSessions(db, now),
  };
}

/** A counter whose window has ended counts nothing any more: the next hit starts a new window anyway. */
export async function purgeRateLimitCounters(db: Db, windowSeconds: number, now: Date): Promise<number> {
  const windowEnded = new Date(now.getTime() - windowSeconds * 1000);
  const deleted = await db
    .delete(authRateLimits)
    .where(lte(authRateLimits.windowStartedAt, windowEnded))
    .returning({ key: authRateLimits.key });
  return deleted.length;
}

/** Codes are single use and expiring: once used or expired (plus the grace day) they prove nothing. */
export async function purgeOneTimeCodes(db: Db, now: Date): Promise<number> {
  const before = graceCutoff(now);
  const deleted = await db
    .delete(oneTimeCodes)
    .where(
      or(
        lte(oneTimeCodes.expiresAt, before),
        and(isNotNull(oneTimeCodes.consumedAt), lte(oneTimeCodes.consumedAt, before)),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return deleted.length;
}

/** A second-factor challenge lives minutes; used or expired ones go after the grace day. */
export async function purgeSignInChallenges(db: Db, now: Date): Promise<number> {
  const before = graceCutoff(now);
  const deleted = await db
    .delete(signInChallenges)
    .where(
      or(
        lte(signInChallenges.expiresAt, before),
        and(isNotNull(signInChallenges.consumedAt), lte(signInChallenges.consumedAt, before)),
      ),
    )
    .returning({ id: signInChallenges.id });
  return deleted.length;
}

/**
 * A session ends at its absolute expiry, when revoked, or when idle past its duration; none of these can be undone.
 * Its refresh tokens go with it (on delete cascade). Rotated tokens of a live session are kept on purpose: presenting
 * one again is how a stolen copy is detected, which revokes the session.
 */
export async function purgeSessions(db: Db, now: Date): Promise<number> {
  const before = graceCutoff(now);
  const deleted = await db
    .delete(authSessions)
    .where(
      or(
        lte(authSessions.expiresAt, before),
        and(isNotNull(authSessions.revokedAt), lte(authSessions.revokedAt, before)),
        sql`${authSessions.lastActivityAt} + ${authSessions.durationMinutes} * interval '1 minute' <= ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: authSessions.id });
  return deleted.length;
}

function graceCutoff(now: Date): Date {
  return new Date(now.getTime() - PURGE_GRACE_MS);
}
