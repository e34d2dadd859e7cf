import { eq } from 'drizzle-orm';
import { EMAIL_MESSAGES, type EmailAllowance } from '@casting/domain';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/client';
import { countQuotaUses, quotaUsesSoFar, type Quota } from '../../platform/db/quota';
import { projects } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';

/** How many e-mails to candidates an account, and an office with all its members, may queue in a day. */
export interface AllowanceLimits {
  perAccount: number;
  perOffice: number;
}

export function allowanceLimits(config: Config): AllowanceLimits {
  return { perAccount: config.CANDIDATE_EMAILS_PER_DAY, perOffice: config.CANDIDATE_EMAILS_PER_DAY_OFFICE };
}

const DAY_SECONDS = 86_400;

async function quotas(db: Db, limits: AllowanceLimits, userId: string, projectId: string) {
  const [project] = await db
    .select({ officeId: projects.officeId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound('The project');
  const account: Quota = {
    key: `candidate-mail:account:${userId}`,
    max: limits.perAccount,
    windowSeconds: DAY_SECONDS,
  };
  const office: Quota = {
    key: `candidate-mail:office:${project.officeId}`,
    max: limits.perOffice,
    windowSeconds: DAY_SECONDS,
  };
  return { account, office };
}

/** What the caller may still send today: their account's allowance and their office's, and the smaller of the two. */
export async function readAllowance(
  db: Db,
  limits: AllowanceLimits,
  userId: string,
  projectId: string,
): Promise<EmailAllowance> {
  const { account, office } = await quotas(db, limits, userId, projectId);
  const left = async (quota: Quota) => Math.max(0, quota.max - (await quotaUsesSoFar(db, quota)));
  const accountLeft = await left(account);
  const officeLeft = await left(office);
  return {
    remaining: Math.min(accountLeft, officeLeft),
    account: { max: account.max, remaining: accountLeft },
    office: { max: office.max, remaining: officeLeft },
  };
}

/**
 * Counts `count` e-mails to candidates against the sender's daily allowance and their office's, in the transaction
 * that writes the send and queues its jobs. Over either, the whole request is refused with what is left: the
 * transaction rolls back, so nothing is written, nothing is queued and no allowance is used. Each mail goes out under
 * the office's name, so the allowance keeps one account (or one office) from turning the send page into a mass
 * mailer; the counters are database rows, so concurrent requests and several API instances share them.
 */
export async function spendAllowance(
  tx: Db,
  limits: AllowanceLimits,
  userId: string,
  projectId: string,
  count: number,
): Promise<void> {
  if (count === 0) return;
  const { account, office } = await quotas(tx, limits, userId, projectId);
  const accountUsed = await countQuotaUses(tx, account, count);
  if (accountUsed > account.max) {
    const remaining = Math.max(0, account.max - (accountUsed - count));
    throw new AppError('RATE_LIMITED', EMAIL_MESSAGES.accountAllowanceUsed(remaining, account.max, count));
  }
  const officeUsed = await countQuotaUses(tx, office, count);
  if (officeUsed > office.max) {
    const remaining = Math.max(0, office.max - (officeUsed - count));
    throw new AppError('RATE_LIMITED', EMAIL_MESSAGES.officeAllowanceUsed(remaining, office.max, count));
  }
}
