import { USER_ROLE_IDS, AUDIT_MESSAGES } from '@casting/domain';
import { paths } from '../../lib/routing/paths';
import { isPageBuilt } from '../pages';
import type { PageName } from '../routes';

export type SidebarIcon = 'projects' | 'users' | 'enums' | 'import' | 'audit' | 'roster' | 'agencies';

export interface SidebarItem {
  label: string;
  to: string;
  icon: SidebarIcon;
  /** The page the entry opens: an entry whose page does not exist is not shown (no dead links). */
  page: PageName;
  /** User role ids that see the entry; the route guard of its page allows exactly these. */
  shownForRoleIds: readonly number[];
}

const { SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT, CLIENT } = USER_ROLE_IDS;
const STAFF = [SUPER_ADMIN, CASTING_DIRECTOR, CASTING_ASSISTANT];

/**
 * The product's sidebar: Users and Enums are super-admin pages (a client or director who saw them
 * would be sent back by the guard); Import is hidden from assistants, as the spec says, and from client
 * accounts, who may add candidates nowhere and may not read the office roster (decision 0039); its route refuses
 * both.
 */
export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Projects', to: paths.projects, icon: 'projects', page: 'ProjectsPage', shownForRoleIds: STAFF },
  // A client account's projects are its review pages (the back office's are not its own: decision 0048).
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
  // The audit log (ours, not the spec's sidebar): super admins only, like its route.
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
];

export function sidebarItemsFor(roleId: number): SidebarItem[] {
  return SIDEBAR_ITEMS.filter((item) => item.shownForRoleIds.includes(roleId) && isPageBuilt(item.page));
}
