import { accountRoleOf } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Authenticator } from '../../platform/http/access';
import { roleCodeOf } from './user-view';
import { verifyAccessToken } from './crypto/tokens';
import { identityDeps } from './deps';
import { findAuthentication } from './repositories/session-repository';
import { isLive } from './services/session-service';

/**
 * Verifies the bearer token's signature and then asks the database, so a revoked, idle or deactivated session
 * stops working at once rather than when its access token runs out. Role and second-factor state come from the
 * database too, never from the token.
 */
export function createAuthenticator(context: AppContext): Authenticator {
  const deps = identityDeps(context);
  return async (token) => {
    const claims = await verifyAccessToken(token, deps.keys.accessToken);
    if (!claims) return null;
    const found = await findAuthentication(deps.db, claims.sessionId);
    if (!found || found.user.id !== claims.userId) return null;
    if (!isLive(found.session) || found.user.deactivatedAt) return null;
    const roleCode = roleCodeOf(found.user);
    return {
      userId: found.user.id,
      sessionId: found.session.id,
      roleCode,
      accountRole: accountRoleOf(roleCode),
      otpRequired: found.user.otpRequired,
      otpEnabled: found.user.otpEnabled,
      mustChangePassword: found.user.mustChangePassword,
    };
  };
}
