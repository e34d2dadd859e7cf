import {
  presentationListSchema,
  presentationPdfFileSchema,
  presentationSchema,
  presentationSummarySchema,
  sharedPresentationSchema,
  type CreatePresentation,
  type PatchPresentation,
} from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

const base = (projectId: string) => `/v2/projects/${projectId}/presentations`;

export const presentationKeys = {
  all: (projectId: string) => ['presentations', projectId] as const,
  one: (projectId: string, id: string) => ['presentations', projectId, id] as const,
};

/** The project's presentations, newest first, a keyset page at a time. */
export function presentationsQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: [...presentationKeys.all(projectId), 'list'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request(base(projectId), presentationListSchema, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** One presentation; while its PDF is being made, read again every two seconds for the progress. */
export function presentationQuery(http: HttpClient, projectId: string, id: string) {
  return queryOptions({
    queryKey: presentationKeys.one(projectId, id),
    queryFn: ({ signal }) => http.request(`${base(projectId)}/${id}`, presentationSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.pdf.status === 'QUEUED' || query.state.data?.pdf.status === 'RUNNING' ? 2000 : false,
  });
}

/** Every change reads the project's presentations again. */
function usePresentationMutation<T, R>(projectId: string, call: (http: HttpClient, input: T) => Promise<R>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(http, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presentationKeys.all(projectId) }),
  });
}

export const useCreatePresentation = (projectId: string) =>
  usePresentationMutation(projectId, (http, body: CreatePresentation) =>
    http.request(base(projectId), presentationSchema, { method: 'POST', body }),
  );

export const usePatchPresentation = (projectId: string, id: string) =>
  usePresentationMutation(projectId, (http, body: PatchPresentation) =>
    http.request(`${base(projectId)}/${id}`, presentationSchema, { method: 'PATCH', body }),
  );

export const useMoveCandidate = (projectId: string, id: string) =>
  usePresentationMutation(projectId, (http, input: { submissionId: string; position: number }) =>
    http.request(`${base(projectId)}/${id}/items/${input.submissionId}/position`, presentationSchema, {
      method: 'PUT',
      body: { position: input.position },
    }),
  );

export const useChooseMedia = (projectId: string, id: string) =>
  usePresentationMutation(projectId, (http, input: { submissionId: string; mediaIds: string[] | null }) =>
    http.request(`${base(projectId)}/${id}/items/${input.submissionId}/media`, presentationSchema, {
      method: 'PUT',
      body: { mediaIds: input.mediaIds },
    }),
  );

export const useSharePresentation = (projectId: string, id: string) =>
  usePresentationMutation(projectId, (http, _input: void) =>
    http.request(`${base(projectId)}/${id}/share`, sharedPresentationSchema, { method: 'POST', body: {} }),
  );

export const useMakePdf = (projectId: string, id: string) =>
  usePresentationMutation(projectId, (http, _input: void) =>
    http.request(`${base(projectId)}/${id}/pdf`, presentationSummarySchema, { method: 'POST' }),
  );

/** The finished PDF's short-lived address. */
export function pdfAddress(http: HttpClient, projectId: string, id: string) {
  return http.request(`${base(projectId)}/${id}/pdf`, presentationPdfFileSchema);
}
