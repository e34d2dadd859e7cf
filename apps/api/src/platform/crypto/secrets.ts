import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The signing secret: AUTH_SECRET when set (required in production), otherwise one generated on first start and
 * kept in the git-ignored data directory so development sessions survive restarts.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A readable random password that satisfies the product's password rules. */
export function generatePassword(): string {
  const body = randomBytes(18).toString('base64url');
  return `${body}aZ7#`;
}

/**
 * Whether a caller sent the operator's configured secret (a webhook's shared secret, the metrics token). Both sides
 * are hashed first so the comparison takes the same time whatever the given value's length, and `timingSafeEqual` so
 * a caller cannot learn it byte by byte.
 */
export function sharedSecretMatches(configured: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(configured), digest(given));
}
