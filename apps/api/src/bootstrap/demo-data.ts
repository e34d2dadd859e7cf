import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';

/**
 * Demo accounts for a first look at the product. They have no password (nobody can sign in as them until they
 * reset it through their own mailbox), so enabling demo data never opens a door.
 */
const DEMO_USERS = [
  {
    email: 'dana.whitfield@northlight-casting.example',
    firstName: 'Dana',
    lastName: 'Whitfield',
    roleCode: 'CASTING_DIRECTOR',
  },
  {
    email: 'marcus.oyelaran@northlight-casting.example',
    firstName: 'Marcus',
    lastName: 'Oyelaran',
    roleCode: 'CASTING_ASSISTANT',
  },
  {
    email: 'priya.raman@harborlight-pictures.example',
    firstName: 'Priya',
    lastName: 'Raman',
    roleCode: 'CLIENT',
  },
  { email: 'leo.castellanos@example.com', firstName: 'Leo', lastName: 'Castellanos', roleCode: 'TALENT' },
] as const;

export async function loadDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values(DEMO_USERS.map((user) => ({ ...user, confirmedAt: new Date() })))
      .onConflictDoNothing();
  });
  log.info({ users: DEMO_USERS.length }, 'demo data loaded');
}
