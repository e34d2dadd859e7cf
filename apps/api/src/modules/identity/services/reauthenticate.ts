import { verifyPassword } from '../../../platform/crypto/password';
import { signInRequired, type AppError } from '../../../platform/errors';
import type { ClientInfo, IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { hitAccountLimit } from '../rate-limit';
import { findUserById, type UserRow } from '../repositories/user-repository';

/** The signed-in caller's row. */
export async function currentUser(deps: IdentityDeps, userId: string): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  // The authenticator checked the user moments ago; a row gone since is a session that no longer holds.
  if (!user) throw signInRequired();
  return user;
}

/**
 * Re-authentication before a sensitive change (a second factor goes, the password changes): the current password, counted against the account like a sign-in
 * (before any hashing), so a session someone else sits at cannot guess its way through. `refuse` says first what no
 * password can allow.
 */
export async function reauthenticate(
  deps: IdentityDeps,
  userId: string,
  password: string,
  client: ClientInfo,
  refuse: (user: UserRow) => AppError | null = () => null,
): Promise<UserRow> {
  await hitAccountLimit(deps, 'reauthenticate', userId, client.ip);
  const user = await currentUser(deps, userId);
  const refusal = refuse(user);
  if (refusal) throw refusal;
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    throw identityErrors.wrongPassword();
  }
  return user;
}
