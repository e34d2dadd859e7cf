import { accountRoleOf } from '@casting/domain';
import type { AccountRole, User } from '@casting/domain';

export type { User };

export function accountRoleOfUser(user: User): AccountRole {
  return accountRoleOf(user.role.code);
}

/** A required second factor counts as satisfied only once it is enabled. */
export function isSecondFactorSatisfied(user: User): boolean {
  return !(user.otpRequired && !user.otpEnabled);
}
