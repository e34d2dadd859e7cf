import { useNavigate } from 'react-router';
import { MESSAGES, UI_TEXTS } from '@casting/domain';
import type { User } from '../../lib/auth/user';
import { paths } from '../../lib/routing/paths';
import { Avatar } from '../../ui/avatar';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu';

export interface UserMenuProps {
  user: User;
  onSignOut(): void;
}

export function UserMenu({ user, onSignOut }: UserMenuProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu
      trigger={
        <button
          type="button"
          aria-label={`User menu for ${user.fullName}`}
          className="flex items-center gap-2 rounded-full p-0.5 hover:bg-canvas"
        >
          <Avatar name={user.fullName} imageUrl={user.imageUrl} />
        </button>
      }
    >
      <div className="px-3 py-2 text-sm">
        <p className="font-medium text-ink">{user.fullName}</p>
        <p className="truncate text-ink-muted">{user.email}</p>
      </div>
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={() => void navigate(paths.profile)}>
        {UI_TEXTS.yourProfile}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onSignOut}>{MESSAGES.signOutSession}</DropdownMenuItem>
    </DropdownMenu>
  );
}
