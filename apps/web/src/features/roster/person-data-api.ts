import {
  personErasureSchema,
  personExportListSchema,
  personExportSchema,
  personExportWithPersonSchema,
  type PersonExportList,
} from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { rosterKeys } from './roster-api';

const personPath = (personId: string) => `/roster/people/${encodeURIComponent(personId)}`;

const exportsKey = (personId: string) => [...rosterKeys.person(personId), 'exports'] as const;

const inProgress = (list: PersonExportList | undefined) =>
  (list?.items ?? []).some((item) => item.status === 'QUEUED' || item.status === 'RUNNING');

/** A person's data exports; read again every two seconds while one is being prepared (its progress moves). */
export function personExportsQuery(http: HttpClient, personId: string) {
  return queryOptions({
    queryKey: exportsKey(personId),
    queryFn: ({ signal }) =>
      http.request(`${personPath(personId)}/exports`, personExportListSchema, { signal }),
    refetchInterval: (query) => (inProgress(query.state.data) ? 2000 : false),
  });
}

/** One export with its person: where the export-ready e-mail's link (`/roster?export=`) leads. */
export function personExportQuery(http: HttpClient, exportId: string) {
  return queryOptions({
    queryKey: ['roster', 'export', exportId] as const,
    queryFn: ({ signal }) =>
      http.request(`/roster/exports/${encodeURIComponent(exportId)}`, personExportWithPersonSchema, {
        signal,
      }),
    retry: false,
  });
}

/** Asks for an export of the person's data; the list shows it at once and follows its progress. */
export function useRequestExport(personId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.request(`${personPath(personId)}/export`, personExportSchema, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: exportsKey(personId) }),
  });
}

/**
 * Erases the person (the body retypes their name or e-mail). `onErased` runs first (it closes what shows them), then
 * their profile is forgotten rather than refetched (it is gone) and every roster list is read again without them.
 * It is the mutation's own callback, not `mutate`'s, so it runs even though the dialog that asked has unmounted.
 */
export function useErasePerson(personId: string, onErased: () => void) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) =>
      http.request(`${personPath(personId)}/erase`, personErasureSchema, {
        method: 'POST',
        body: { confirm },
      }),
    onSuccess: () => {
      onErased();
      queryClient.removeQueries({ queryKey: rosterKeys.person(personId) });
      void queryClient.invalidateQueries({ queryKey: rosterKeys.all });
    },
  });
}
