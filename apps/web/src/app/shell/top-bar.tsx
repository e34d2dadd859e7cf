import type { OfficeRole } from '@casting/domain';
import { OfficeSwitcher } from '../../features/offices';
import type { User } from '../../lib/auth/user';
import { Logo } from '../../ui/logo';
import { BackButton } from './back-button';
import { CommandPalette } from './command-palette';
import { Icon } from './icons';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  user: User;
  /** The person's role in the current office, for the command palette's pages. */
  officeRole: OfficeRole | null;
  showBack: boolean;
  menuOpen: boolean;
  onToggleMenu(): void;
  onSignOut(): void;
}

export function TopBar({ user, officeRole, showBack, menuOpen, onToggleMenu, onSignOut }: TopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-line bg-surface px-3 md:px-6">
      <button
        type="button"
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        aria-label="Menu"
        className="rounded-md p-2 text-ink hover:bg-canvas md:hidden"
      >
        <Icon name="menu" />
      </button>
      {/* On a phone the office's mark and name stand where the product's logo would: there is room for one. */}
      <span className="hidden sm:block md:hidden">
        <Logo />
      </span>
      {showBack ? <BackButton /> : null}
      <div className="min-w-0">
        <OfficeSwitcher />
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-3">
        <CommandPalette user={user} officeRole={officeRole} />
        <UserMenu user={user} onSignOut={onSignOut} />
      </div>
    </header>
  );
}
