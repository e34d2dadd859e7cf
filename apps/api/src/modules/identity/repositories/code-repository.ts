import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { oneTimeCodes } from '../../../platform/db/schema';

export type CodePurpose = 'CONFIRM_SIGN_UP' | 'RESET_PASSWORD' | 'VERIFY_PHONE';
export type CodeRow = typeof oneTimeCodes.$inferSelect;

/** Stores a new code and retires the user's earlier ones for the same purpose: only the latest works. */
export async function issueCodeRow(
  db: Db,
  values: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date; target?: string },
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.userId, values.userId),
        eq(oneTimeCodes.purpose, values.purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
  await db.insert(oneTimeCodes).values(values);
}

export async function latestOpenCode(db: Db, userId: string, purpose: CodePurpose): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
}

/** Spends one attempt; false when none is left or the code was used meanwhile. */
export async function spendCodeAttempt(db: Db, codeId: string, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, codeId),
        isNull(oneTimeCodes.consumedAt),
        lt(oneTimeCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Single use: only the first caller gets true. */
export async function consumeCode(db: Db, codeId: string): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}
