import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { agencies, agents } from '../../platform/db/schema';
import { notFound } from '../../platform/errors';

// The super admin's verification of agencies and agents.

export async function setAgencyVerified(db: Db, agencyId: string, isVerified: boolean) {
  const [row] = await db.update(agencies).set({ isVerified }).where(eq(agencies.id, agencyId)).returning();
  if (!row) throw notFound('The agency');
  return { id: row.id, isVerified: row.isVerified };
}

export async function setAgentVerified(db: Db, agentId: string, isVerified: boolean) {
  const [row] = await db.update(agents).set({ isVerified }).where(eq(agents.id, agentId)).returning();
  if (!row) throw notFound('The agent');
  return { id: row.id, isVerified: row.isVerified };
}
