import {
  apiTokenListSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  type CreateApiToken,
} from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

export const apiTokenKeys = { all: ['api-tokens'] as const };

/** The office's API tokens, newest first (owners only); the first page holds the 200 most recent. */
export function apiTokensQuery(http: HttpClient) {
  return queryOptions({
    queryKey: apiTokenKeys.all,
    queryFn: ({ signal }) =>
      http.request('/api-tokens', apiTokenListSchema, { query: { limit: 200 }, signal }),
  });
}

/** Makes a token; the answer carries its secret, which the dialog shows once and nothing keeps. */
export function useCreateApiToken() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiToken) =>
      http.request('/api-tokens', createdApiTokenSchema, { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http.request(`/api-tokens/${encodeURIComponent(id)}`, apiTokenSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
