import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { OFFICE_MESSAGES, type SupportAccess, type SupportSession } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { auditEvents, officeSupportGrants, offices, users } from '../../platform/db/schema';
import { forEachOffice } from '../../platform/db/office-of';
import { enterOfficeInTransaction } from '../../platform/db/scope';
import { AppError } from '../../platform/errors';
import { moveSession, sessionOfficeId } from './switching';
import { rowsOf } from '../../platform/db/rows';

const HOUR_MS = 3_600_000;

const live = () => and(isNull(officeSupportGrants.endedAt), gt(officeSupportGrants.expiresAt, sql`now()`));

/** Whether the office grants the operator support access now, and until when. */
export async function supportAccess(db: Queryable, officeId: string): Promise<SupportAccess> {
  const [row] = await db
    .select({ until: sql<Date | string | null>`max(${officeSupportGrants.expiresAt})` })
    .from(officeSupportGrants)
    .where(and(eq(officeSupportGrants.officeId, officeId), live()));
  const until = row?.until ? new Date(row.until) : null;
  return { active: until !== null, expiresAt: until ? until.toISOString() : null };
}

/**
 * The owner grants the operator support access for some hours from now; a grant already live is replaced, so the
 * office has one end date to think about. The grant's trigger clears every instance's authentication cache.
 */
export async function grantSupportAccess(
  db: Db,
  officeId: string,
  grantedById: string,
  hours: number,
): Promise<SupportAccess> {
  return db.transaction(async (tx) => {
    await tx
      .update(officeSupportGrants)
      .set({ endedAt: new Date() })
      .where(and(eq(officeSupportGrants.officeId, officeId), live()));
    await tx
      .insert(officeSupportGrants)
      .values({ officeId, grantedById, expiresAt: new Date(Date.now() + hours * HOUR_MS) });
    return supportAccess(tx, officeId);
  });
}

/** Ends the office's support access now: an operator working in it is out from their next request. */
export async function endSupportAccess(db: Queryable, officeId: string): Promise<void> {
  await db
    .update(officeSupportGrants)
    .set({ endedAt: new Date() })
    .where(and(eq(officeSupportGrants.officeId, officeId), live()));
}

/**
 * The operator opens a support session: while the office grants live support access their session works in it with
 * an owner's rights (`office_standing` answers OWNER). Without a live grant the office answers as unknown: the
 * operator sees nothing of it. The office the operator signs in to next time is left as it was.
 */
export async function startSupportSession(
  db: Db,
  principal: { userId: string; sessionId: string },
  officeId: string,
): Promise<SupportSession> {
  return db.transaction(async (tx) => {
    const [grant] = rowsOf<{ until: Date | string | null }>(
      await tx.execute(sql`select office_support_until(${officeId}::uuid) as until`),
    );
    if (!grant?.until) throw new AppError('NOT_FOUND', OFFICE_MESSAGES.supportAccessNotGranted);
    await moveSession(tx, principal, officeId, { remember: false });
    // The grant admits the operator: the rest of this transaction reads the office as its session now will.
    await enterOfficeInTransaction(tx, officeId);
    const [office] = await tx.select({ name: offices.name }).from(offices).where(eq(offices.id, officeId));
    return {
      office: { id: officeId, name: office?.name ?? '', status: 'ACTIVE', role: 'OWNER', current: true },
      expiresAt: new Date(grant.until).toISOString(),
    };
  });
}

/**
 * Ends the operator's support session in an office: the session goes back to the office the operator works in
 * (their last one), or to none.
 */
export async function endSupportSession(
  db: Db,
  principal: { userId: string; sessionId: string },
  officeId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await sessionOfficeId(tx, principal.sessionId)) !== officeId)
      throw new AppError('CONFLICT', OFFICE_MESSAGES.notInSupportSession);
    const [account] = await tx
      .select({ lastOfficeId: users.lastOfficeId })
      .from(users)
      .where(eq(users.id, principal.userId));
    const back = account?.lastOfficeId && account.lastOfficeId !== officeId ? account.lastOfficeId : null;
    await moveSession(tx, principal, back, { remember: false });
  });
}

/**
 * Support access that ran out is closed and written to its office's log, so the log shows when the operator's access
 * ended whether the owner ended it or the clock did. Runs in each office in turn; answers how many grants lapsed.
 */
export async function closeLapsedSupportGrants(db: Db): Promise<number> {
  return forEachOffice(db, async () => {
    const lapsed = await db
      .update(officeSupportGrants)
      .set({ endedAt: sql`${officeSupportGrants.expiresAt}` })
      .where(and(isNull(officeSupportGrants.endedAt), lte(officeSupportGrants.expiresAt, sql`now()`)))
      .returning({ officeId: officeSupportGrants.officeId, expiresAt: officeSupportGrants.expiresAt });
    for (const grant of lapsed) {
      await db.insert(auditEvents).values({
        at: new Date(),
        action: 'office.support-access-expired',
        outcome: 'success',
        targetType: 'office',
        targetId: grant.officeId,
        details: { expiredAt: grant.expiresAt.toISOString() },
      });
    }
    return lapsed.length;
  });
}
