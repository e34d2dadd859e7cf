import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import {
  selfTapePrivatePageSchema,
  selfTapeRecipientSchema,
  selfTapeReleaseResultSchema,
  selfTapeRequestSchema,
  selfTapeTrackingSchema,
  selfTapeWarningsSchema,
  type SelfTapePreset,
  type SelfTapePrivatePage,
  type SelfTapeRequestCreate,
} from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';

/** The private page is public: no bearer token, and so no refresh on 401. */
const PUBLIC = { noAuth: true } as const;

export const selfTapeKeys = {
  page: (token: string) => ['self-tapes', 'page', token] as const,
  tracking: (requestId: string) => ['self-tapes', 'tracking', requestId] as const,
  project: (projectId: string) => ['self-tapes', 'project', projectId] as const,
};

const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/self-tapes`;

/** The recipient's page by its secret. */
export function selfTapePageQuery(http: HttpClient, token: string) {
  return queryOptions({
    queryKey: selfTapeKeys.page(token),
    queryFn: ({ signal }) =>
      http.request('/self-tape-page', selfTapePrivatePageSchema, { ...PUBLIC, signal, query: { token } }),
    retry: false,
  });
}

type PageAction =
  | { kind: 'takes'; keys: string[] }
  | { kind: 'submit' }
  | { kind: 'decline'; reason: string }
  | { kind: 'extension'; note: string }
  | { kind: 'review'; forward: boolean };

function pageCall(http: HttpClient, token: string, action: PageAction) {
  switch (action.kind) {
    case 'takes':
      return http.request('/self-tape-page/takes', selfTapePrivatePageSchema, {
        ...PUBLIC,
        method: 'PUT',
        body: { token, keys: action.keys },
      });
    case 'submit':
      return http.request('/self-tape-page/submit', selfTapePrivatePageSchema, {
        ...PUBLIC,
        method: 'POST',
        body: { token },
      });
    case 'decline':
      return http.request('/self-tape-page/decline', selfTapePrivatePageSchema, {
        ...PUBLIC,
        method: 'POST',
        body: { token, reason: action.reason },
      });
    case 'extension':
      return http.request('/self-tape-page/extension', selfTapePrivatePageSchema, {
        ...PUBLIC,
        method: 'POST',
        body: { token, note: action.note },
      });
    case 'review':
      return http.request('/self-tape-page/review', selfTapePrivatePageSchema, {
        ...PUBLIC,
        method: 'POST',
        body: { token, forward: action.forward },
      });
  }
}

/** One of the page's answers (takes, submit, decline, more time); the page then shows the state it answers. */
export function useSelfTapePageAction(token: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PageAction) => pageCall(http, token, action),
    onSuccess: (answer: SelfTapePrivatePage) => queryClient.setQueryData(selfTapeKeys.page(token), answer),
  });
}

/** A request's tracking (first page of recipients). */
export function selfTapeTrackingQuery(http: HttpClient, projectId: string, requestId: string) {
  return queryOptions({
    queryKey: selfTapeKeys.tracking(requestId),
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/${encodeURIComponent(requestId)}`, selfTapeTrackingSchema, {
        signal,
        query: { limit: 200 },
      }),
  });
}

/**
 * Refetches the tracking when a recipient opens, submits, declines or asks for time (the live channel's hint), and
 * once on joining the channel: the sending job starts as the page opens, and what it (or anyone) changed before the
 * channel was joined was never heard, so the first read could stay short of the recipients for good.
 */
export function useLiveSelfTapes(projectId: string, requestId: string) {
  const queryClient = useQueryClient();
  const live = useLiveProject(projectId, (update) => {
    if (update.event === 'SELF_TAPES_UPDATED') {
      void queryClient.invalidateQueries({ queryKey: selfTapeKeys.tracking(requestId) });
    }
  });
  useEffect(() => {
    if (live) void queryClient.invalidateQueries({ queryKey: selfTapeKeys.tracking(requestId) });
  }, [live, queryClient, requestId]);
}

/** Grants (with a new deadline) or refuses a recipient's request for more time. */
export function useAnswerExtension(projectId: string, requestId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipientId: string; grant: boolean; deadline?: string }) =>
      http.request(
        `${projectPath(projectId)}/${encodeURIComponent(requestId)}/recipients/${encodeURIComponent(input.recipientId)}/extension`,
        selfTapeRecipientSchema,
        { method: 'POST', body: { grant: input.grant, deadline: input.deadline } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfTapeKeys.tracking(requestId) }),
  });
}

/** What a deadline breaks of a preset, for the request dialog. */
export function fetchDeadlineWarnings(
  http: HttpClient,
  projectId: string,
  input: { preset: SelfTapePreset; deadline: string; pages: number },
) {
  return http.request(`${projectPath(projectId)}/warnings`, selfTapeWarningsSchema, { query: input });
}

/** Sends a request (the API answers 409 with the warnings until they are confirmed). */
export function useCreateSelfTapeRequest(projectId: string) {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (body: SelfTapeRequestCreate) =>
      http.request(projectPath(projectId), selfTapeRequestSchema, { method: 'POST', body }),
  });
}

const requestListSchema = z.object({
  items: z.array(selfTapeRequestSchema),
  nextCursor: z.string().nullable(),
});

/** The project's requests, newest first, a page at a time. */
export function selfTapeRequestsQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: selfTapeKeys.project(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request(projectPath(projectId), requestListSchema, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Closes a request, or sends its release notice to the candidates not kept; the tracking is read again. */
export function useCloseAndRelease(projectId: string, requestId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const path = `${projectPath(projectId)}/${encodeURIComponent(requestId)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: selfTapeKeys.tracking(requestId) });
  return {
    close: useMutation({
      mutationFn: () => http.request(`${path}/close`, selfTapeRequestSchema, { method: 'POST' }),
      onSuccess: refresh,
    }),
    release: useMutation({
      mutationFn: (keepSubmissionIds: string[]) =>
        http.request(`${path}/release`, selfTapeReleaseResultSchema, {
          method: 'POST',
          body: { keepSubmissionIds },
        }),
      onSuccess: refresh,
    }),
  };
}

/** An upload grant for the request dialog's sides. */
export function fetchSidesGrant(http: HttpClient, projectId: string) {
  return http.request(`${projectPath(projectId)}/sides-upload`, z.object({ uploadGrant: z.string() }), {
    method: 'POST',
  });
}
