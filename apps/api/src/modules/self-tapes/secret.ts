import { createHash, randomBytes } from 'node:crypto';

/** A recipient's private-page secret: 192 random bits, URL-safe. Only its digest is stored. */
export function newRecipientSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** The stored form of a secret (SHA-256, hex): a leaked table does not open anyone's page. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The private page's address as mailed: the secret travels in the fragment-free query of the web route. */
export function recipientPageLink(publicUrl: string, secret: string): string {
  return `${publicUrl.replace(/\/$/, '')}/self-tapes/${secret}`;
}
