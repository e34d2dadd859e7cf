import type { UpdateProfile, User } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import { signInRequired } from '../../../platform/errors';
import { agentOfUser } from '../../agencies';
import { findUserById, toUserDto, updateUser } from '../../identity';

// The authenticator checked the user moments ago; a row gone since is a session that no longer holds.
const gone = signInRequired;

export async function getProfile(db: Db, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw gone();
  return withAgent(db, toUserDto(user));
}

/** `user.agent`: the user's agent record, which makes them a representative. */
async function withAgent(db: Db, user: User): Promise<User> {
  const agent = await agentOfUser(db, user.id);
  return { ...user, agent: agent ? { ...agent, userId: user.id } : null };
}

/** Only the fields sent change; imageUrl null removes the avatar. */
export async function updateProfile(db: Db, userId: string, input: UpdateProfile): Promise<User> {
  const changes = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.imageUrl !== undefined ? { imageUrl: input.imageUrl } : {}),
  };
  if (Object.keys(changes).length === 0) return getProfile(db, userId);
  const user = await updateUser(db, userId, changes);
  if (!user) throw gone();
  return withAgent(db, toUserDto(user));
}
