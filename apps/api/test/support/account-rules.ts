import type { AccessRule } from '../../src/platform/http/access';

/**
 * The access rules of routes outside a project, by name, as a route table writes them:
 * - `public`: no sign-in (the request's own secret, if any, is the credential);
 * - `staff`: any staff account (super admins and admins), whatever its office;
 * - `memberOrGuest`: any member of the request's office, or a guest on one of its project teams;
 * - `officeStaff`: the office's members but clients;
 * - `owner`: the office's owner;
 * - `operator`: the installation's super admin, working outside any office.
 */
export type AccountRuleName = 'public' | 'staff' | 'memberOrGuest' | 'officeStaff' | 'owner' | 'operator';

/** The name of the rule a route declares, or `other` for any rule a table of these names cannot state. */
export function accountRuleName(rule: AccessRule | undefined): AccountRuleName | 'other' {
  if (rule?.kind === 'public') return 'public';
  if (rule?.kind !== 'account') return 'other';
  if (rule.roles.length === 1 && rule.roles[0] === 'SUPER_ADMIN')
    return rule.installation ? 'operator' : 'other';
  if (rule.roles.includes('TALENT')) return 'other';
  if (!rule.officeRoles) return 'staff';
  if (rule.guests) return rule.officeRoles.length === 4 ? 'memberOrGuest' : 'other';
  if (rule.officeRoles.length === 1 && rule.officeRoles[0] === 'OWNER') return 'owner';
  return rule.officeRoles.includes('CLIENT') ? 'other' : 'officeStaff';
}

