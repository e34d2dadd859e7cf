import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { User } from '../../lib/auth/user';
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

/** The signed-in frame: sidebar, top bar with user menu, project navigation on workspace pages. */
export function AppShell({ user, onSignOut, children }: AppShellProps) {
  const { pathname } = useLocation();
  const [collapsedByUser, setCollapsedByUser] = useState(false);
  const [mobileMenu, setMobileMenu] = useState<{ open: boolean; at: string }>({ open: false, at: pathname });
  const workspace = isWorkspacePath(pathname);
  const projectId = workspaceProjectId(pathname);
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
          onClick={() => setMobileMenu({ open: false, at: pathname })}
        />
      ) : null}
      <Sidebar
        roleId={user.roleId}
        collapsed={workspace || collapsedByUser}
        locked={workspace}
        onToggleCollapsed={() => setCollapsedByUser((value) => !value)}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileMenu({ open: false, at: pathname })}
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar
          user={user}
          showBack={shouldShowBackButton(pathname)}
          menuOpen={mobileOpen}
          onToggleMenu={() => setMobileMenu({ open: !mobileOpen, at: pathname })}
          onSignOut={onSignOut}
        />
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          {workspace && projectId ? <ProjectNav projectId={projectId} /> : null}
          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 overflow-auto p-4 md:p-6">
            {children}
          </main>
        </div>
      </div>
    </div>
  );
}
