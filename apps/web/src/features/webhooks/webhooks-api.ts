import {
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
} from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

const BASE = '/offices/current/webhooks';

export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
};

/** The office's endpoints (owners only). */
export function webhookEndpointsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: webhookKeys.endpoints,
    queryFn: ({ signal }) => http.request(BASE, webhookEndpointListSchema, { signal }),
  });
}

/** One endpoint's deliveries, newest first, a keyset page at a time. */
export function webhookDeliveriesQuery(http: HttpClient, endpointId: string) {
  return infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request(`${BASE}/${endpointId}/deliveries`, webhookDeliveryPageSchema, {
        query: { cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Every change is followed by reading the endpoints (and their deliveries) again. */
function useWebhookMutation<T, R>(call: (http: HttpClient, input: T) => Promise<R>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(http, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateEndpoint = () =>
  useWebhookMutation((http, body: CreateWebhookEndpoint) =>
    http.request(BASE, webhookEndpointWithSecretSchema, { method: 'POST', body }),
  );

export const useUpdateEndpoint = () =>
  useWebhookMutation((http, input: { id: string; change: UpdateWebhookEndpoint }) =>
    http.request(`${BASE}/${input.id}`, webhookEndpointSchema, { method: 'PATCH', body: input.change }),
  );

export const useDeleteEndpoint = () =>
  useWebhookMutation((http, id: string) => http.send(`${BASE}/${id}`, { method: 'DELETE' }));

export const useRotateSecret = () =>
  useWebhookMutation((http, id: string) =>
    http.request(`${BASE}/${id}/secret`, webhookEndpointWithSecretSchema, { method: 'POST' }),
  );

export const useSendTest = () =>
  useWebhookMutation((http, id: string) =>
    http.request(`${BASE}/${id}/test`, z.object({ deliveryId: z.string() }), { method: 'POST' }),
  );

export const useResendDelivery = () =>
  useWebhookMutation((http, input: { endpointId: string; deliveryId: string }) =>
    http.send(`${BASE}/${input.endpointId}/deliveries/${input.deliveryId}/resend`, { method: 'POST' }),
  );
