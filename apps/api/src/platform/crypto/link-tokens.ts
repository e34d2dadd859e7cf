import { createHash, randomBytes } from 'node:crypto';

/**
 * Secrets that travel in public addresses (submission links, private applicant links, claim links): 18 random
 * bytes (144 bits) as 24 base64url characters. Only the SHA-256 digest is ever looked up, so a lookup's timing
 * depends on the digest, never on how much of a guessed secret matched.
 */
export function newLinkToken(): string {
  return randomBytes(18).toString('base64url');
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
