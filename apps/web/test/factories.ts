import { USER_ROLE_IDS } from '@casting/domain';
import type { User, UserRoleCode } from '@casting/domain';

/** A user as GET /users/me returns it; each test overrides only what matters to it. */
export function buildUser(overrides: Partial<User> & { roleCode?: UserRoleCode } = {}): User {
  const { roleCode = 'SUPER_ADMIN', ...rest } = overrides;
  const roleId = USER_ROLE_IDS[roleCode];
  return {
    id: 'user-1',
    firstName: 'Dana',
    lastName: 'Scott',
    fullName: 'Dana Scott',
    email: 'dana@example.com',
    imageUrl: null,
    roleId,
    role: { id: roleId, code: roleCode },
    agent: null,
    otpRequired: false,
    otpEnabled: false,
    phoneNumber: null,
    smsMfaEnabled: false,
    ...rest,
  };
}

export function sessionGrant(accessToken = 'access-1') {
  return { accessToken, accessTokenExpiresIn: 900, trackingId: 'track-1', sessionDurationMinutes: 240 };
}
