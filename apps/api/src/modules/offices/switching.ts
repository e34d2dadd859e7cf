import { eq, sql } from 'drizzle-orm';
import {
  OFFICE_MESSAGES,
  OFFICE_STATUSES,
  isOfficeRole,
  type MyOffice,
  type MyOffices,
  type OfficeStatus,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { authSessions, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { rowsOf } from '../../platform/db/rows';

export const noSuchOffice = () => new AppError('NOT_FOUND', OFFICE_MESSAGES.noSuchOffice);

interface OfficeOfUser {
  office_id: string;
  name: string;
  status: string;
  role: string | null;
}

const asStatus = (value: string): OfficeStatus =>
  OFFICE_STATUSES.find((status) => status === value) ?? 'SUSPENDED';

function myOffice(row: OfficeOfUser, currentId: string | null): MyOffice {
  return {
    id: row.office_id,
    name: row.name,
    status: asStatus(row.status),
    role: isOfficeRole(row.role) ? row.role : null,
    current: row.office_id === currentId,
  };
}

/** The office a session is set to (whether or not it may work there now: awaiting approval, say). */
export async function sessionOfficeId(db: Queryable, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ officeId: authSessions.officeId })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row?.officeId ?? null;
}

/**
 * The switcher's list: every office the person belongs to or is on a project team of (`offices_of_user`, which
 * crosses offices and answers only names, statuses and the person's role), by name, the session's marked current.
 */
export async function myOffices(
  db: Queryable,
  principal: { userId: string; sessionId: string },
): Promise<MyOffices> {
  const current = await sessionOfficeId(db, principal.sessionId);
  const rows = rowsOf<OfficeOfUser>(
    await db.execute(
      sql`select office_id, name, status, role from offices_of_user(${principal.userId}) order by lower(name), office_id`,
    ),
  );
  return { items: rows.map((row) => myOffice(row, current)) };
}

/** One office of the person's list, or NOT_FOUND: an office they are not in answers as one that does not exist. */
async function officeOfUser(db: Queryable, userId: string, officeId: string): Promise<OfficeOfUser> {
  const [row] = rowsOf<OfficeOfUser>(
    await db.execute(
      sql`select office_id, name, status, role from offices_of_user(${userId}) where office_id = ${officeId}`,
    ),
  );
  if (!row) throw noSuchOffice();
  return row;
}

/**
 * Sets the session to an office; the next request on it works there (the session's trigger clears every instance's
 * authentication cache). `remember` also makes it the office the person's next sign-in opens in; a support session
 * leaves that alone.
 */
export async function moveSession(
  db: Queryable,
  session: { userId: string; sessionId: string },
  officeId: string | null,
  options: { remember: boolean },
): Promise<void> {
  await db.update(authSessions).set({ officeId }).where(eq(authSessions.id, session.sessionId));
  if (options.remember && officeId)
    await db.update(users).set({ lastOfficeId: officeId }).where(eq(users.id, session.userId));
}

/**
 * Moves the session into another office the person works in, if it is active. Answers the office entered and the
 * one left (null when the session had none), whose logs both record the move.
 */
export async function switchOffice(
  db: Db,
  principal: { userId: string; sessionId: string },
  officeId: string,
): Promise<{ office: MyOffice; left: string | null }> {
  return db.transaction(async (tx) => {
    const target = await officeOfUser(tx, principal.userId, officeId);
    if (target.status !== 'ACTIVE') throw new AppError('CONFLICT', OFFICE_MESSAGES.officeNotActive);
    const left = await sessionOfficeId(tx, principal.sessionId);
    await moveSession(tx, principal, officeId, { remember: true });
    return { office: myOffice(target, officeId), left };
  });
}
