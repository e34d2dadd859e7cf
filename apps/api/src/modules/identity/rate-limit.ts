import { MESSAGES } from '@casting/domain';
import type { Config } from '../../config';
import { consumeQuota, countQuotaUses } from '../../platform/db/quota';
import { AppError } from '../../platform/errors';
import { sha256 } from './crypto/tokens';
import type { IdentityDeps } from './deps';
import { codeGuessCapMail } from './mail-texts';
import { enqueueMail } from '../../platform/mail/queue';

const rateLimited = () => new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
const DAY_SECONDS = 86_400;

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

const quotaKey = (...parts: string[]) => sha256(parts.map((part) => part.trim().toLowerCase()).join(':'));

/**
 * Counts an attempt against one account (by e-mail or user id) in fixed windows kept in the database, so spreading
 * attempts over API instances does not help. Two counters: the account from this address (AUTH_RATE_LIMIT_MAX), and
 * the account from everywhere (AUTH_ACCOUNT_RATE_LIMIT_MAX, higher). Counting per account alone would let anybody
 * lock the owner out by typing wrong passwords for their address; the owner at their own address only meets the
 * wide ceiling, which takes a botnet to reach. Runs before any password hashing.
 */
export async function hitAccountLimit(
  deps: IdentityDeps,
  action: string,
  subject: string,
  address: string,
): Promise<void> {
  const { AUTH_RATE_LIMIT_MAX, AUTH_ACCOUNT_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_SECONDS } = deps.config;
  const windowSeconds = AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const fromHere = { key: quotaKey(action, subject, address), max: AUTH_RATE_LIMIT_MAX, windowSeconds };
  const everywhere = { key: quotaKey(action, subject), max: AUTH_ACCOUNT_RATE_LIMIT_MAX, windowSeconds };
  if (!(await consumeQuota(deps.db, fromHere))) throw rateLimited();
  if (!(await consumeQuota(deps.db, everywhere))) throw rateLimited();
}

/**
 * Sign-in's two counters. The account from this address (AUTH_RATE_LIMIT_MAX) refuses at once. The account from
 * everywhere (AUTH_ACCOUNT_RATE_LIMIT_MAX) does not simply refuse, since that would let strangers lock the owner out
 * by typing wrong passwords from many addresses: it answers that the account is locked, and sign-in then needs the
 * unlock link mailed to the account's address (sign-in-unlock.ts) besides the password. Runs before any password
 * hashing, so the answer never depends on whether the password was right.
 */
export async function hitSignInLimit(
  deps: IdentityDeps,
  email: string,
  address: string,
): Promise<{ accountLocked: boolean }> {
  const { AUTH_RATE_LIMIT_MAX, AUTH_ACCOUNT_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_SECONDS } = deps.config;
  const windowSeconds = AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const fromHere = { key: quotaKey('sign-in', email, address), max: AUTH_RATE_LIMIT_MAX, windowSeconds };
  const everywhere = { key: quotaKey('sign-in', email), max: AUTH_ACCOUNT_RATE_LIMIT_MAX, windowSeconds };
  if (!(await consumeQuota(deps.db, fromHere))) throw rateLimited();
  return { accountLocked: !(await consumeQuota(deps.db, everywhere)) };
}

/** At most one unlock mail per account and window, however many addresses meet the lock. */
export async function unlockMailDue(deps: IdentityDeps, userId: string): Promise<boolean> {
  const windowSeconds = deps.config.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return consumeQuota(deps.db, { key: quotaKey('sign-in-unlock-mail', userId), max: 1, windowSeconds });
}

/**
 * Six-digit codes (sign-in, confirmation, reset, phone and authenticator set-up) have a million values: the
 * per-minute limits alone would let a patient guesser through in weeks. Each guess also counts against a daily cap,
 * per account from this address (CODE_GUESSES_PER_DAY) and per account from everywhere (the higher
 * CODE_GUESSES_PER_DAY_ACCOUNT), so a stranger exhausts their own budget, not the owner's. The owner is mailed the
 * first time in a day a cap refuses, since it means someone is working on their account.
 *
 * `subject` is the user id when the account is known, else the address typed (nobody to notify then).
 */
export async function hitCodeGuessLimit(
  deps: IdentityDeps,
  subject: { userId?: string | undefined; email?: string | undefined },
  address: string,
): Promise<void> {
  const { CODE_GUESSES_PER_DAY, CODE_GUESSES_PER_DAY_ACCOUNT } = deps.config;
  const account = subject.userId ?? subject.email ?? '';
  const fromHere = { key: quotaKey('code-guess', account, address), max: CODE_GUESSES_PER_DAY };
  const everywhere = { key: quotaKey('code-guess', account), max: CODE_GUESSES_PER_DAY_ACCOUNT };
  for (const cap of [fromHere, everywhere]) {
    const used = await countQuotaUses(deps.db, { ...cap, windowSeconds: DAY_SECONDS });
    if (used <= cap.max) continue;
    if (subject.userId && subject.email) await noticeCapOnce(deps, subject.userId, subject.email);
    throw new AppError('RATE_LIMITED', MESSAGES.codeGuessesExhausted);
  }
}

/** At most one notice a day per account, however many addresses hit their cap. */
async function noticeCapOnce(deps: IdentityDeps, userId: string, email: string): Promise<void> {
  const quota = { key: quotaKey('code-guess-notice', userId), max: 1, windowSeconds: DAY_SECONDS };
  if (await consumeQuota(deps.db, quota))
    await enqueueMail(deps.jobs, { kind: 'notice', message: codeGuessCapMail(deps.config, email) });
}
