import { extractErrorMessage, MESSAGES, OFFICE_ROLE_NAMES, OFFICE_TEXTS } from '@casting/domain';
import { useQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { EmailText } from '../../ui/email-text';
import { SkeletonList } from '../../ui/skeleton';
import { invitationsQuery, useRevokeInvitation } from './members-api';

const expiresFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The invitations nobody has answered yet, each with its revocation (owners only). */
export function InvitationsSection() {
  const http = useHttpClient();
  const invitations = useQuery(invitationsQuery(http));
  const revoke = useRevokeInvitation();

  return (
    <section aria-labelledby="pending-invitations" className="flex flex-col gap-3">
      <h2 id="pending-invitations" className="text-lg font-semibold text-ink">
        {OFFICE_TEXTS.pendingInvitations}
      </h2>
      {invitations.isPending ? (
        <SkeletonList label={OFFICE_TEXTS.pendingInvitations} rows={2} />
      ) : invitations.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(invitations.error))}
        </p>
      ) : invitations.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{OFFICE_TEXTS.noPendingInvitations}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  <EmailText email={invitation.email} />
                </p>
                <p className="text-sm text-ink-muted">
                  {OFFICE_TEXTS.invitationAs(
                    OFFICE_ROLE_NAMES[invitation.role],
                    expiresFormat.format(new Date(invitation.expiresAt)),
                  )}
                </p>
              </div>
              <Button
                variant="secondary"
                aria-label={OFFICE_TEXTS.revokeInvitationTo(invitation.email)}
                disabled={revoke.isPending && revoke.variables === invitation.id}
                onClick={() =>
                  revoke.mutate(invitation.id, {
                    onSuccess: () => toast.success(OFFICE_TEXTS.invitationRevoked(invitation.email)),
                    onError: (error) => toast.error(extractErrorMessage(error)),
                  })
                }
              >
                {OFFICE_TEXTS.revokeInvitation}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
