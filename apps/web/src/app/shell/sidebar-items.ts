import { USER_ROLE_IDS, AUDIT_MESSAGES, OFFICE_STAFF_ROLES, PAGE_TITLES } from '@casting/domain';
import type { OfficeRole } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { isPageBuilt } from '../pages';
import type { PageName } from '../routes';

export type SidebarIcon =
  | 'projects'
  | 'users'
  | 'enums'
  | 'import'
  | 'audit'
  | 'roster'
  | 'agencies'
  | 'office'
  | 'members'
  | 'offices';

export interface SidebarItem {
  label: string;
  to: string;
  icon: SidebarIcon;
  /** The page the entry opens: an entry whose page does not exist is not shown (no dead links). */
  page: PageName;
  /** User role ids that see the entry; the route guard of its page allows exactly these. */
  shownForRoleIds: readonly number[];
  /** When set, only people with one of these roles in the current office see the entry (its page offers the rest). */
  shownForOfficeRoles?: readonly OfficeRole[];
}

const { SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT, CLIENT } = USER_ROLE_IDS;
const STAFF = [SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT];

/**
 * The product's sidebar: Users and Enums are super-admin pages (a client or director who saw them
 * would be sent back by the guard); Import is hidden from assistants (they do not import), and from client
 * accounts, who may add candidates nowhere and may not read the office roster (decision 0039); its route refuses
 * both.
 */
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Projects', to: paths.projects, icon: 'projects', page: 'ProjectsPage', shownForRoleIds: STAFF },
  // A client account's projects are its review pages (the back office's are not its own: decision 0142).
  {
    label: 'Projects',
    to: paths.client.reviewProjects,
    icon: 'projects',
    page: 'ClientReviewProjectsPage',
    shownForRoleIds: [CLIENT],
  },
  { label: 'Users', to: paths.users, icon: 'users', page: 'UsersPage', shownForRoleIds: [SUPER_ADMIN] },
  { label: 'Enums', to: paths.enums, icon: 'enums', page: 'EnumsPage', shownForRoleIds: [SUPER_ADMIN] },
  // Verifying agencies and agents (ours): super admins only, like its route and its API.
  {
    label: 'Agencies',
    to: paths.agencies,
    icon: 'agencies',
    page: 'AgenciesPage',
    shownForRoleIds: [SUPER_ADMIN],
  },
  // The audit log (an entry of its own): super admins only, like its route.
  {
    label: AUDIT_MESSAGES.pageTitle,
    to: paths.audit,
    icon: 'audit',
    page: 'AuditPage',
    shownForRoleIds: [SUPER_ADMIN],
  },
  // The office's talent database: super admins and the office's own admins, not client accounts (decision 0039).
  {
    label: 'Roster',
    to: paths.roster,
    icon: 'roster',
    page: 'RosterPage',
    shownForRoleIds: [SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT],
  },
  {
    label: 'Import',
    to: paths.import,
    icon: 'import',
    page: 'ImportPage',
    shownForRoleIds: [SUPER_ADMIN, CASTING_DIRECTOR],
  },
  // The office's own pages: its members for everyone who works in it, its settings for its owners (ours).
  {
    label: PAGE_TITLES.officeMembers,
    to: paths.office.members,
    icon: 'members',
    page: 'OfficeMembersPage',
    shownForRoleIds: STAFF,
    shownForOfficeRoles: OFFICE_STAFF_ROLES,
  },
  {
    label: PAGE_TITLES.officeSettings,
    to: paths.office.settings,
    icon: 'office',
    page: 'OfficeSettingsPage',
    shownForRoleIds: STAFF,
    shownForOfficeRoles: ['OWNER'],
  },
  // The installation's offices, for its operator (ours): super admins only, like its route and its API.
  {
    label: PAGE_TITLES.offices,
    to: paths.operator.offices,
    icon: 'offices',
    page: 'OperatorOfficesPage',
    shownForRoleIds: [SUPER_ADMIN],
  },
];

/** The entries for an account's role and, for the office's pages, the person's role in the current office. */
export function sidebarItemsFor(roleId: number, officeRole: OfficeRole | null = null): SidebarItem[] {
  return SIDEBAR_ITEMS.filter(
    (item) =>
      item.shownForRoleIds.includes(roleId) &&
      (!item.shownForOfficeRoles || (officeRole !== null && item.shownForOfficeRoles.includes(officeRole))) &&
      isPageBuilt(item.page),
  );
}
