import {
  LOOKUP_LIMIT,
  LOOKUP_OFFSET,
  PROJECT_LOOKUPS,
  lookupListSchema,
  lookupPageSchema,
  optionSchema,
} from '@casting/domain';
import type { LookupName, LookupPage, LookupValueInput, Option } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

/**
 * Lookup values change only through the /enums screen, which refreshes them itself; half an hour
 * spares every form a reload while keeping another administrator's additions reasonably fresh (ours:
 * the product names no lookup cache time).
 */
export const LOOKUP_STALE_MS = 30 * 60 * 1000;

export const lookupKeys = {
  all: ['lookups'] as const,
  values: (lookup: LookupName) => ['lookups', 'values', lookup] as const,
  summaries: () => ['lookups', 'summaries'] as const,
  page: (lookup: LookupName, offset: number) => ['lookups', 'page', lookup, offset] as const,
};

/** Where each lookup is read: project lookups under /projects/lookups, ethnicities under /users/lookups. */
export function lookupPath(lookup: LookupName): string {
  if ((PROJECT_LOOKUPS as readonly string[]).includes(lookup)) return `/projects/lookups/${lookup}`;
  if (lookup === 'ethnicities') return '/users/lookups/ethnicities';
  return `/lookup-management/${lookup}`;
}

/** The first page (limit 100, offset 0) of a lookup, as selector options. */
export function lookupValuesQuery(http: HttpClient, lookup: LookupName) {
  return queryOptions({
    queryKey: lookupKeys.values(lookup),
    queryFn: ({ signal }) =>
      http.request(lookupPath(lookup), lookupPageSchema, {
        query: { limit: LOOKUP_LIMIT, offset: LOOKUP_OFFSET },
        signal,
      }),
    select: (page: LookupPage): Option[] => page.items,
    staleTime: LOOKUP_STALE_MS,
  });
}

export function lookupSummariesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: lookupKeys.summaries(),
    queryFn: ({ signal }) => http.request('/lookup-management/enums', lookupListSchema, { signal }),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** One page of any lookup for the /enums screen. */
export function lookupPageQuery(http: HttpClient, lookup: LookupName, offset: number) {
  return queryOptions({
    queryKey: lookupKeys.page(lookup, offset),
    queryFn: ({ signal }) =>
      http.request(`/lookup-management/enums/${lookup}`, lookupPageSchema, {
        query: { limit: LOOKUP_LIMIT, offset },
        signal,
      }),
    staleTime: LOOKUP_STALE_MS,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** Adds a value to a lookup (super admin); every cached page of every lookup is refreshed. */
export function useAddLookupValue(lookup: LookupName) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LookupValueInput) =>
      http.request(`/lookup-management/enums/${lookup}`, optionSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

export function useRenameLookupValue(lookup: LookupName) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ valueId, name }: { valueId: string; name: string }) =>
      http.request(`/lookup-management/enums/${lookup}/${encodeURIComponent(valueId)}`, optionSchema, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}
