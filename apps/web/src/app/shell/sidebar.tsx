import { SIDEBAR_WIDTH_COLLAPSED, SIDEBAR_WIDTH_OPEN } from '@casting/domain';
import type { OfficeRole } from '@casting/domain';
import { NavLink } from 'react-router';
import { cn } from '../../ui/cn';
import { Logo } from '../../ui/logo';
import { Icon } from './icons';
import { sidebarItemsFor } from './sidebar-items';

export const SIDEBAR_ID = 'app-sidebar';

export interface SidebarProps {
  roleId: number;
  /** The person's role in the current office (null while unknown, or for none): it decides the office's entries. */
  officeRole?: OfficeRole | null;
  collapsed: boolean;
  /** On workspace pages the sidebar stays collapsed: the toggle is disabled. */
  locked: boolean;
  onToggleCollapsed(): void;
  /** Below md the sidebar is an overlay opened from the top bar. */
  mobileOpen: boolean;
  onCloseMobile(): void;
}

export function Sidebar({
  roleId,
  officeRole = null,
  collapsed,
  locked,
  onToggleCollapsed,
  mobileOpen,
  onCloseMobile,
}: SidebarProps) {
  // The mobile overlay always shows labels; collapsing is a desktop affordance.
  const narrow = collapsed && !mobileOpen;
  return (
    <nav
      id={SIDEBAR_ID}
      aria-label="Main navigation"
      style={{ width: narrow ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_OPEN }}
      className={cn(
        'shrink-0 flex-col border-r border-line bg-surface transition-[width] duration-200',
        mobileOpen ? 'fixed inset-y-0 left-0 z-40 flex shadow-xl md:static md:shadow-none' : 'hidden md:flex',
      )}
    >
      <div className="flex h-14 items-center justify-between gap-2 px-4">
        <Logo compact={narrow} className={cn(narrow && 'mx-auto')} />
        {mobileOpen ? (
          <button
            type="button"
            onClick={onCloseMobile}
            aria-label="Close menu"
            className="rounded-md p-2 text-ink hover:bg-canvas md:hidden"
          >
            <Icon name="close" />
          </button>
        ) : null}
      </div>
      <ul className="flex flex-1 flex-col gap-1 px-2">
        {sidebarItemsFor(roleId, officeRole).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onCloseMobile}
              title={narrow ? item.label : undefined}
              className={({ isActive }) =>
                cn(
                  'flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium',
                  narrow && 'justify-center px-0',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-canvas',
                )
              }
            >
              <Icon name={item.icon} />
              <span className={cn(narrow && 'sr-only')}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="hidden border-t border-line p-2 md:block">
        <button
          type="button"
          onClick={onToggleCollapsed}
          disabled={locked}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={locked ? 'The sidebar stays collapsed on project pages' : undefined}
          className={cn(
            'flex min-h-10 w-full items-center rounded-md px-3 text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:text-ink-muted disabled:hover:bg-transparent',
            narrow ? 'justify-center px-0' : 'justify-end',
          )}
        >
          <Icon name={collapsed ? 'expand' : 'collapse'} />
        </button>
      </div>
    </nav>
  );
}
