import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  // About 50,000 entries: built on first use, not at start-up.
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common;
}

/** The shortest base word worth looking up once trailing digits and symbols are stripped. */
const MIN_BASE_WORD = 4;

/**
 * True for a password from the breach-derived list, compared without case, and for the usual way of dressing one
 * up to pass the composition rules: a listed word followed only by digits and symbols ('Password123!').
 */
export function isCommonPassword(password: string): boolean {
  const lowered = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lowered)) return true;
  const base = lowered.replace(/[^a-z]+$/, '');
  return base !== lowered && base.length >= MIN_BASE_WORD && list.has(base);
}
