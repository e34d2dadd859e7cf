import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_QUEUE, VACUUM_QUEUE } from '../../src/modules/housekeeping';
import { purgeExpiredRows } from '../../src/modules/housekeeping/purge';
import type { Db } from '../../src/platform/db/client';
import {
  authRateLimits,
  authSessions,
  oneTimeCodes,
  refreshTokens,
  signInChallenges,
} from '../../src/platform/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { createUser } from '../support/identity';
import { eventually } from '../support/eventually';
import { jobRows } from '../jobs/support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const hex = () => randomBytes(8).toString('hex');

let db: Db;
let userId: string;
beforeAll(async () => {
  db = (await testDatabase()).db;
  userId = (await createUser()).id;
});

async function remaining<T extends { id: string }>(
  table: typeof oneTimeCodes | typeof signInChallenges | typeof authSessions | typeof refreshTokens,
  rows: Record<string, T>,
) {
  const ids = Object.values(rows).map((row) => row.id);
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  const kept = new Set(found.map((row) => row.id));
  return Object.keys(rows)
    .filter((name) => kept.has(rows[name]!.id))
    .sort();
}

describe('the purge of expired identity rows', () => {
  it('deletes rate-limit counters whose window has ended and keeps current ones', async () => {
    const ended = `hk-${hex()}`;
    const current = `hk-${hex()}`;
    await db.insert(authRateLimits).values([
      { key: ended, windowStartedAt: ago(2 * MINUTE), hits: 9 },
      { key: current, windowStartedAt: ago(10_000), hits: 2 },
    ]);
    await purgeExpiredRows(db, { rateLimitWindowSeconds: 60, now });
    const left = await db
      .select({ key: authRateLimits.key })
      .from(authRateLimits)
      .where(inArray(authRateLimits.key, [ended, current]));
    expect(left).toEqual([{ key: current }]);
    await db.delete(authRateLimits).where(inArray(authRateLimits.key, [current]));
  });

  it('deletes codes a day after they expired or were used, and keeps open and recently ended ones', async () => {
    const code = (values: { expiresAt: Date; consumedAt?: Date }) =>
      db
        .insert(oneTimeCodes)
        .values({ userId, purpose: 'RESET_PASSWORD', codeHash: hex(), ...values })
        .returning({ id: oneTimeCodes.id })
        .then(([row]) => row!);
    const rows = {
      expiredLongAgo: await code({ expiresAt: ago(2 * DAY) }),
      usedLongAgo: await code({ expiresAt: ahead(HOUR), consumedAt: ago(2 * DAY) }),
      expiredAnHourAgo: await code({ expiresAt: ago(HOUR) }),
      open: await code({ expiresAt: ahead(10 * MINUTE) }),
    };
    await purgeExpiredRows(db, { rateLimitWindowSeconds: 60, now });
    expect(await remaining(oneTimeCodes, rows)).toEqual(['expiredAnHourAgo', 'open']);
  });

  it('deletes second-factor challenges a day after they expired or were used', async () => {
    const challenge = (values: { expiresAt: Date; consumedAt?: Date }) =>
      db
        .insert(signInChallenges)
        .values({ userId, tokenHash: hex(), method: 'TOTP', ...values })
        .returning({ id: signInChallenges.id })
        .then(([row]) => row!);
    const rows = {
      expiredLongAgo: await challenge({ expiresAt: ago(2 * DAY) }),
      usedLongAgo: await challenge({ expiresAt: ago(2 * DAY - 5 * MINUTE), consumedAt: ago(2 * DAY) }),
      open: await challenge({ expiresAt: ahead(5 * MINUTE) }),
    };
    await purgeExpiredRows(db, { rateLimitWindowSeconds: 60, now });
    expect(await remaining(signInChallenges, rows)).toEqual(['open']);
  });

  it('deletes ended sessions with their refresh tokens and keeps a live session with its rotated tokens', async () => {
    const session = (values: { expiresAt: Date; lastActivityAt?: Date; revokedAt?: Date }) =>
      db
        .insert(authSessions)
        .values({ userId, durationMinutes: 240, lastActivityAt: now, ...values })
        .returning({ id: authSessions.id })
        .then(([row]) => row!);
    const sessions = {
      pastAbsoluteEnd: await session({ expiresAt: ago(2 * DAY), lastActivityAt: ago(2 * DAY) }),
      revokedLongAgo: await session({ expiresAt: ahead(20 * DAY), revokedAt: ago(2 * DAY) }),
      idleForDays: await session({ expiresAt: ahead(20 * DAY), lastActivityAt: ago(3 * DAY) }),
      idleSinceAnHour: await session({ expiresAt: ahead(20 * DAY), lastActivityAt: ago(5 * HOUR) }),
      live: await session({ expiresAt: ahead(20 * DAY) }),
    };
    const token = (sessionId: string, rotatedAt: Date | null) =>
      db
        .insert(refreshTokens)
        .values({ sessionId, tokenHash: hex(), rotatedAt })
        .returning({ id: refreshTokens.id })
        .then(([row]) => row!);
    const tokens = {
      endedSessionToken: await token(sessions.pastAbsoluteEnd.id, null),
      liveRotated: await token(sessions.live.id, ago(2 * DAY)),
      liveCurrent: await token(sessions.live.id, null),
    };
    await purgeExpiredRows(db, { rateLimitWindowSeconds: 60, now });
    expect(await remaining(authSessions, sessions)).toEqual(['idleSinceAnHour', 'live']);
    expect(await remaining(refreshTokens, tokens)).toEqual(['liveCurrent', 'liveRotated']);
  });
});

describe('housekeeping queues', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ runWorkers: true });
  });
  afterAll(() => t.close());

  it('purges expired rows when its job runs', async () => {
    const ended = `hk-${hex()}`;
    await db.insert(authRateLimits).values({ key: ended, windowStartedAt: ago(DAY), hits: 1 });
    await t.context.jobs.send(PURGE_QUEUE, {});
    await eventually(
      'the expired counter is gone',
      async () =>
        (
          await db
            .select()
            .from(authRateLimits)
            .where(inArray(authRateLimits.key, [ended]))
        ).length === 0,
    );
  });

  it('vacuums the embedded database, which has no autovacuum, and only that one', async () => {
    const queues = (await t.context.jobs.health()).queues.map((queue) => queue.name);
    expect(queues).toContain(PURGE_QUEUE);
    if (t.context.database.kind !== 'pglite') {
      expect(queues).not.toContain(VACUUM_QUEUE);
      return;
    }
    await t.context.jobs.send(VACUUM_QUEUE, {});
    await eventually('the vacuum job is completed', async () =>
      (await jobRows(db, VACUUM_QUEUE)).some((row) => row.state === 'completed'),
    );
  });
});
