import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { users } from '../../../platform/db/schema';

/** Records a used TOTP time step; false when that step (or a later one) was already used. */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.otpLastStep), lt(users.otpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Promotes the pending secret the code was checked against; false if it changed meanwhile. */
export async function activatePendingSecret(
  db: Db,
  userId: string,
  pendingSecret: string,
  step: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ otpSecret: pendingSecret, otpPendingSecret: null, otpEnabled: true, otpLastStep: step })
    .where(and(eq(users.id, userId), eq(users.otpPendingSecret, pendingSecret)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Turns the authenticator off and forgets its secrets, unless an administrator requires one: the condition sits in
 * the update, so a requirement set a moment earlier still wins. Null when the requirement refused it.
 */
export async function clearAuthenticator(db: Db, userId: string) {
  const [row] = await db
    .update(users)
    .set({ otpEnabled: false, otpSecret: null, otpPendingSecret: null, otpLastStep: null })
    .where(and(eq(users.id, userId), eq(users.otpRequired, false)))
    .returning();
  return row ?? null;
}
