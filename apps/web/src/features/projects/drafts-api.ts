import { projectDraftListSchema } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

/** Drafts of the project wizard (features/project-wizard): listed on the projects page until finished or discarded. */
export const draftKeys = {
  all: ['project-drafts'] as const,
  one: (id: string) => ['project-drafts', id] as const,
};

export function draftsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: draftKeys.all,
    queryFn: ({ signal }) => http.request('/projects/drafts', projectDraftListSchema, { signal }),
  });
}

/** Every change to a draft touches the drafts list and, when it finishes, the project lists too. */
export function useRefreshDrafts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: draftKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['projects'] }),
    ]);
}

export function useDiscardDraft() {
  const http = useHttpClient();
  const refresh = useRefreshDrafts();
  return useMutation({
    mutationFn: (id: string) => http.send(`/projects/drafts/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
