import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { projectAccesses, users } from './schema';

/**
 * The access rows that belong to a user: linked to the account, or addressed to the user's confirmed e-mail while no
 * account was linked (an invitation sent before the person signed up). Unconfirmed addresses never match, so nobody
 * can claim an invitation by registering someone else's address.
 */
export function accessOfUser(userId: string | Placeholder): SQL {
  return sql`(${projectAccesses.userId} = ${userId} or (${projectAccesses.userId} is null and ${projectAccesses.email} = (
    select ${users.email} from ${users} where ${users.id} = ${userId} and ${users.confirmedAt} is not null
  )))`;
}

/** The account an access row stands for, by link or by confirmed e-mail; for joins from project_accesses to users. */
export const accessUserJoin = sql`(${users.id} = ${projectAccesses.userId} or (${projectAccesses.userId} is null and ${users.email} = ${projectAccesses.email} and ${users.confirmedAt} is not null))`;
