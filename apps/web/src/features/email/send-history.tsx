import { extractErrorMessage, MESSAGES, recipientStatusLabel, UI_TEXTS } from '@casting/domain';
import type { RecipientStatus } from '@casting/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { SkeletonList } from '../../ui/skeleton';
import { StatusBadge } from '../../ui/status-badge';
import type { StatusTone } from '../../ui/status-badge';
import { sendQuery, sendsQuery } from './email-api';
import type { EmailSendSummary } from './email-api';

const TONE: Record<RecipientStatus, StatusTone> = {
  QUEUED: 'info',
  SENDING: 'info',
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'warning',
};

/** Dates show in UTC as YYYY-MM-DD, with the time for sends of one day. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function countsLine(send: EmailSendSummary): string {
  return (['SENT', 'QUEUED', 'SENDING', 'FAILED', 'SKIPPED'] as const)
    .filter((status) => send.counts[status] > 0)
    .map((status) => `${send.counts[status]} ${recipientStatusLabel[status].toLowerCase()}`)
    .join(' · ');
}

/** The e-mails sent from the project, newest first; each opens to its recipients' statuses. */
export function SendHistory({ projectId, openSendId }: { projectId: string; openSendId?: string | null }) {
  const http = useHttpClient();
  const sends = useInfiniteQuery(sendsQuery(http, projectId));
  const [open, setOpen] = useState<string | null>(openSendId ?? null);
  const items = sends.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3">
      <h2 id="history-heading" className="text-lg font-semibold text-ink">
        Sent e-mails
      </h2>
      {sends.isPending ? (
        <SkeletonList label="Loading sent e-mails" rows={2} />
      ) : sends.isError ? (
        <p role="alert" className="text-sm text-danger">
          {MESSAGES.errorLoadingData(extractErrorMessage(sends.error))}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-ink-muted">Nothing has been sent from this project yet.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Sent e-mails">
          {items.map((send) => (
            <li key={send.id} className="rounded-lg border border-line bg-surface">
              <button
                type="button"
                aria-expanded={open === send.id}
                onClick={() => setOpen(open === send.id ? null : send.id)}
                className="flex w-full flex-col gap-1 p-3 text-left sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink">{send.subject}</span>
                  <span className="block text-sm text-ink-muted">
                    {send.kind === 'INVITATION'
                      ? 'Invitation'
                      : (send.templateName ?? UI_TEXTS.oneOffMessage)}{' '}
                    · by {send.sentBy} · {when(send.createdAt)}
                  </span>
                </span>
                <span className="text-sm text-ink-muted">{countsLine(send)}</span>
              </button>
              {open === send.id ? <Recipients projectId={projectId} sendId={send.id} /> : null}
            </li>
          ))}
        </ul>
      )}
      {sends.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={sends.isFetchingNextPage}
          onClick={() => void sends.fetchNextPage()}
        >
          {sends.isFetchingNextPage ? 'Loading…' : UI_TEXTS.showMore}
        </Button>
      ) : null}
    </section>
  );
}

/** Each person of one send with their status; refreshed each second while any is still on its way. */
export function Recipients({ projectId, sendId }: { projectId: string; sendId: string }) {
  const http = useHttpClient();
  const send = useQuery(sendQuery(http, projectId, sendId));
  if (send.isPending) return <SkeletonList label="Loading recipients" rows={2} />;
  if (send.isError) {
    return (
      <p role="alert" className="p-3 text-sm text-danger">
        {MESSAGES.errorLoadingData(extractErrorMessage(send.error))}
      </p>
    );
  }
  return (
    <ul
      className="flex flex-col divide-y divide-line border-t border-line"
      aria-label={`Recipients of ${send.data.subject}`}
    >
      {send.data.recipients.map((recipient) => (
        <li
          key={recipient.id}
          className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <span className="min-w-0">
            <span className="font-medium text-ink">{recipient.name}</span>
            {recipient.email ? <span className="break-all text-ink-muted"> · {recipient.email}</span> : null}
            {recipient.reason && recipient.status !== 'SENT' ? (
              <span className="block text-ink-muted">{recipient.reason}</span>
            ) : null}
          </span>
          <StatusBadge tone={TONE[recipient.status]}>{recipientStatusLabel[recipient.status]}</StatusBadge>
        </li>
      ))}
    </ul>
  );
}
