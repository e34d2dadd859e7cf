import { INVITE_DIALOG_WIDTH, MESSAGES, UI_TEXTS } from '@casting/domain';
import type { ProjectActor, ProjectScope } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '../../lib/toast/toast';
import { useHttpClient } from '../../lib/http/http-client-context';
import { HttpError } from '../../lib/http/http-error';
import { toastError } from '../../lib/http/toast-error';
import { Dialog } from '../../ui/dialog';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { accessScopesQuery, useInviteMembers } from './team-api';
import { teamRulesFor } from './team-rules';
import { CannotAddTalentDialog, DifferentAgencyDialog } from './warning-dialogs';

export interface TeamDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  projectId: string;
  /** The viewer's standing in the project and their team scope (null for a super admin off the team). */
  actor: ProjectActor | null;
  viewerScope: ProjectScope | null;
}

type Invitation = { email: string; scope: ProjectScope };

/** 'Invite team members' (about 730 px): invite by e-mail and role, and manage the member list. */
export function TeamDialog({ open, onOpenChange, projectId, actor, viewerScope }: TeamDialogProps) {
  const http = useHttpClient();
  const { data: scopeTable } = useQuery({ ...accessScopesQuery(http), enabled: open });
  const rules = teamRulesFor(actor, viewerScope, scopeTable?.items);
  const invite = useInviteMembers(projectId);
  const [talentEmails, setTalentEmails] = useState<string[]>([]);
  const [warning, setWarning] = useState<Invitation[] | null>(null);
  // Settles the form's pending Add once the different-agency question is answered.
  const answerWarning = useRef<(sent: boolean) => void>(() => undefined);

  const send = async (invitations: Invitation[], skipWarning: boolean): Promise<boolean> => {
    try {
      const result = await invite.mutateAsync({ invitations, skipWarning });
      if (result.talentEmails.length > 0) setTalentEmails(result.talentEmails);
      if (result.accesses.length > 0) toast.success(MESSAGES.teamMemberAdded);
      if (result.duplicateEmails.length > 0) {
        toast.info(`Already on the team: ${result.duplicateEmails.join(', ')}`);
      }
      return result.accesses.length > 0 || result.duplicateEmails.length > 0;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY') {
        setWarning(invitations);
        return new Promise<boolean>((resolve) => {
          answerWarning.current = resolve;
        });
      }
      toastError(error);
      return false;
    }
  };

  const proceed = async () => {
    if (!warning) return;
    const sent = await send(warning, true);
    setWarning(null);
    answerWarning.current(sent);
  };

  const cancelWarning = () => {
    setWarning(null);
    answerWarning.current(false);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={UI_TEXTS.inviteTeamMembers}
        description="Invite people by e-mail and choose what they may do in this project."
        width={INVITE_DIALOG_WIDTH}
      >
        <div className="flex flex-col gap-6">
          <InviteForm
            grantable={rules.grantable}
            onInvite={(emails, scope) =>
              send(
                emails.map((email) => ({ email, scope })),
                false,
              )
            }
          />
          <section aria-labelledby="team-members-heading">
            <h3 id="team-members-heading" className="mb-2 text-sm font-semibold text-ink">
              {UI_TEXTS.teamMembers}
            </h3>
            {open ? <MemberList projectId={projectId} rules={rules} /> : null}
          </section>
        </div>
      </Dialog>
      <CannotAddTalentDialog emails={talentEmails} onClose={() => setTalentEmails([])} />
      <DifferentAgencyDialog
        open={warning !== null}
        busy={invite.isPending}
        onProceed={() => void proceed()}
        onCancel={cancelWarning}
      />
    </>
  );
}
