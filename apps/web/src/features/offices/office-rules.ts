import { OFFICE_STAFF_ROLES } from '@casting/domain';
import type { OfficeRole } from '@casting/domain';

/*
 * What the screens offer by the caller's role in the current office. The API decides every call itself; these only
 * keep people away from controls that would be refused.
 */

/** Owners run the office: its settings, its members' roles, removals and invitations, its support access. */
export function runsOffice(role: OfficeRole | null | undefined): boolean {
  return role === 'OWNER';
}

/** Every member but clients sees who else works in the office. */
export function seesMembers(role: OfficeRole | null | undefined): boolean {
  return role ? OFFICE_STAFF_ROLES.includes(role) : false;
}
