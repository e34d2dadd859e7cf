import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { signInChallenges } from '../../../platform/db/schema';

export type ChallengeMethod = 'TOTP' | 'SMS';
export type ChallengeRow = typeof signInChallenges.$inferSelect;

export async function insertChallenge(
  db: Db,
  values: {
    userId: string;
    tokenHash: string;
    method: ChallengeMethod;
    codeHash?: string;
    destination?: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(signInChallenges).values(values);
}

export async function findChallenge(db: Db, tokenHash: string): Promise<ChallengeRow | null> {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

function liveChallenge(id: string, maxAttempts: number, now: Date) {
  return and(
    eq(signInChallenges.id, id),
    isNull(signInChallenges.consumedAt),
    gt(signInChallenges.expiresAt, now),
    lt(signInChallenges.attempts, maxAttempts),
  );
}

/** Spends one attempt of a live challenge and returns it; null when the challenge is dead. */
export async function spendChallengeAttempt(
  db: Db,
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(liveChallenge(id, maxAttempts, now))
    .returning();
  return row ?? null;
}

/** Replaces the text-message code of a live challenge; false when the challenge is dead. */
export async function replaceChallengeCode(
  db: Db,
  id: string,
  values: { codeHash: string; expiresAt: Date },
  maxAttempts: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set(values)
    .where(and(liveChallenge(id, maxAttempts, now), eq(signInChallenges.method, 'SMS')))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}

export async function consumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(signInChallenges)
    .set({ consumedAt: now })
    .where(and(eq(signInChallenges.id, id), isNull(signInChallenges.consumedAt)))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}
