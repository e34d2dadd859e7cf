import { MESSAGES } from '@casting/domain';
import type { Config } from '../../config';
import { consumeQuota } from '../../platform/db/quota';
import { AppError } from '../../platform/errors';
import { sha256 } from './crypto/tokens';
import type { IdentityDeps } from './deps';

const rateLimited = () => new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);

/** Per-address limit for one auth route (`config.rateLimit`); each route counts on its own. */
export function addressRateLimit(config: Config) {
  return {
    max: config.AUTH_RATE_LIMIT_MAX,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    errorResponseBuilder: rateLimited,
  };
}

/**
 * Session upkeep (refresh, sign-out, tracking) guards 256-bit tokens, not guessable secrets, and runs on every page
 * load: it gets ten times the room, so reloading a few tabs never signs anybody out.
 */
export function sessionRateLimit(config: Config) {
  return { ...addressRateLimit(config), max: config.AUTH_RATE_LIMIT_MAX * 10 };
}

/**
 * Counts an attempt against one account (by e-mail or user id) in a fixed window kept in the database, so spreading
 * attempts over addresses or API instances does not help. Runs before any password hashing.
 */
export async function hitAccountLimit(deps: IdentityDeps, action: string, subject: string): Promise<void> {
  const { AUTH_RATE_LIMIT_MAX: max, AUTH_RATE_LIMIT_WINDOW_SECONDS: windowSeconds } = deps.config;
  const key = sha256(`${action}:${subject.trim().toLowerCase()}`);
  if (!(await consumeQuota(deps.db, { key, max, windowSeconds }))) throw rateLimited();
}
