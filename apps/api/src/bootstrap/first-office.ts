import { asc } from 'drizzle-orm';
import type { OfficeRole, UserRoleCode } from '@casting/domain';
import type { Db } from '../platform/db/client';
import { offices } from '../platform/db/schema';
import { runAsOwner } from '../platform/db/scope';

/**
 * The installation's first office: the offices migration makes it (holding every row an installation had before
 * offices existed), and a first start gives it the first super admin as its owner and, when asked, the demo data.
 */
export async function firstOfficeId(db: Db): Promise<string> {
  const [row] = await runAsOwner(() =>
    db.select({ id: offices.id }).from(offices).orderBy(asc(offices.createdAt), asc(offices.id)).limit(1),
  );
  if (!row) throw new Error('The database has no office: the offices migration makes the first one');
  return row.id;
}

/** The office role an account of the first office's team takes: the super admin owns it. */
export function officeRoleOfAccount(roleCode: UserRoleCode): OfficeRole | null {
  switch (roleCode) {
    case 'SUPER_ADMIN':
      return 'OWNER';
    case 'CASTING_DIRECTOR':
    case 'CASTING_ASSISTANT':
    case 'CLIENT':
      return roleCode;
    case 'TALENT':
      return null;
  }
}
