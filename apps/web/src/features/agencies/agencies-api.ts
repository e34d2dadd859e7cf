import { adminAgencyListSchema } from '@casting/domain';
import type { AdminAgencyList } from '@casting/domain';
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

export type { Agency } from '@casting/domain';

const listKey = ['admin-agencies'] as const;

/** Agencies by name, with their agents, one keyset page after another; `text` is sent once it can be searched. */
export function adminAgenciesQuery(http: HttpClient, text: string) {
  return infiniteQueryOptions({
    queryKey: [...listKey, text] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/admin/agencies', adminAgencyListSchema, {
        query: { text: text || undefined, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export interface VerifyChange {
  kind: 'agency' | 'agent';
  id: string;
  isVerified: boolean;
}

/**
 * Verifies or un-verifies an agency or an agent. The row changes in place at once (pages already loaded keep their
 * order, since verification does not move a row), then the list reloads.
 */
export function useVerify() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, isVerified }: VerifyChange) =>
      http.send(`/users/${kind === 'agency' ? 'agencies' : 'agents'}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { isVerified },
      }),
    onSuccess: (_answer, change) => {
      queryClient.setQueriesData<InfiniteData<AdminAgencyList>>({ queryKey: listKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((agency) =>
                  change.kind === 'agency'
                    ? agency.id === change.id
                      ? { ...agency, isVerified: change.isVerified }
                      : agency
                    : {
                        ...agency,
                        agents: agency.agents.map((agent) =>
                          agent.id === change.id ? { ...agent, isVerified: change.isVerified } : agent,
                        ),
                      },
                ),
              })),
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
