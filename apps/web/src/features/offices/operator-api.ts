import { operatorOfficeListSchema, operatorOfficeSchema, supportSessionSchema } from '@casting/domain';
import type { OfficeStatus, SupportSession } from '@casting/domain';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { officeKeys } from './offices-api';

/** Offices per page of the operator's list. */
export const OPERATOR_PAGE_SIZE = 50;

/** The installation's offices, optionally of one status, one keyset page after another. */
export function operatorOfficesQuery(http: HttpClient, status: OfficeStatus | null) {
  return infiniteQueryOptions({
    queryKey: [...officeKeys.operator, { status }] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/operator/offices', operatorOfficeListSchema, {
        query: { status: status ?? undefined, limit: OPERATOR_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Approves, suspends or reactivates an office; every filtered list is read again, as the office moves between them. */
export function useSetOfficeStatus() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ officeId, status }: { officeId: string; status: OfficeStatus }) =>
      http.request(`/operator/offices/${encodeURIComponent(officeId)}`, operatorOfficeSchema, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.operator }),
  });
}

/** The operator's session starts working in an office that grants support access, with its owners' rights. */
export function startSupportSession(http: HttpClient, officeId: string): Promise<SupportSession> {
  return http.request(
    `/operator/offices/${encodeURIComponent(officeId)}/support-session`,
    supportSessionSchema,
    {
      method: 'POST',
    },
  );
}

/** The operator's session leaves the office it supports, back to the operator's own office (or none). */
export function endSupportSession(http: HttpClient, officeId: string): Promise<void> {
  return http.send(`/operator/offices/${encodeURIComponent(officeId)}/support-session`, { method: 'DELETE' });
}
