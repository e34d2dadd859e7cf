import { randomInt } from 'node:crypto';

/** How many recovery codes a set holds; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;

// Lower-case letters and digits without look-alikes (0/o, 1/l/i): about 50 bits a code, read aloud or typed easily.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 10;

/** A code as shown: two groups of five, e.g. `k7m2q-x9ta4`. */
export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The form a typed code is stored and compared in (case, spaces and the dash do not matter), or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]/g, '');
  return compact.length === LENGTH && [...compact].every((char) => ALPHABET.includes(char)) ? compact : null;
}
