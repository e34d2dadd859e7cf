import { AUDIT_MESSAGES } from '@casting/domain';
import type { AuditEvent } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/spinner';
import { auditEventsQuery, NO_FILTERS } from './audit-api';
import { AuditFilterBar } from './audit-filters';

const OUTCOME_STYLE: Record<AuditEvent['outcome'], string> = {
  success: 'bg-brand-50 text-ink',
  refused: 'bg-danger/10 text-danger',
  failure: 'bg-canvas text-ink-muted',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function Row({ event }: { event: AuditEvent }) {
  return (
    <tr className="border-t border-line align-top text-sm">
      <td className="py-3 pr-4 whitespace-nowrap">
        <time dateTime={event.at}>{when.format(new Date(event.at))}</time>
      </td>
      <th scope="row" className="py-3 pr-4 font-medium">
        {event.action}
      </th>
      <td className="py-3 pr-4">
        <span className={cn('rounded px-2 py-0.5 text-xs font-medium', OUTCOME_STYLE[event.outcome])}>
          {event.outcome}
        </span>
      </td>
      <td className="py-3 pr-4 break-all">{event.actorEmail ?? '—'}</td>
      <td className="py-3 pr-4 break-all">
        {event.targetType ? `${event.targetType} ${event.targetId ?? ''}` : '—'}
      </td>
      <td className="py-3 break-all">{event.ip ?? '—'}</td>
    </tr>
  );
}

/** /audit (super admin): security events and decisions, newest first, filtered, loaded a page at a time. */
export function AuditPage() {
  const http = useHttpClient();
  const [filters, setFilters] = useState(NO_FILTERS);
  // Typing an e-mail does not send a request per key press before the screen has caught up.
  const deferred = useDeferredValue(filters);
  const events = useInfiniteQuery(auditEventsQuery(http, deferred));
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-semibold text-ink">{AUDIT_MESSAGES.pageTitle}</h1>
      <AuditFilterBar filters={filters} onChange={setFilters} />
      {events.isPending ? <Spinner label="Loading events" /> : null}
      {events.data ? (
        <>
          <div
            role="region"
            aria-label="Audit events table"
            tabIndex={0}
            className="relative overflow-x-auto rounded-lg border border-line bg-surface px-4"
          >
            <table className="w-full min-w-[720px] text-left">
              <caption className="sr-only">Audit events, newest first</caption>
              <thead>
                <tr className="text-sm text-ink-muted">
                  <th scope="col" className="py-3 pr-4 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Action
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Outcome
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Actor
                  </th>
                  <th scope="col" className="py-3 pr-4 font-medium">
                    Target
                  </th>
                  <th scope="col" className="py-3 font-medium">
                    Address
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((event) => (
                  <Row key={event.id} event={event} />
                ))}
              </tbody>
            </table>
            {items.length === 0 ? (
              <p className="py-6 text-center text-sm text-ink-muted">{AUDIT_MESSAGES.noEvents}</p>
            ) : null}
          </div>
          {events.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={events.isFetchingNextPage}
              onClick={() => void events.fetchNextPage()}
            >
              {AUDIT_MESSAGES.loadMore}
            </Button>
          ) : null}
        </>
      ) : null}
      {events.isError ? (
        <p role="alert" className="text-sm text-danger">
          {events.error.message}
        </p>
      ) : null}
    </section>
  );
}
