import { extractErrorMessage, MESSAGES, UI_TEXTS } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import { invitationsQuery } from './invitations-api';

const STATUS = {
  INVITED: { label: 'Invited', tone: 'info' },
  FAILED: { label: 'Not delivered', tone: 'danger' },
  APPLIED: { label: 'Applied', tone: 'success' },
} as const;

/** The project's invitations so far, more pages on demand, each with its delivery or application status. */
export function InvitationList({ projectId }: { projectId: string }) {
  const http = useHttpClient();
  const invitations = useInfiniteQuery(invitationsQuery(http, projectId));
  const items = invitations.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="invited-heading" className="flex flex-col gap-3">
      <h2 id="invited-heading" className="text-lg font-semibold text-ink">
        Invited
      </h2>
      {invitations.isPending ? (
        <SkeletonList label="Loading invitations" rows={2} />
      ) : invitations.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(invitations.error))}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">No one has been invited yet.</p>
      ) : (
        <ul
          aria-label="Invited people"
          className="flex flex-col divide-y divide-line rounded-lg border border-line bg-surface"
        >
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="font-medium text-ink">{item.name || item.email}</span>
                <span className="break-all text-ink-muted"> · {item.email}</span>
                <span className="block text-ink-muted">
                  {item.opportunityName} · invited by {item.invitedBy} on {item.createdAt.slice(0, 10)}
                  {item.status === 'FAILED' && item.reason ? ` · ${item.reason}` : ''}
                </span>
              </span>
              <StatusBadge tone={STATUS[item.status].tone}>
                {item.status === 'INVITED' && item.mailStatus !== 'SENT'
                  ? 'Sending'
                  : STATUS[item.status].label}
              </StatusBadge>
            </li>
          ))}
        </ul>
      )}
      {invitations.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={invitations.isFetchingNextPage}
          onClick={() => void invitations.fetchNextPage()}
        >
          {invitations.isFetchingNextPage ? 'Loading…' : UI_TEXTS.showMore}
        </Button>
      ) : null}
    </section>
  );
}
