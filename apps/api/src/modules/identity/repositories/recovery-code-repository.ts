import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { recoveryCodes } from '../../../platform/db/schema';

/** Replaces the user's recovery codes with a new set (digests only). */
export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length > 0)
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused code; false when it is unknown or was used (a race with another sign-in included). */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unused: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.unused ?? 0;
}
