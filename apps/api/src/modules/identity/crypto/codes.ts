import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@casting/domain';

/** A uniformly random code of CODE_LENGTH digits. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

/**
 * Codes have only a million values, so a plain digest would fall to a table; a keyed HMAC is useless to anyone
 * who reads the database without the auth secret.
 */
export function hashCode(code: string, key: Buffer): string {
  return createHmac('sha256', key).update(code.trim()).digest('hex');
}

export function codeMatches(code: string, storedHash: string, key: Buffer): boolean {
  const actual = Buffer.from(hashCode(code, key), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
