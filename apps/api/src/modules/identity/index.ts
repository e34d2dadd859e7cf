import type { ApiModule } from '../../platform/http/module';
import { answerAfterAuthChanges } from './authentication-cache';
import { accountRoutes } from './routes/account-routes';
import { authRoutes } from './routes/auth-routes';
import { registrationRoutes } from './routes/registration-routes';
import { secondFactorRoutes } from './routes/second-factor-routes';
import { sessionTrackingRoutes } from './routes/session-tracking-routes';

/**
 * Identity owns accounts and how people prove who they are: sign-up and confirmation, sign-in with a second factor,
 * sessions and refresh tokens, password reset, and the users table with its User view. Other modules use the
 * exports below; nothing else of this folder.
 */
export const identityModule: ApiModule = {
  name: 'identity',
  async register(app, context) {
    // A scope of its own, so that waiting for auth notifications applies to these routes only.
    await app.register(async (scope) => {
      answerAfterAuthChanges(scope, context.events);
      authRoutes(scope, context);
      registrationRoutes(scope, context);
      secondFactorRoutes(scope, context);
      sessionTrackingRoutes(scope, context);
      accountRoutes(scope, context);
    });
  },
};

export { answerAfterAuthChanges } from './authentication-cache';
export { createAuthenticator } from './authenticator';
export { accessTokenExpiry } from './crypto/tokens';
export { defineMailJobs } from './mail-jobs';
export { assertPasswordNotCommon } from './identity-errors';
export { maskPhone } from './mask';
export { revokeUserSessions } from './repositories/session-repository';
export {
  findUserByEmail,
  findUserById,
  insertUser,
  searchUsers,
  updateUser,
  type NewUserRow,
  type UserRow,
} from './repositories/user-repository';
export { fullName, roleCodeOf, toAdminUserDto, toUserDto } from './user-view';
