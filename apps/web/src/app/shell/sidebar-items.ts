import { USER_ROLE_IDS } from '@casting/domain';
import { paths } from '../../lib/routing/paths';

export type SidebarIcon = 'projects' | 'users' | 'enums' | 'import' | 'audit';

export interface SidebarItem {
  label: string;
  to: string;
  icon: SidebarIcon;
  /** User role ids that do not see the entry. */
  hiddenForRoleIds: readonly number[];
}

const { CASTING_DIRECTOR, CASTING_ASSISTANT, CLIENT, TALENT } = USER_ROLE_IDS;

export const SIDEBAR_ITEMS: readonly SidebarItem[] = [
  { label: 'Projects', to: paths.projects, icon: 'projects', hiddenForRoleIds: [] },
  { label: 'Users', to: paths.users, icon: 'users', hiddenForRoleIds: [CASTING_DIRECTOR, CASTING_ASSISTANT] },
  { label: 'Enums', to: paths.enums, icon: 'enums', hiddenForRoleIds: [CASTING_DIRECTOR, CASTING_ASSISTANT] },
  // The audit log (ours, not the spec's sidebar): super admins only, like its route.
  {
    label: 'Audit log',
    to: paths.audit,
    icon: 'audit',
    hiddenForRoleIds: [CASTING_DIRECTOR, CASTING_ASSISTANT, CLIENT, TALENT],
  },
  { label: 'Import', to: paths.import, icon: 'import', hiddenForRoleIds: [CASTING_ASSISTANT] },
];

export function sidebarItemsFor(roleId: number): SidebarItem[] {
  return SIDEBAR_ITEMS.filter((item) => !item.hiddenForRoleIds.includes(roleId));
}
