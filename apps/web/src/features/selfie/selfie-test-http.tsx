import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import type { FetchHandler } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { HttpClientProvider } from '../../lib/http/http-client-context';
import { createQueryClient } from '../../lib/query/query-client';
import { Toaster } from '../../ui/toaster';

/** A query client and an HTTP client over a fetch double answering the given routes, with the toaster mounted. */
export function setupHttp(handlers: Record<string, FetchHandler>) {
  const double = createFetchDouble(handlers);
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={createQueryClient()}>
      <HttpClientProvider client={http}>
        {children}
        <Toaster />
      </HttpClientProvider>
    </QueryClientProvider>
  );
  return { double, wrap };
}

/** What the API answers for a one-part photo upload under a grant: a signed URL and the completion. */
export const UPLOAD_HANDLERS: Record<string, FetchHandler> = {
  'POST /api/media-management/get-signed-url': (call) => {
    const fileKey = (call.body as { imagesParams: { fileKey: string }[] }).imagesParams[0]!.fileKey;
    return jsonResponse(200, {
      urls: [{ fileKey, url: `/api/files/put/${fileKey}`, key: 'k1', method: 'PUT', headers: {} }],
    });
  },
  'POST /api/media-management/upload-complete': () =>
    jsonResponse(200, {
      Key: 'k1',
      kind: 'image',
      contentType: 'image/jpeg',
      size: 4,
      mediaId: null,
      status: null,
      url: null,
      thumbnailUrl: null,
      convertedUrl: null,
    }),
  'POST /api/media-management/upload-failed': () => jsonResponse(204),
};

/** A file of the given name, size and type, as a person would pick it. */
export const named = (name: string, size = 4, type = 'image/jpeg') =>
  new File([new Uint8Array(size)], name, { type, lastModified: 1 });
