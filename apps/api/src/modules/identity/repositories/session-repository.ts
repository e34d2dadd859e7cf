import { and, desc, eq, gt, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import {
  authSessions,
  knownDevices,
  refreshTokens,
  signInChallenges,
  users,
} from '../../../platform/db/schema';

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
  | 'DEACTIVATED'
  | 'REVOKED_BY_OWNER';

/**
 * The office a new session opens in: the one the person worked in last, else an active office they belong to (a
 * membership before a place on one project's team), else none.
 */
function sessionOffice(userId: string): SQL {
  return sql`(select o.office_id from offices_of_user(${userId}) o
    order by (o.office_id = (select u.last_office_id from ${users} u where u.id = ${userId})) desc nulls last,
      (o.status = 'ACTIVE') desc, (o.role is null), o.office_id
    limit 1)`;
}

export async function insertSession(
  db: Db,
  values: {
    userId: string;
    durationMinutes: number;
    expiresAt: Date;
    now: Date;
    userAgent: string | null;
    ipAddress: string | null;
  },
): Promise<SessionRow> {
  const [row] = await db
    .insert(authSessions)
    .values({
      userId: values.userId,
      durationMinutes: values.durationMinutes,
      expiresAt: values.expiresAt,
      lastActivityAt: values.now,
      userAgent: values.userAgent,
      ipAddress: values.ipAddress,
      officeId: sessionOffice(values.userId),
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

/** What the authenticator reads on every request: the session's liveness and the user's access state, nothing more. */
function authenticationQuery(db: Db) {
  return db
    .select({
      session: {
        id: authSessions.id,
        revokedAt: authSessions.revokedAt,
        expiresAt: authSessions.expiresAt,
        lastActivityAt: authSessions.lastActivityAt,
        durationMinutes: authSessions.durationMinutes,
        officeId: authSessions.officeId,
      },
      /** The person's standing in the session's office (role, GUEST, or the office's status when not active). */
      officeStanding: sql<string | null>`office_standing(${users.id}, ${authSessions.officeId})`,
      user: {
        id: users.id,
        roleCode: users.roleCode,
        deactivatedAt: users.deactivatedAt,
        otpRequired: users.otpRequired,
        otpEnabled: users.otpEnabled,
        mustChangePassword: users.mustChangePassword,
      },
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('identity_authenticate');
}
type AuthenticationQuery = ReturnType<typeof authenticationQuery>;
export type AuthenticationRow = NonNullable<Awaited<ReturnType<AuthenticationQuery['execute']>>[number]>;

const authenticationQueries = new WeakMap<Db, AuthenticationQuery>();

/**
 * The authenticator's lookup, run on every authenticated request: prepared once per database (on PostgreSQL a named
 * statement planned once per connection) and selecting only the columns it judges, so neither building the query
 * nor mapping a whole user row is paid per request.
 */
export async function findAuthentication(db: Db, sessionId: string): Promise<AuthenticationRow | null> {
  let query = authenticationQueries.get(db);
  if (!query) authenticationQueries.set(db, (query = authenticationQuery(db)));
  const [row] = await query.execute({ sessionId });
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
): Promise<number> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        ne(authSessions.id, keepSessionId),
      ),
    )
    .returning({ id: authSessions.id });
  return rows.length;
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

/** A user's sessions not revoked and not past their absolute end, newest activity first (idle ones are filtered by the caller). */
export async function listOpenSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(authSessions)
    .where(
      and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, now)),
    )
    .orderBy(desc(authSessions.lastActivityAt))
    .limit(100);
}

/**
 * Records that the user signed in from `device` and says whether that was news: 'first' for the account's first
 * device, 'new' for another one, 'known' otherwise.
 */
export async function rememberDevice(
  db: Db,
  userId: string,
  device: string,
  now: Date,
): Promise<'first' | 'new' | 'known'> {
  const seen = await db
    .select({ device: knownDevices.device })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(200);
  await db
    .insert(knownDevices)
    .values({ userId, device, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.device], set: { lastSeenAt: now } });
  if (seen.length === 0) return 'first';
  return seen.some((row) => row.device === device) ? 'known' : 'new';
}

/** Revokes one of the user's own sessions; false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokedReason: 'REVOKED_BY_OWNER' })
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
    )
    .returning({ id: authSessions.id });
  return rows.length === 1;
}
