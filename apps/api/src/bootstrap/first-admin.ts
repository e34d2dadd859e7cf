import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client';
import { officeMembers, users } from '../platform/db/schema';
import { currentOfficeId } from '../platform/db/scope';
import { generatePassword } from '../platform/crypto/secrets';
import { hashPassword } from '../platform/crypto/password';

export interface FirstAdminResult {
  created: boolean;
  email: string;
  generatedPassword?: string;
}

/**
 * Creates the first super admin when none exists, as the owner of the office the caller runs in (the first office).
 * A generated password is returned once, for the log.
 */
export async function ensureFirstSuperAdmin(
  db: Db,
  log: FastifyBaseLogger,
  options: { email: string; password?: string | undefined },
): Promise<FirstAdminResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.roleCode, 'SUPER_ADMIN'))
    .limit(1);
  const email = options.email.toLowerCase();
  if (existing.length > 0) return { created: false, email };

  const password = options.password ?? generatePassword();
  const officeId = currentOfficeId();
  const [admin] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Super',
      lastName: 'Admin',
      roleCode: 'SUPER_ADMIN',
      passwordHash: await hashPassword(password),
      confirmedAt: new Date(),
      // A generated password has been in a log: the first sign-in must replace it. One given in ADMIN_PASSWORD was
      // chosen by the operator.
      mustChangePassword: !options.password,
      lastOfficeId: officeId,
    })
    .returning({ id: users.id });
  if (officeId && admin) await db.insert(officeMembers).values({ officeId, userId: admin.id, role: 'OWNER' });
  if (options.password) {
    log.info({ email }, 'first super admin created with ADMIN_PASSWORD');
    return { created: true, email };
  }
  return { created: true, email, generatedPassword: password };
}
