import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { authSessions, refreshTokens, signInChallenges, users } from '../../../platform/db/schema';

export type SessionRow = typeof authSessions.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

export type RevokeReason =
  | 'SIGN_OUT'
  | 'REFRESH_TOKEN_REUSE'
  | 'IDLE'
  | 'EXPIRED'
  | 'PASSWORD_RESET'
  | 'PASSWORD_CHANGED'
  | 'DEACTIVATED';

export async function insertSession(
  db: Db,
  values: { userId: string; durationMinutes: number; expiresAt: Date; now: Date },
): Promise<SessionRow> {
  const [row] = await db
    .insert(authSessions)
    .values({
      userId: values.userId,
      durationMinutes: values.durationMinutes,
      expiresAt: values.expiresAt,
      lastActivityAt: values.now,
    })
    .returning();
  if (!row) throw new Error('Insert into auth_sessions returned no row');
  return row;
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

export interface RefreshTokenMatch {
  token: RefreshTokenRow;
  session: SessionRow;
  user: UserRow;
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenMatch | null> {
  const [row] = await db
    .select({ token: refreshTokens, session: authSessions, user: users })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function findSessionWithUser(
  db: Db,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when another request rotated it first, which counts as reuse. */
export async function markRotated(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Ends every live session of a user and any second-factor challenge still waiting. */
export async function revokeUserSessions(db: Db, userId: string, reason: RevokeReason): Promise<void> {
  const now = new Date();
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  await db
    .update(signInChallenges)
    .set({ consumedAt: now })
    .where(and(eq(signInChallenges.userId, userId), isNull(signInChallenges.consumedAt)));
}

/** Ends every live session of a user but one (the one that made the change, which stays signed in). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  reason: RevokeReason,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        ne(authSessions.id, keepSessionId),
      ),
    );
}

/** Records activity; never moves the clock backwards for a session a parallel call touched later. */
export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ lastActivityAt: now })
    .where(
      and(
        eq(authSessions.id, sessionId),
        isNull(authSessions.revokedAt),
        lt(authSessions.lastActivityAt, now),
      ),
    );
}
