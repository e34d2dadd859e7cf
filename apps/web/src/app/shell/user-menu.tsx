import { useNavigate } from 'react-router';
import { MESSAGES, UI_TEXTS } from '@casting/domain';
import type { User } from '../../lib/auth/user';
import { initialsOf } from '../../lib/format/initials';
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
          aria-label={userMenuLabel(user)}
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

/**
 * The menu button shows only the avatar, which shows the person's initials until (or unless) their picture loads: the
 * name starts with those initials so that what is seen is also what speech input and screen readers hear ("label in
 * name"), then says what the button opens.
 */
function userMenuLabel(user: User): string {
  return `${initialsOf(user.fullName)}, User menu for ${user.fullName}`;
}
