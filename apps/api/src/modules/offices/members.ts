import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  OFFICE_MESSAGES,
  isOfficeRole,
  type OfficeMember,
  type OfficeMemberList,
  type OfficeRole,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import { officeMembers, offices, projectAccesses, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

const memberNotFound = () => new AppError('NOT_FOUND', OFFICE_MESSAGES.notAMember);
const lastOwner = () => new AppError('CONFLICT', OFFICE_MESSAGES.lastOwner);

const memberColumns = {
  userId: officeMembers.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: officeMembers.role,
  joinedAt: officeMembers.createdAt,
  joinedKey: keyText(officeMembers.createdAt),
};

type MemberRow = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  joinedAt: Date;
};

function memberView(row: MemberRow): OfficeMember {
  return {
    userId: row.userId,
    email: row.email,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    role: isOfficeRole(row.role) ? row.role : 'CLIENT',
    joinedAt: row.joinedAt.toISOString(),
  };
}

/**
 * The office's members, newest first, a page at a time: keyset on (joined, user id) under the index that leads with
 * the office key, so a page costs the same for ten members as for ten thousand.
 */
export async function listMembers(
  db: Queryable,
  officeId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<OfficeMemberList> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select(memberColumns)
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(
      and(
        eq(officeMembers.officeId, officeId),
        after ? afterPosition(officeMembers.createdAt, officeMembers.userId, after) : undefined,
      ),
    )
    .orderBy(desc(officeMembers.createdAt), desc(officeMembers.userId))
    .limit(query.limit + 1);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.joinedKey, id: row.userId }));
  return { items: page.items.map(memberView), nextCursor: page.nextCursor };
}

async function memberOf(db: Queryable, officeId: string, userId: string): Promise<MemberRow> {
  if (!isUuid(userId)) throw memberNotFound();
  const [row] = await db
    .select(memberColumns)
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.userId, userId)));
  if (!row) throw memberNotFound();
  return row;
}

/**
 * An office never goes without an owner: taking the owner's role from the last one is refused. The office's row is
 * locked first, so two owners demoting each other at the same moment cannot both pass the count.
 */
async function assertAnotherOwner(tx: Queryable, officeId: string, userId: string): Promise<void> {
  await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, officeId)).for('update');
  const [row] = await tx
    .select({ owners: sql<number>`count(*)::int` })
    .from(officeMembers)
    .where(
      and(
        eq(officeMembers.officeId, officeId),
        eq(officeMembers.role, 'OWNER'),
        sql`${officeMembers.userId} <> ${userId}`,
      ),
    );
  if ((row?.owners ?? 0) === 0) throw lastOwner();
}

/** Gives a member another office role; the last owner keeps theirs. */
export async function changeMemberRole(
  db: Db,
  officeId: string,
  userId: string,
  role: OfficeRole,
): Promise<OfficeMember> {
  return db.transaction(async (tx) => {
    const member = await memberOf(tx, officeId, userId);
    if (member.role === 'OWNER' && role !== 'OWNER') await assertAnotherOwner(tx, officeId, userId);
    await tx
      .update(officeMembers)
      .set({ role })
      .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.userId, userId)));
    return memberView({ ...member, role });
  });
}

/**
 * Takes a person out of the office, with their places on its project teams: their next request works in no office
 * (the membership's trigger clears every instance's authentication cache). The last owner cannot be removed.
 */
export async function removeMember(db: Db, officeId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await memberOf(tx, officeId, userId);
    if (member.role === 'OWNER') await assertAnotherOwner(tx, officeId, userId);
    await tx
      .delete(projectAccesses)
      .where(
        and(
          eq(projectAccesses.officeId, officeId),
          or(eq(projectAccesses.userId, userId), eq(projectAccesses.email, member.email)),
        ),
      );
    await tx
      .delete(officeMembers)
      .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.userId, userId)));
  });
}

/** Whether an address already belongs to a member of the office (an invitation to them is refused). */
export async function isMemberEmail(db: Queryable, officeId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: officeMembers.userId })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(and(eq(officeMembers.officeId, officeId), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}
