import type { AppContext } from '../../platform/context';
import type { App } from '../../platform/http/types';
import { authRoutes } from './routes/auth-routes';
import { registrationRoutes } from './routes/registration-routes';
import { secondFactorRoutes } from './routes/second-factor-routes';
import { sessionTrackingRoutes } from './routes/session-tracking-routes';

export { createAuthenticator } from './authenticator';
export { assertPasswordNotCommon } from './identity-errors';
export { maskPhone } from './mask';
export { revokeUserSessions } from './repositories/session-repository';

/** Sign-up, sign-in, second factors, password reset and session tracking, under the /api scope. */
export function identityRoutes(app: App, context: AppContext) {
  authRoutes(app, context);
  registrationRoutes(app, context);
  secondFactorRoutes(app, context);
  sessionTrackingRoutes(app, context);
}
