import { accountRoleOf, isOfficeRole } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Authenticator } from '../../platform/http/access';
import { createAuthenticationCache } from './authentication-cache';
import { roleCodeOf } from './user-view';
import { verifyAccessToken } from './crypto/tokens';
import { identityDeps } from './deps';
import { findAuthentication } from './repositories/session-repository';
import { isLive } from './services/session-service';

/**
 * Verifies the bearer token's signature and then judges the session by the database's state, so a revoked, idle or
 * deactivated session stops working at once rather than when its access token runs out. Role and second-factor state
 * come from the database too, never from the token. The state is read through a cache that every change to it
 * clears on every instance (see authentication-cache.ts); idleness and expiry are judged against the clock here, on
 * every request.
 */
export function createAuthenticator(context: AppContext): Authenticator {
  const deps = identityDeps(context);
  const sessions = createAuthenticationCache(context.events, (sessionId) =>
    findAuthentication(deps.db, sessionId),
  );
  return async (token) => {
    const claims = await verifyAccessToken(token, deps.keys.accessToken);
    if (!claims) return null;
    const found = await sessions.find(claims.sessionId);
    if (!found || found.user.id !== claims.userId) return null;
    if (!isLive(found.session) || found.user.deactivatedAt) return null;
    const roleCode = roleCodeOf(found.user);
    // The session's office serves the request only while the person may work in it (a member, or on the team of one
    // of its projects) and the office is active; otherwise the request sees no office data.
    const standing = found.officeStanding;
    const inOffice = standing !== null && (isOfficeRole(standing) || standing === 'GUEST');
    return {
      userId: found.user.id,
      sessionId: found.session.id,
      roleCode,
      accountRole: accountRoleOf(roleCode),
      otpRequired: found.user.otpRequired,
      otpEnabled: found.user.otpEnabled,
      mustChangePassword: found.user.mustChangePassword,
      officeId: inOffice ? found.session.officeId : null,
      officeRole: isOfficeRole(standing) ? standing : null,
      ...(standing === 'PENDING_APPROVAL' || standing === 'SUSPENDED' ? { officeUnavailable: standing } : {}),
    };
  };
}
