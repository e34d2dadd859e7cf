import type { Db } from '../../../platform/db/client';
import { hashCode } from '../crypto/codes';
import { generateRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '../crypto/recovery-codes';
import type { ClientInfo, IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import { countUnusedRecoveryCodes, replaceRecoveryCodes } from '../repositories/recovery-code-repository';
import { reauthenticate } from './reauthenticate';

/**
 * A new set of recovery codes in the caller's transaction, replacing any earlier set. The codes are answered in
 * clear this once; the database keeps keyed digests, like six-digit codes.
 */
export async function issueRecoveryCodes(deps: IdentityDeps, tx: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  const hashes = codes.map((code) => hashCode(normalizeRecoveryCode(code) ?? code, deps.keys.codes));
  await replaceRecoveryCodes(tx, userId, hashes);
  return codes;
}

/** The digest a typed recovery code is looked up by, or null when the text cannot be one. */
export function recoveryCodeHash(deps: IdentityDeps, typed: string): string | null {
  const normalized = normalizeRecoveryCode(typed);
  return normalized ? hashCode(normalized, deps.keys.codes) : null;
}

/** After the current password: a fresh set, the old one void. Only with the authenticator on. */
export async function regenerateRecoveryCodes(
  deps: IdentityDeps,
  userId: string,
  password: string,
  client: ClientInfo,
) {
  const user = await reauthenticate(deps, userId, password, client);
  if (!user.otpEnabled) throw identityErrors.authenticatorNotEnabled();
  const recoveryCodes = await deps.db.transaction((tx) => issueRecoveryCodes(deps, tx, user.id));
  return { recoveryCodes };
}

export async function recoveryCodeStatus(deps: IdentityDeps, userId: string) {
  return { unused: await countUnusedRecoveryCodes(deps.db, userId) };
}
