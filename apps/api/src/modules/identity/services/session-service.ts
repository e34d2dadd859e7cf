import type { SessionGrant } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { randomToken, sha256, signAccessToken } from '../crypto/tokens';
import type { IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import {
  findRefreshToken,
  findSessionWithUser,
  insertRefreshToken,
  insertSession,
  markRotated,
  revokeSession,
  touchSession,
  type SessionRow,
} from '../repositories/session-repository';

/** A session just opened or refreshed: the grant for the body, the refresh token for the cookie. */
export interface IssuedSession {
  grant: SessionGrant;
  refreshToken: string;
  expiresAt: Date;
}

export function isIdle(session: Pick<SessionRow, 'lastActivityAt' | 'durationMinutes'>, now = Date.now()) {
  return session.lastActivityAt.getTime() + session.durationMinutes * 60_000 <= now;
}

/** True while the session may be used: not revoked, not idle past its duration, not past its absolute end. */
export function isLive(session: SessionRow, now = Date.now()): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now && !isIdle(session, now);
}

async function grantFor(deps: IdentityDeps, session: SessionRow): Promise<SessionGrant> {
  const ttl = deps.config.ACCESS_TOKEN_TTL_SECONDS;
  return {
    accessToken: await signAccessToken(
      { userId: session.userId, sessionId: session.id },
      deps.keys.accessToken,
      ttl,
    ),
    accessTokenExpiresIn: ttl,
    trackingId: session.id,
    sessionDurationMinutes: session.durationMinutes,
  };
}

/** Opens a session inside the caller's transaction; sign the grant with `finishSession` after commit. */
export async function openSession(deps: IdentityDeps, tx: Db, userId: string) {
  const now = new Date();
  const session = await insertSession(tx, {
    userId,
    durationMinutes: deps.config.SESSION_DURATION_MINUTES,
    expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    now,
  });
  const refreshToken = randomToken();
  await insertRefreshToken(tx, session.id, sha256(refreshToken));
  return { session, refreshToken };
}

export async function finishSession(
  deps: IdentityDeps,
  opened: { session: SessionRow; refreshToken: string },
): Promise<IssuedSession> {
  return {
    grant: await grantFor(deps, opened.session),
    refreshToken: opened.refreshToken,
    expiresAt: opened.session.expiresAt,
  };
}

/**
 * Rotates the refresh token. A token that was already rotated means a copy is in someone else's hands: the whole
 * session (the token family) is revoked. Refreshing is not activity; an idle session cannot be revived by it.
 */
export async function refreshSession(deps: IdentityDeps, presented: string | undefined) {
  if (!presented) throw identityErrors.invalidRefreshToken();
  const found = await findRefreshToken(deps.db, sha256(presented));
  if (!found || found.session.revokedAt) throw identityErrors.invalidRefreshToken();
  const { token, session, user } = found;
  const now = new Date();
  if (token.rotatedAt) {
    await revokeSession(deps.db, session.id, 'REFRESH_TOKEN_REUSE');
    deps.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reuse: session revoked');
    throw identityErrors.invalidRefreshToken();
  }
  if (user.deactivatedAt) {
    await revokeSession(deps.db, session.id, 'DEACTIVATED');
    throw identityErrors.invalidRefreshToken();
  }
  if (session.expiresAt <= now) {
    await revokeSession(deps.db, session.id, 'EXPIRED');
    throw identityErrors.sessionExpired();
  }
  if (isIdle(session, now.getTime())) {
    await revokeSession(deps.db, session.id, 'IDLE');
    throw identityErrors.sessionExpired();
  }
  const next = randomToken();
  const rotated = await deps.db.transaction(async (tx) => {
    if (!(await markRotated(tx, token.id, now))) return false;
    await insertRefreshToken(tx, session.id, sha256(next));
    return true;
  });
  if (!rotated) {
    await revokeSession(deps.db, session.id, 'REFRESH_TOKEN_REUSE');
    throw identityErrors.invalidRefreshToken();
  }
  return finishSession(deps, { session, refreshToken: next });
}

export interface SessionCaller {
  /** The session of a verified bearer token, if one came with the call. */
  principalSessionId?: string | undefined;
  /** The refresh token from the cookie (or the body, for clients without cookies). */
  refreshToken?: string | undefined;
}

/** Finds the caller's session by bearer token or refresh token; it must be the tracked one and still live. */
async function callerSession(deps: IdentityDeps, trackingId: string, caller: SessionCaller) {
  const ids: string[] = [];
  if (caller.principalSessionId) ids.push(caller.principalSessionId);
  if (caller.refreshToken) {
    const found = await findRefreshToken(deps.db, sha256(caller.refreshToken));
    if (found && !found.token.rotatedAt) ids.push(found.session.id);
  }
  if (ids.length === 0) throw identityErrors.invalidRefreshToken();
  if (!ids.includes(trackingId)) throw identityErrors.sessionNotFound();
  const found = await findSessionWithUser(deps.db, trackingId);
  if (!found || found.session.revokedAt || found.user.deactivatedAt)
    throw identityErrors.invalidRefreshToken();
  const now = Date.now();
  if (!isLive(found.session, now)) {
    await revokeSession(deps.db, trackingId, isIdle(found.session, now) ? 'IDLE' : 'EXPIRED');
    throw identityErrors.sessionExpired();
  }
  return found.session;
}

/** Starting and extending tracking both record activity and answer the idle duration in minutes. */
export async function recordActivity(deps: IdentityDeps, trackingId: string, caller: SessionCaller) {
  const session = await callerSession(deps, trackingId, caller);
  await touchSession(deps.db, session.id, new Date());
  return { data: { duration: session.durationMinutes } };
}

export async function endTrackedSession(deps: IdentityDeps, trackingId: string, caller: SessionCaller) {
  const session = await callerSession(deps, trackingId, caller);
  await revokeSession(deps.db, session.id, 'SIGN_OUT');
  return { data: { duration: session.durationMinutes } };
}

/** Sign-out is idempotent: whatever identifies a session is revoked, and nothing is an error. */
export async function signOut(deps: IdentityDeps, caller: SessionCaller): Promise<void> {
  if (caller.principalSessionId) await revokeSession(deps.db, caller.principalSessionId, 'SIGN_OUT');
  if (caller.refreshToken) {
    const found = await findRefreshToken(deps.db, sha256(caller.refreshToken));
    if (found) await revokeSession(deps.db, found.session.id, 'SIGN_OUT');
  }
}
