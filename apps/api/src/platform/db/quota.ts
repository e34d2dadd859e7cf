import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { authRateLimits } from './schema';

export interface Quota {
  /** What is counted and for whom, e.g. `invitations:<user id>`; stored only as a digest by the caller's choice. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts `cost` uses against a fixed-window quota kept in the database (so it holds across API instances and
 * restarts) and answers whether the quota still covers them. The count is taken in the caller's transaction: a
 * refused or rolled-back request gives its uses back.
 */
export async function consumeQuota(db: Db, quota: Quota, cost = 1): Promise<boolean> {
  return (await countQuotaUses(db, quota, cost)) <= quota.max;
}

/** Like `consumeQuota`, but answers the uses counted in the window so far (more than `max` means refused). */
export async function countQuotaUses(db: Db, quota: Quota, cost = 1): Promise<number> {
  const now = new Date();
  const windowStart = new Date(now.getTime() - quota.windowSeconds * 1000).toISOString();
  const windowOver = sql`${authRateLimits.windowStartedAt} <= ${windowStart}::timestamptz`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ key: quota.key, windowStartedAt: now, hits: cost })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        hits: sql`case when ${windowOver} then ${cost} else ${authRateLimits.hits} + ${cost} end`,
        windowStartedAt: sql`case when ${windowOver} then ${now.toISOString()}::timestamptz else ${authRateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: authRateLimits.hits });
  return row?.hits ?? 0;
}

/** The uses counted in the quota's current window, without counting one (0 once the window has ended). */
export async function quotaUsesSoFar(db: Db, quota: Quota): Promise<number> {
  const [row] = await db
    .select({ hits: authRateLimits.hits, windowStartedAt: authRateLimits.windowStartedAt })
    .from(authRateLimits)
    .where(eq(authRateLimits.key, quota.key));
  if (!row || row.windowStartedAt.getTime() <= Date.now() - quota.windowSeconds * 1000) return 0;
  return row.hits;
}
