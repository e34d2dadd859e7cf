import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { OfficeBoundary, OfficeGate, useOfficeRole } from '../../features/offices';
import type { User } from '../../lib/auth/user';
import { findRoute } from '../routes';
import type { AccessGroup } from '../routes';
import { shouldShowBackButton } from './back-navigation';
import { ProjectNav } from './project-nav';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { isWorkspacePath, workspaceProjectId } from './workspace-path';

export interface AppShellProps {
  user: User;
  onSignOut(): void;
  children: ReactNode;
}

/**
 * Pages whose every call works in the current office: while the session has none it may work in, they give way to
 * the office gate's notice. A profile, the operator's pages and an invitation work without one.
 */
const OFFICE_WORK: readonly AccessGroup[] = ['staff', 'office', 'importers'];

/**
 * The signed-in frame: sidebar, top bar with the office and user menus, project navigation on workspace pages.
 * Everything in it shows the current office, so it all starts over when the session moves to another (the office
 * boundary); only the frame's own layout choices (sidebar collapsed, phone menu open) carry over.
 */
export function AppShell({ user, onSignOut, children }: AppShellProps) {
  const { pathname } = useLocation();
  const [collapsedByUser, setCollapsedByUser] = useState(false);
  const [mobileMenu, setMobileMenu] = useState<{ open: boolean; at: string }>({ open: false, at: pathname });
  // The overlay belongs to the page it was opened on: navigating anywhere closes it.
  const mobileOpen = mobileMenu.open && mobileMenu.at === pathname;

  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileMenu({ open: false, at: pathname });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobileOpen, pathname]);

  return (
    <OfficeBoundary>
      <ShellFrame
        user={user}
        pathname={pathname}
        onSignOut={onSignOut}
        collapsedByUser={collapsedByUser}
        onToggleCollapsed={() => setCollapsedByUser((value) => !value)}
        mobileOpen={mobileOpen}
        onMobileOpenChange={(open) => setMobileMenu({ open, at: pathname })}
      >
        {children}
      </ShellFrame>
    </OfficeBoundary>
  );
}

interface ShellFrameProps extends AppShellProps {
  pathname: string;
  collapsedByUser: boolean;
  onToggleCollapsed(): void;
  mobileOpen: boolean;
  onMobileOpenChange(open: boolean): void;
}

function ShellFrame({
  user,
  pathname,
  onSignOut,
  collapsedByUser,
  onToggleCollapsed,
  mobileOpen,
  onMobileOpenChange,
  children,
}: ShellFrameProps) {
  const officeRole = useOfficeRole();
  const workspace = isWorkspacePath(pathname);
  const projectId = workspaceProjectId(pathname);
  const access = findRoute(pathname)?.route.access;
  const worksInOffice = access !== undefined && OFFICE_WORK.includes(access);

  return (
    <div className="flex h-full min-h-0">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {mobileOpen ? (
        <div
          aria-hidden="true"
          className="fixed inset-0 z-30 bg-scrim md:hidden"
          onClick={() => onMobileOpenChange(false)}
        />
      ) : null}
      <Sidebar
        roleId={user.roleId}
        officeRole={officeRole}
        collapsed={workspace || collapsedByUser}
        locked={workspace}
        onToggleCollapsed={onToggleCollapsed}
        mobileOpen={mobileOpen}
        onCloseMobile={() => onMobileOpenChange(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          officeRole={officeRole}
          showBack={shouldShowBackButton(pathname)}
          menuOpen={mobileOpen}
          onToggleMenu={() => onMobileOpenChange(!mobileOpen)}
          onSignOut={onSignOut}
        />
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          {workspace && projectId ? <ProjectNav projectId={projectId} /> : null}
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 overflow-auto p-4 md:p-6">
            <OfficeGate required={worksInOffice}>{children}</OfficeGate>
          </main>
        </div>
      </div>
    </div>
  );
}
