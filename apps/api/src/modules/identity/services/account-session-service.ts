import type { AccountSession } from '@casting/domain';
import type { IdentityDeps } from '../deps';
import { deviceSummary } from '../device';
import { identityErrors } from '../identity-errors';
import { listOpenSessions, revokeOtherSessions, revokeOwnSession } from '../repositories/session-repository';
import { isLive } from './session-service';

/** The caller's live sessions, this one marked, most recently active first. */
export async function listAccountSessions(
  deps: IdentityDeps,
  caller: { userId: string; sessionId: string },
): Promise<{ items: AccountSession[] }> {
  const now = new Date();
  const rows = await listOpenSessions(deps.db, caller.userId, now);
  const items = rows
    .filter((row) => isLive(row, now.getTime()))
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
      device: deviceSummary(row.userAgent),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      current: row.id === caller.sessionId,
    }));
  return { items };
}

/** Signs one of the caller's sessions out (this one included); another user's session is not found. */
export async function revokeAccountSession(deps: IdentityDeps, userId: string, sessionId: string) {
  if (!(await revokeOwnSession(deps.db, userId, sessionId))) throw identityErrors.sessionNotFound();
}

/** Signs out everywhere but here: for a person who finds a session they do not recognise. */
export async function revokeOtherAccountSessions(
  deps: IdentityDeps,
  caller: { userId: string; sessionId: string },
) {
  const revoked = await revokeOtherSessions(deps.db, caller.userId, caller.sessionId, 'REVOKED_BY_OWNER');
  return { revoked };
}
