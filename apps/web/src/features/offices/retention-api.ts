import { RETENTION, retentionPreviewSchema } from '@casting/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { officeKeys } from './offices-api';

/** The office's coming retention purges, one keyset page after another (owners only). */
export function retentionPreviewQuery(http: HttpClient) {
  return infiniteQueryOptions({
    queryKey: officeKeys.retention,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/offices/current/retention', retentionPreviewSchema, {
        query: { limit: RETENTION.previewLimitDefault, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}
