import {
  USER_ROLE_CODES,
  USER_ROLE_IDS,
  type AdminUser,
  type User,
  type UserRoleCode,
} from '@casting/domain';
import { maskPhone } from './mask';
import type { UserRow } from './repositories/user-repository';

/** The database's check constraint allows only these codes; anything else is a corrupted row, not bad input. */
export function roleCodeOf(row: Pick<UserRow, 'roleCode'>): UserRoleCode {
  const code = USER_ROLE_CODES.find((candidate) => candidate === row.roleCode);
  if (!code) throw new Error(`Unknown role code in users: ${row.roleCode}`);
  return code;
}

/** A person's name as every screen shows it: first and last name, without stray spaces when one is empty. */
export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * The signed-in user as GET /users/me answers it: names, e-mail, avatar, role (code and its ranking id), the agent
 * record and the second-factor state, with the phone number masked. The agent record is null here: identity does not
 * read agencies; the users module fills it in for GET and PATCH /users/me.
 */
export function toUserDto(row: UserRow): User {
  const code = roleCodeOf(row);
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: fullName(row),
    email: row.email,
    imageUrl: row.imageUrl,
    roleId: USER_ROLE_IDS[code],
    role: { id: USER_ROLE_IDS[code], code },
    agent: null,
    otpRequired: row.otpRequired,
    otpEnabled: row.otpEnabled,
    mustChangePassword: row.mustChangePassword,
    // Masked even to its owner: the answer may sit in a browser cache or a log, and the last digits are enough.
    phoneNumber: row.phoneNumber ? maskPhone(row.phoneNumber) : null,
    smsMfaEnabled: row.smsMfaEnabled,
  };
}

export function toAdminUserDto(row: UserRow): AdminUser {
  return {
    ...toUserDto(row),
    confirmed: row.confirmedAt !== null,
    deactivated: row.deactivatedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
