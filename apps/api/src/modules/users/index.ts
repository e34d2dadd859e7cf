import type { ApiModule } from '../../platform/http/module';
import { usersRoutes } from './routes';

/**
 * The users module: the signed-in user's own profile (/users/me) and the super admin's user administration. The
 * accounts themselves (table, queries, User view) belong to identity, which this module uses one way.
 */
export const usersModule: ApiModule = {
  name: 'users',
  register: usersRoutes,
};

/** Operator-made accounts, for the create-user command. */
export { createAccount, type NewAccount } from './services/account-service';
