import { extractErrorMessage } from '@casting/domain';
import type { AdminUser, AdminUserUpdate, UserRoleCode } from '@casting/domain';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Select } from '../../ui/select';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import type { VirtualRowProps } from '../../ui/virtual-rows';
import type { SelectOption } from '../../ui/select';
import { useUpdateUser } from './users-api';
import { EmailText } from '../../ui/email-text';

export interface UserRowProps {
  user: AdminUser;
  /** The signed-in super admin's own row: the API refuses self-demotion and self-deactivation. */
  isSelf: boolean;
  roleOptions: readonly SelectOption[];
  /** From the table body: lets a long table measure the row and tells its place. */
  rowProps?: VirtualRowProps & { 'aria-rowindex'?: number };
}

function toneOf(user: AdminUser): StatusTone {
  if (user.deactivated) return 'danger';
  return user.confirmed ? 'success' : 'warning';
}

function statusOf(user: AdminUser): string {
  if (user.deactivated) return 'Deactivated';
  return user.confirmed ? 'Active' : 'Unconfirmed';
}

/** One user with the super admin's controls (issue 3: role, second factor, activation). */
export function UserRow({ user, isSelf, roleOptions, rowProps }: UserRowProps) {
  const update = useUpdateUser();
  const roleId = useId();
  const otpId = useId();
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
  const otpRequired = asked?.otpRequired ?? user.otpRequired;
  const roleCode = asked?.roleCode ?? user.role.code;

  const roleLabel = (code: string) => roleOptions.find((option) => option.value === code)?.label ?? code;

  return (
    <tr
      {...rowProps}
      className="border-t border-line align-middle max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:py-4"
    >
      <th scope="row" className="py-3 pr-4 text-left font-normal max-md:col-span-2 max-md:py-0">
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
      </th>
      <td className="py-3 pr-4 max-md:col-span-2 max-md:py-0">
        <label htmlFor={roleId} className="sr-only">
          Role of {user.fullName}
        </label>
        <span aria-hidden="true" className="mb-1 block text-xs text-ink-muted md:hidden">
          Role
        </span>
        <Select
          id={roleId}
          value={roleCode}
          options={roleOptions}
          disabled={isSelf || update.isPending || roleOptions.length === 0}
          onValueChange={(code) =>
            change({ roleCode: code as UserRoleCode }, `${user.fullName} is now ${roleLabel(code)}`)
          }
          className="min-w-44"
        />
      </td>
      <td className="py-3 pr-4 text-sm max-md:py-0">
        <span aria-hidden="true" className="block text-xs text-ink-muted md:hidden">
          Status
        </span>
        <StatusBadge tone={toneOf(user)}>{statusOf(user)}</StatusBadge>
      </td>
      <td className="py-3 pr-4 text-sm max-md:py-0">
        <span aria-hidden="true" className="block text-xs text-ink-muted md:hidden">
          Second factor
        </span>
        <div className="flex items-center gap-2">
          <input
            id={otpId}
            type="checkbox"
            className="size-4 accent-brand-700"
            aria-label={`Required second factor for ${user.fullName}`}
            checked={otpRequired}
            disabled={update.isPending}
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
      </td>
      <td className="py-3 text-right max-md:col-span-2 max-md:py-0 max-md:text-left">
        {user.deactivated ? (
          <Button
            variant="secondary"
            aria-label={`Reactivate ${user.fullName}`}
            disabled={update.isPending}
            onClick={() => change({ deactivated: false }, `${user.fullName} was reactivated`)}
          >
            Reactivate
          </Button>
        ) : (
          <Button
            variant="secondary"
            aria-label={`Deactivate ${user.fullName}`}
            disabled={isSelf || update.isPending}
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
          busy={update.isPending}
          onConfirm={() => change({ deactivated: true }, `${user.fullName} was deactivated`)}
        />
      </td>
    </tr>
  );
}
