import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  updateProfileSchema,
  userSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { listUsers, updateUserAsAdmin } from './services/admin-service';
import { getProfile, updateProfile } from './services/profile-service';

/** The signed-in user's profile, and the super admin's user administration. */
export function usersRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/users/me',
    {
      // Readable before a required authenticator is set up or a generated password is replaced: the web app reads
      // here which of the two screens to open.
      config: {
        access: access.signedIn({ allowPendingSecondFactor: true, allowPendingPasswordChange: true }),
      },
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request) => ({
      ...(await getProfile(db, requirePrincipal(request).userId)),
      textSignIn: context.config.SMS_SIGN_IN,
    }),
  );

  app.patch(
    '/users/me',
    {
      config: { access: access.signedIn() },
      schema: {
        tags: ['users'],
        summary: 'Edit first name, last name and avatar image',
        body: updateProfileSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => updateProfile(db, requirePrincipal(request).userId, request.body),
  );

  app.get(
    '/users',
    {
      config: { access: access.operator() },
      schema: {
        tags: ['users'],
        summary: 'List and search users (search needs at least 3 characters)',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.patch(
    '/users/:id',
    {
      config: {
        access: access.operator(),
        audit: {
          action: 'user.update',
          target: { type: 'user', from: 'params', key: 'id' },
          fields: ['roleCode', 'otpRequired', 'deactivated'],
        },
      },
      schema: {
        tags: ['users'],
        summary: "Change a user's role, second-factor requirement or activation",
        params: z.object({ id: z.uuid() }),
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) =>
      updateUserAsAdmin(db, requirePrincipal(request).userId, request.params.id, request.body),
  );
}
