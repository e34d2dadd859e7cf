import { randomUUID } from 'node:crypto';
import { AppError } from '../errors';

// Keys are relative paths of safe segments: letters, digits, '-', '_', '.', never '.' or '..' alone, never empty,
// never absolute. The local adapter maps a key to a file path, so this rule is what keeps a key inside its folder.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new AppError('BAD_REQUEST', 'The file key is not valid.');
}

/** `<prefix>/<random uuid>`: unguessable, so a client cannot name another object. */
export function generateKey(prefix: string): string {
  const folder = prefix.replace(/^\/+|\/+$/g, '');
  const key = folder ? `${folder}/${randomUUID()}` : randomUUID();
  assertValidKey(key);
  return key;
}
