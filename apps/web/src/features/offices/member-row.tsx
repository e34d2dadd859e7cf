import {
  extractErrorMessage,
  OFFICE_ROLE_NAMES,
  OFFICE_ROLES,
  OFFICE_TEXTS,
  UI_TEXTS,
} from '@casting/domain';
import type { OfficeMember, OfficeRole } from '@casting/domain';
import { createContext, use, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast/toast';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { DataTableColumn } from '../../ui/data-table';
import { EmailText } from '../../ui/email-text';
import { Select } from '../../ui/select';
import { useChangeMemberRole, useRemoveMember } from './members-api';

export const OFFICE_ROLE_OPTIONS = OFFICE_ROLES.map((role) => ({
  value: role,
  label: OFFICE_ROLE_NAMES[role],
}));

const joinedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** What a row's cells share: who it is, whether the viewer may change it, and the change on its way. */
interface MemberRowState {
  member: OfficeMember;
  isSelf: boolean;
  /** The viewer runs the office: roles are editable and members removable. */
  manages: boolean;
  pending: boolean;
  role: OfficeRole;
  changeRole(role: OfficeRole): void;
  confirmingRemoval: boolean;
  setConfirmingRemoval(open: boolean): void;
  remove(): void;
}

const RowState = createContext<MemberRowState | null>(null);

function useRow(): MemberRowState {
  const state = use(RowState);
  if (!state) throw new Error('A member cell renders inside MemberRowScope');
  return state;
}

/** One member's row state, shared by the cells of its row. */
export function MemberRowScope({
  member,
  isSelf,
  manages,
  children,
}: {
  member: OfficeMember;
  isSelf: boolean;
  manages: boolean;
  children: ReactNode;
}) {
  const changeRole = useChangeMemberRole();
  const removal = useRemoveMember();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const state: MemberRowState = {
    member,
    isSelf,
    manages,
    pending: changeRole.isPending || removal.isPending,
    // While a change is on its way the select shows what was asked for, not the old role.
    role: changeRole.isPending && changeRole.variables ? changeRole.variables.role : member.role,
    changeRole: (role) =>
      changeRole.mutate(
        { userId: member.userId, role },
        {
          onSuccess: () => toast.success(OFFICE_TEXTS.memberIsNow(member.fullName, OFFICE_ROLE_NAMES[role])),
          // The last owner's demotion, for one, is refused with a reason the owner can act on.
          onError: (error) => toast.error(extractErrorMessage(error)),
        },
      ),
    confirmingRemoval,
    setConfirmingRemoval,
    remove: () =>
      removal.mutate(member.userId, {
        onSuccess: () => {
          setConfirmingRemoval(false);
          toast.success(OFFICE_TEXTS.memberRemoved(member.fullName));
        },
        onError: (error) => toast.error(extractErrorMessage(error)),
      }),
  };
  return <RowState value={state}>{children}</RowState>;
}

function NameCell() {
  const { member, isSelf } = useRow();
  return (
    <div className="flex items-center gap-3">
      <Avatar name={member.fullName} imageUrl={null} />
      <div className="min-w-0">
        <p className="font-medium text-ink">
          {member.fullName}
          {isSelf ? <span className="text-ink-muted"> {OFFICE_TEXTS.you}</span> : null}
        </p>
        <p className="text-sm text-ink-muted">
          <EmailText email={member.email} />
        </p>
      </div>
    </div>
  );
}

function RoleCell() {
  const { member, manages, pending, role, changeRole } = useRow();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {UI_TEXTS.roleOf(member.fullName)}
      </label>
      <Select
        id={id}
        value={role}
        options={OFFICE_ROLE_OPTIONS}
        // Only owners change roles; everyone else sees the role in a control that says it cannot be changed.
        disabled={!manages || pending}
        onValueChange={(next) => {
          if (next !== role) changeRole(next as OfficeRole);
        }}
        className="min-w-44 max-md:w-full"
      />
    </>
  );
}

function JoinedCell() {
  const { member } = useRow();
  return <span className="whitespace-nowrap">{joinedFormat.format(new Date(member.joinedAt))}</span>;
}

function ActionsCell() {
  const { member, isSelf, pending, confirmingRemoval, setConfirmingRemoval, remove } = useRow();
  return (
    <>
      <Button
        variant="secondary"
        aria-label={OFFICE_TEXTS.removeMemberNamed(member.fullName)}
        disabled={isSelf || pending}
        onClick={() => setConfirmingRemoval(true)}
      >
        {OFFICE_TEXTS.removeMember}
      </Button>
      <ConfirmDialog
        open={confirmingRemoval}
        onOpenChange={setConfirmingRemoval}
        title={OFFICE_TEXTS.removeMemberTitle(member.fullName)}
        message={OFFICE_TEXTS.removeMemberMessage}
        confirmLabel={OFFICE_TEXTS.removeMember}
        busy={pending}
        onConfirm={remove}
      />
    </>
  );
}

const NAME: DataTableColumn<OfficeMember> = {
  id: 'name',
  header: OFFICE_TEXTS.memberName,
  rowHeader: true,
  cell: () => <NameCell />,
};
const ROLE: DataTableColumn<OfficeMember> = {
  id: 'role',
  header: OFFICE_TEXTS.memberRole,
  wide: true,
  cell: () => <RoleCell />,
};
const JOINED: DataTableColumn<OfficeMember> = {
  id: 'joined',
  header: OFFICE_TEXTS.memberJoined,
  cell: () => <JoinedCell />,
};
const ACTIONS: DataTableColumn<OfficeMember> = {
  id: 'actions',
  header: OFFICE_TEXTS.memberActions,
  actions: true,
  cell: () => <ActionsCell />,
};

const MANAGER_COLUMNS = [NAME, ROLE, JOINED, ACTIONS];
const MEMBER_COLUMNS = [NAME, ROLE, JOINED];

/** The members table's columns: removal only for those who run the office. */
export function memberColumns(manages: boolean): readonly DataTableColumn<OfficeMember>[] {
  return manages ? MANAGER_COLUMNS : MEMBER_COLUMNS;
}
