import type { SessionGrant } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { randomToken, sha256, signAccessToken, successorToken } from '../crypto/tokens';
import type { ClientInfo, IdentityDeps } from '../deps';
import { deviceSummary } from '../device';
import { enqueueMail } from '../../../platform/mail/queue';
import { newSignInMail } from '../mail-texts';
import { identityErrors } from '../identity-errors';
import {
  findRefreshToken,
  findSessionWithUser,
  insertRefreshToken,
  insertSession,
  markRotated,
  rememberDevice,
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
export function isLive(
  session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastActivityAt' | 'durationMinutes'>,
  now = Date.now(),
): boolean {
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

/**
 * Opens a session inside the caller's transaction; sign the grant with `finishSession` after commit. A sign-in from
 * a browser and system (see `deviceSummary`) the account has not used before mails the owner a notice, queued in
 * the same transaction, so a stolen password used elsewhere is noticed. The account's very first device is not news.
 */
export async function openSession(
  deps: IdentityDeps,
  tx: Db,
  user: { id: string; email: string },
  client: ClientInfo,
) {
  const now = new Date();
  const device = deviceSummary(client.userAgent);
  if ((await rememberDevice(tx, user.id, device, now)) === 'new') {
    const where = { device, ipAddress: client.ip, at: now };
    await enqueueMail(
      deps.jobs,
      { kind: 'notice', message: newSignInMail(deps.config, user.email, where) },
      tx,
    );
  }
  const session = await insertSession(tx, {
    userId: user.id,
    durationMinutes: deps.config.SESSION_DURATION_MINUTES,
    expiresAt: new Date(now.getTime() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    now,
    userAgent: client.userAgent,
    ipAddress: client.ip,
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
 * How long a just-rotated refresh token still answers, with the same successor. Tabs of one browser share the cookie
 * and refresh at the same moment (on opening, after sleep); without this window the second request would look like
 * a stolen copy and sign the person out everywhere.
 */
export const REFRESH_GRACE_MS = 30_000;

/** How many rotations a late request may follow to reach the live token (one per tab that refreshed meanwhile). */
const MAX_GRACE_STEPS = 8;

/**
 * Rotates the refresh token. The successor is derived from the presented token, so requests racing with one token
 * all receive the same successor. A token rotated more than REFRESH_GRACE_MS ago means a copy is in someone else's
 * hands: the whole session (the token family) is revoked. Refreshing is not activity; an idle session cannot be
 * revived by it.
 */
export async function refreshSession(deps: IdentityDeps, presented: string | undefined) {
  if (!presented) throw identityErrors.invalidRefreshToken();
  const found = await findRefreshToken(deps.db, sha256(presented));
  if (!found || found.session.revokedAt) throw identityErrors.invalidRefreshToken();
  const { token, session, user } = found;
  const now = new Date();
  if (token.rotatedAt) {
    if (now.getTime() - token.rotatedAt.getTime() <= REFRESH_GRACE_MS) {
      const live = await liveSuccessor(deps, presented, session.id);
      if (live) return finishSession(deps, { session, refreshToken: live });
    }
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
  const next = successorToken(presented, deps.keys.refreshChain);
  const rotated = await deps.db.transaction(async (tx) => {
    if (!(await markRotated(tx, token.id, now))) return false;
    await insertRefreshToken(tx, session.id, sha256(next));
    return true;
  });
  if (!rotated) {
    // Another request rotated this token between our read and our write: it is the same browser racing us, and
    // its successor is the one we would have issued.
    const live = await liveSuccessor(deps, presented, session.id);
    if (live) return finishSession(deps, { session, refreshToken: live });
    await revokeSession(deps.db, session.id, 'REFRESH_TOKEN_REUSE');
    throw identityErrors.invalidRefreshToken();
  }
  return finishSession(deps, { session, refreshToken: next });
}

/**
 * Follows the rotations that happened since `presented` to the session's live token, or null when the chain breaks
 * (a token not issued by rotation, another session, or one rotated outside the grace window).
 */
async function liveSuccessor(
  deps: IdentityDeps,
  presented: string,
  sessionId: string,
): Promise<string | null> {
  let candidate = presented;
  for (let step = 0; step < MAX_GRACE_STEPS; step++) {
    candidate = successorToken(candidate, deps.keys.refreshChain);
    const found = await findRefreshToken(deps.db, sha256(candidate));
    if (!found || found.session.id !== sessionId || found.session.revokedAt) return null;
    if (!found.token.rotatedAt) return candidate;
    if (Date.now() - found.token.rotatedAt.getTime() > REFRESH_GRACE_MS) return null;
  }
  return null;
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
