import { AUDIT_PAGE_LIMIT_DEFAULT, auditEventListSchema } from '@casting/domain';
import type { AuditAction, AuditOutcome } from '@casting/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';

/** The filters of the audit page; empty values are not sent. Dates are calendar days in the viewer's time zone. */
export interface AuditFilters {
  action: AuditAction | '';
  outcome: AuditOutcome | '';
  actorEmail: string;
  fromDate: string;
  toDate: string;
}

export const NO_FILTERS: AuditFilters = { action: '', outcome: '', actorEmail: '', fromDate: '', toDate: '' };

/** A day's start as an ISO time; the "to" day is included, so the range ends at the next day's start. */
function dayStart(date: string, addDays = 0): string | undefined {
  if (!date) return undefined;
  const day = new Date(`${date}T00:00:00`);
  if (Number.isNaN(day.getTime())) return undefined;
  day.setDate(day.getDate() + addDays);
  return day.toISOString();
}

/** Newest first, one page at a time: each page asks for the events after the previous page's cursor. */
export function auditEventsQuery(http: HttpClient, filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit-events', filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/admin/audit-events', auditEventListSchema, {
        query: {
          action: filters.action || undefined,
          outcome: filters.outcome || undefined,
          actorEmail: filters.actorEmail.trim() || undefined,
          from: dayStart(filters.fromDate),
          to: dayStart(filters.toDate, 1),
          cursor: pageParam ?? undefined,
          limit: AUDIT_PAGE_LIMIT_DEFAULT,
        },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
