import type { ApiModule } from '../../platform/http/module';
import { answerAfterAuthChanges } from '../identity';
import { usersRoutes } from './routes';

/**
 * The users module: the signed-in user's own profile (/users/me) and the super admin's user administration. The
 * accounts themselves (table, queries, User view) belong to identity, which this module uses one way.
 */
export const usersModule: ApiModule = {
  name: 'users',
  async register(app, context) {
    // A scope of its own: role changes, deactivation and second-factor settings answer once this instance has heard
    // of them (see identity's answerAfterAuthChanges), and no other module's routes wait for that.
    await app.register(async (scope) => {
      answerAfterAuthChanges(scope, context.events);
      usersRoutes(scope, context);
    });
  },
};

/** Operator-made accounts, for the create-user command. */
export { createAccount, type NewAccount } from './services/account-service';
