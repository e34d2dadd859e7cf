import { projectListSchema } from '@casting/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';

/** A client account's projects (the ones it was invited to), keyset paged. */
export const CLIENT_PROJECTS_PAGE = 50;

export const clientProjectsQuery = (http: HttpClient, limit = CLIENT_PROJECTS_PAGE) =>
  infiniteQueryOptions({
    queryKey: ['client-review-projects', limit],
    queryFn: ({ signal, pageParam }) =>
      http.request('/projects', projectListSchema, {
        signal,
        query: { limit, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
