import {
  MESSAGES,
  type AdminUser,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserUpdate,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import {
  findUserById,
  revokeUserSessions,
  searchUsers,
  toAdminUserDto,
  updateUser,
  type NewUserRow,
} from '../../identity';

export async function listUsers(db: Db, query: AdminUserListQuery): Promise<AdminUserList> {
  const { rows, total } = await searchUsers(db, query);
  return { items: rows.map(toAdminUserDto), total, limit: query.limit, offset: query.offset };
}

/**
 * Changes role, second-factor requirement or activation. A deactivated user is signed out everywhere in the same
 * transaction. Super admins cannot demote or deactivate themselves, so the platform always keeps one.
 */
export async function updateUserAsAdmin(
  db: Db,
  actorId: string,
  userId: string,
  input: AdminUserUpdate,
): Promise<AdminUser> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if (userId === actorId && input.deactivated === true) {
    throw new AppError('BAD_REQUEST', MESSAGES.cannotDeactivateSelf);
  }
  if (userId === actorId && input.roleCode !== undefined && input.roleCode !== 'SUPER_ADMIN') {
    throw new AppError('BAD_REQUEST', MESSAGES.cannotChangeOwnRole);
  }
  const changes: Partial<NewUserRow> = {};
  if (input.roleCode !== undefined) changes.roleCode = input.roleCode;
  if (input.otpRequired !== undefined) changes.otpRequired = input.otpRequired;
  if (input.deactivated !== undefined) {
    changes.deactivatedAt = input.deactivated ? (user.deactivatedAt ?? new Date()) : null;
  }
  const updated = await db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, changes);
    if (row && input.deactivated === true) await revokeUserSessions(tx, userId, 'DEACTIVATED');
    return row;
  });
  if (!updated) throw notFound('User');
  return toAdminUserDto(updated);
}
