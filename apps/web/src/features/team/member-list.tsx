import { extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectScope, TeamMember } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toastError } from '../../lib/http/toast-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SkeletonList } from '../../ui/skeleton';
import { MemberRow } from './member-row';
import { teamMembersQuery, useChangeMemberScope, useRemoveMember, useResendInvite } from './team-api';
import type { TeamRules } from './team-rules';

/** The project's team. Rendered only inside the open dialog, so the list loads only while it is open. */
export function MemberList({ projectId, rules }: { projectId: string; rules: TeamRules }) {
  const http = useHttpClient();
  const { data, error, isPending, isError } = useQuery(teamMembersQuery(http, projectId));
  const changeScope = useChangeMemberScope(projectId);
  const remove = useRemoveMember(projectId);
  const resend = useResendInvite(projectId);
  const onResend = (member: TeamMember) =>
    resend.mutate(member.id, { onSuccess: () => toast.success(MESSAGES.inviteResent), onError: toastError });
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const onChangeScope = (member: TeamMember, scope: ProjectScope) => {
    const toastId = toast.loading(MESSAGES.updatingMemberRole);
    changeScope.mutate(
      { accessId: member.id, scope },
      {
        onSuccess: () => toast.success(MESSAGES.memberRoleUpdated, { id: toastId }),
        onError: (error) =>
          toast.error(MESSAGES.memberRoleUpdateFailed, {
            id: toastId,
            description: extractErrorMessage(error),
          }),
      },
    );
  };

  const confirmRemoval = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(MESSAGES.teamMemberRemoved);
        setRemoving(null);
      },
      onError: (error) => {
        toastError(error);
        setRemoving(null);
      },
    });
  };

  if (isPending) return <SkeletonList plain rows={3} label="Loading team members" />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        The team could not be loaded: {extractErrorMessage(error)}
      </p>
    );
  }
  return (
    <>
      <ul aria-label={UI_TEXTS.teamMembers} className="divide-y divide-line">
        {data.items.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            rules={rules}
            onChangeScope={onChangeScope}
            onRemove={setRemoving}
            onResend={onResend}
            resending={resend.isPending && resend.variables === member.id}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Confirm Team member deletion"
        message={MESSAGES.confirmTeamMemberDeletion}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      />
    </>
  );
}
