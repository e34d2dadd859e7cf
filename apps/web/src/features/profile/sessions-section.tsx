import { extractErrorMessage, MESSAGES } from '@casting/domain';
import type { AccountSession } from '@casting/domain';
import { toast } from '../../lib/toast/toast';
import { Button } from '../../ui/button';
import { SkeletonList } from '../../ui/skeleton';
import { useAccountSessions, useRevokeOtherSessions, useRevokeSession } from './account-api';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** Where the person is signed in, with a way to sign out a session they do not recognise, or all others. */
export function SessionsSection() {
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const items = sessions.data?.items ?? [];
  const others = items.filter((item) => !item.current);

  const signOutOne = async (session: AccountSession) => {
    try {
      await revoke.mutateAsync(session.id);
      toast.success(MESSAGES.sessionSignedOut);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    }
  };

  const signOutOthers = async () => {
    try {
      await revokeOthers.mutateAsync();
      toast.success(MESSAGES.otherSessionsSignedOut);
    } catch (error) {
      toast.error(extractErrorMessage(error));
    }
  };

  return (
    <section
      aria-labelledby="sessions-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold text-ink">
        {MESSAGES.sessionsTitle}
      </h2>
      {sessions.isPending ? <SkeletonList plain rows={2} label="Loading sessions" /> : null}
      {sessions.isError ? (
        <p role="alert" className="text-sm text-danger">
          {extractErrorMessage(sessions.error)}
        </p>
      ) : null}
      <ul className="flex flex-col divide-y divide-line" aria-labelledby="sessions-heading">
        {items.map((session) => (
          <li
            key={session.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-ink">
                {session.device}
                {session.current ? ' ' : null}
                {session.current ? (
                  <span className="ml-2 rounded bg-canvas px-2 py-0.5 text-xs text-ink-muted">
                    {MESSAGES.thisDevice}
                  </span>
                ) : null}
              </p>
              <p className="break-all text-ink-muted">
                {session.ipAddress ? `${session.ipAddress} · ` : ''}Signed in {when(session.createdAt)} · Last
                active {when(session.lastActivityAt)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                variant="secondary"
                disabled={revoke.isPending}
                aria-label={`${MESSAGES.signOutSession}: ${session.device}, signed in ${when(session.createdAt)}`}
                onClick={() => void signOutOne(session)}
              >
                {MESSAGES.signOutSession}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <Button variant="secondary" disabled={revokeOthers.isPending} onClick={() => void signOutOthers()}>
            {MESSAGES.signOutOtherSessions}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
