import { extractErrorMessage, UI_TEXTS } from '@casting/domain';
import type { AdminUser, AdminUserUpdate, UserRoleCode } from '@casting/domain';
import { createContext, use, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast/toast';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { DataTableColumn } from '../../ui/data-table';
import { EmailText } from '../../ui/email-text';
import { Select } from '../../ui/select';
import type { SelectOption } from '../../ui/select';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import { useUpdateUser } from './users-api';

function toneOf(user: AdminUser): StatusTone {
  if (user.deactivated) return 'danger';
  return user.confirmed ? 'success' : 'warning';
}

function statusOf(user: AdminUser): string {
  if (user.deactivated) return 'Deactivated';
  return user.confirmed ? 'Active' : 'Unconfirmed';
}

/** What a row's cells share: one change at a time, shown as asked for while it is on its way. */
interface UserRowState {
  user: AdminUser;
  /** The signed-in super admin's own row: the API refuses self-demotion and self-deactivation. */
  isSelf: boolean;
  roleOptions: readonly SelectOption[];
  pending: boolean;
  roleCode: string;
  otpRequired: boolean;
  change(body: AdminUserUpdate, done: string): void;
  confirmingDeactivation: boolean;
  setConfirmingDeactivation(open: boolean): void;
}

const RowState = createContext<UserRowState | null>(null);

function useRow(): UserRowState {
  const state = use(RowState);
  if (!state) throw new Error('A user cell renders inside UserRowScope');
  return state;
}

/** One user's row state (role, second factor, activation), shared by the cells of its row. */
export function UserRowScope({
  user,
  isSelf,
  roleOptions,
  children,
}: {
  user: AdminUser;
  isSelf: boolean;
  roleOptions: readonly SelectOption[];
  children: ReactNode;
}) {
  const update = useUpdateUser();
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const change = (body: AdminUserUpdate, done: string) =>
    update.mutate(
      { id: user.id, change: body },
      {
        onSuccess: () => {
          setConfirmingDeactivation(false);
          toast.success(done);
        },
        onError: (error) => toast.error(extractErrorMessage(error)),
      },
    );
  // While a change is on its way the controls show what was asked for, not the old value.
  const asked = update.isPending ? update.variables?.change : undefined;
  const state: UserRowState = {
    user,
    isSelf,
    roleOptions,
    pending: update.isPending,
    roleCode: asked?.roleCode ?? user.role.code,
    otpRequired: asked?.otpRequired ?? user.otpRequired,
    change,
    confirmingDeactivation,
    setConfirmingDeactivation,
  };
  return <RowState value={state}>{children}</RowState>;
}

function NameCell() {
  const { user, isSelf } = useRow();
  return (
    <div className="flex items-center gap-3">
      <Avatar name={user.fullName} imageUrl={user.imageUrl} />
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {user.fullName}
          {isSelf ? <span className="text-ink-muted"> (you)</span> : null}
        </p>
        <p className="text-sm text-ink-muted">
          <EmailText email={user.email} />
        </p>
      </div>
    </div>
  );
}

function RoleCell() {
  const { user, isSelf, roleOptions, pending, roleCode, change } = useRow();
  const roleId = useId();
  const roleLabel = (code: string) => roleOptions.find((option) => option.value === code)?.label ?? code;
  return (
    <>
      <label htmlFor={roleId} className="sr-only">
        {UI_TEXTS.roleOf(user.fullName)}
      </label>
      <Select
        id={roleId}
        value={roleCode}
        options={roleOptions}
        disabled={isSelf || pending || roleOptions.length === 0}
        onValueChange={(code) =>
          change({ roleCode: code as UserRoleCode }, `${user.fullName} is now ${roleLabel(code)}`)
        }
        className="min-w-44 max-md:w-full"
      />
    </>
  );
}

function StatusCell() {
  const { user } = useRow();
  return <StatusBadge tone={toneOf(user)}>{statusOf(user)}</StatusBadge>;
}

function SecondFactorCell() {
  const { user, pending, otpRequired, change } = useRow();
  const otpId = useId();
  return (
    <>
      <div className="flex items-center gap-2">
        <input
          id={otpId}
          type="checkbox"
          className="size-4 accent-brand-700"
          aria-label={`Required second factor for ${user.fullName}`}
          checked={otpRequired}
          disabled={pending}
          onChange={(event) =>
            change(
              { otpRequired: event.target.checked },
              event.target.checked
                ? `${user.fullName} must now use a second factor`
                : `${user.fullName} no longer needs a second factor`,
            )
          }
        />
        <label htmlFor={otpId}>Required</label>
      </div>
      <p className="text-ink-muted">{user.otpEnabled ? 'Authenticator on' : 'Not set up'}</p>
    </>
  );
}

function ActionsCell() {
  const { user, isSelf, pending, change, confirmingDeactivation, setConfirmingDeactivation } = useRow();
  return (
    <>
      {user.deactivated ? (
        <Button
          variant="secondary"
          aria-label={`Reactivate ${user.fullName}`}
          disabled={pending}
          onClick={() => change({ deactivated: false }, `${user.fullName} was reactivated`)}
        >
          Reactivate
        </Button>
      ) : (
        <Button
          variant="secondary"
          aria-label={`Deactivate ${user.fullName}`}
          disabled={isSelf || pending}
          onClick={() => setConfirmingDeactivation(true)}
        >
          Deactivate
        </Button>
      )}
      <ConfirmDialog
        open={confirmingDeactivation}
        onOpenChange={setConfirmingDeactivation}
        title={`Deactivate ${user.fullName}?`}
        message="They will be signed out everywhere and cannot sign in until an administrator reactivates them."
        confirmLabel="Deactivate"
        busy={pending}
        onConfirm={() => change({ deactivated: true }, `${user.fullName} was deactivated`)}
      />
    </>
  );
}

/** The users table's columns; each cell reads its row's state from UserRowScope. */
export const USER_COLUMNS: readonly DataTableColumn<AdminUser>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: () => <NameCell /> },
  { id: 'role', header: 'Role', wide: true, cell: () => <RoleCell /> },
  { id: 'status', header: 'Status', cell: () => <StatusCell /> },
  { id: 'otp', header: 'Second factor', cell: () => <SecondFactorCell /> },
  { id: 'actions', header: 'Actions', actions: true, cell: () => <ActionsCell /> },
];
