import { AUDIT_MESSAGES } from '@casting/domain';
import type { AuditEvent } from '@casting/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useHttpClient } from '../../lib/http/http-client-context';
import { Button } from '../../ui/button';
import { cn } from '../../ui/cn';
import { DataTable, DataTableSkeleton } from '../../ui/data-table';
import type { DataTableColumn } from '../../ui/data-table';
import { auditEventsQuery, NO_FILTERS } from './audit-api';
import { AuditFilterBar } from './audit-filters';

const OUTCOME_STYLE: Record<AuditEvent['outcome'], string> = {
  success: 'bg-brand-50 text-ink',
  refused: 'bg-danger/10 text-danger',
  failure: 'bg-canvas text-ink-muted',
};

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The events table's columns; on a phone each event is a card with every column's name beside its value. */
const COLUMNS: readonly DataTableColumn<AuditEvent>[] = [
  {
    id: 'when',
    header: 'When',
    // One line on a wide screen; on a phone's card it shares a line with the outcome, so it may wrap.
    className: 'md:whitespace-nowrap',
    cell: (event) => <time dateTime={event.at}>{when.format(new Date(event.at))}</time>,
  },
  {
    id: 'action',
    header: 'Action',
    rowHeader: true,
    // The action titles the event's card on a phone.
    className: 'break-all text-sm max-md:-order-1',
    cell: (event) => <span className="font-medium">{event.action}</span>,
  },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (event) => (
      <span className={cn('rounded px-2 py-0.5 text-xs font-medium', OUTCOME_STYLE[event.outcome])}>
        {event.outcome}
      </span>
    ),
  },
  {
    id: 'actor',
    header: 'Actor',
    wide: true,
    className: 'break-all',
    cell: (event) => event.actorEmail ?? '—',
  },
  {
    id: 'target',
    header: 'Target',
    wide: true,
    className: 'break-all',
    cell: (event) => (event.targetType ? `${event.targetType} ${event.targetId ?? ''}` : '—'),
  },
  { id: 'ip', header: 'Address', className: 'break-all', cell: (event) => event.ip ?? '—' },
];

/** An event row (one line of text per cell) before it is measured. */
const EVENT_ROW_HEIGHT = 49;

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
      {events.isPending ? (
        <DataTableSkeleton label="Loading events" columns={COLUMNS.map((column) => column.header)} />
      ) : null}
      {events.data ? (
        <>
          <DataTable
            label="Audit events table"
            caption="Audit events, newest first"
            columns={COLUMNS}
            items={items}
            getKey={(event) => event.id}
            estimateSize={EVENT_ROW_HEIGHT}
            busy={events.isFetching}
            empty={AUDIT_MESSAGES.noEvents}
          />
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
