import type { Db } from '../../../platform/db/client';
import { codeMatches, generateCode, hashCode } from '../crypto/codes';
import { codeExpiry, type IdentityDeps } from '../deps';
import { identityErrors } from '../identity-errors';
import {
  issueCodeRow,
  latestOpenCode,
  spendCodeAttempt,
  type CodePurpose,
  type CodeRow,
} from '../repositories/code-repository';

/** Stores a fresh code (retiring earlier ones) and returns it in clear, for the message only. */
export async function issueCode(
  deps: IdentityDeps,
  tx: Db,
  userId: string,
  purpose: CodePurpose,
  target?: string,
): Promise<string> {
  const code = generateCode();
  await issueCodeRow(tx, {
    userId,
    purpose,
    codeHash: hashCode(code, deps.keys.codes),
    expiresAt: codeExpiry(deps),
    ...(target ? { target } : {}),
  });
  return code;
}

/**
 * Checks a code against the user's latest one, spending an attempt first so guesses are counted even when they
 * fail. 'Expired' is only said to someone who typed the right code: a guesser learns nothing from it. The caller
 * consumes the returned code in the same transaction as its effect.
 */
export async function checkCode(
  deps: IdentityDeps,
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeRow> {
  const row = await latestOpenCode(deps.db, userId, purpose);
  if (!row) throw identityErrors.invalidCode();
  if (!(await spendCodeAttempt(deps.db, row.id, deps.config.CODE_MAX_ATTEMPTS))) {
    throw identityErrors.invalidCode();
  }
  const matches = codeMatches(code, row.codeHash, deps.keys.codes);
  if (!matches) throw identityErrors.invalidCode();
  if (row.expiresAt.getTime() <= Date.now()) throw identityErrors.codeExpired();
  return row;
}

/** Whether the user already has a code for this purpose that could still be used. */
export async function hasUsableCode(deps: IdentityDeps, userId: string, purpose: CodePurpose) {
  const row = await latestOpenCode(deps.db, userId, purpose);
  return row !== null && row.expiresAt.getTime() > Date.now() && row.attempts < deps.config.CODE_MAX_ATTEMPTS;
}
