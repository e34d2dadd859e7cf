import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { xhrPut } from '../../lib/upload';
import type { UploadTransport } from '../../lib/upload';
import {
  downloadSchema,
  listPartsSchema,
  mediaItemSchema,
  mediaListSchema,
  multipartStartSchema,
  signedPartsSchema,
  signedUrlListSchema,
  uploadResultSchema,
} from './media-contract';

const ignored = z.unknown();

export const mediaKeys = {
  candidate: (applicantId: string) => ['media', 'applicant', applicantId] as const,
  download: (id: string) => ['media', 'download', id] as const,
};

const applicantPath = (applicantId: string) => `/applicants/${encodeURIComponent(applicantId)}`;

/**
 * The upload transport over the app's HTTP client: spec section 7's media calls for signing and completing,
 * the browser's XMLHttpRequest for the bytes (progress), list-parts for resuming. `noAuth` serves the public
 * apply pages, whose visitors have no session.
 */
export function createMediaUploadTransport(
  http: HttpClient,
  options: { noAuth?: boolean; put?: UploadTransport['put'] } = {},
): UploadTransport {
  const base = { noAuth: options.noAuth };
  return {
    async signSingle(file, signal) {
      const answer = await http.request('/media-management/get-signed-url', signedUrlListSchema, {
        ...base,
        method: 'POST',
        signal,
        body: {
          imagesParams: [{ fileKey: file.name, contentType: file.contentType, size: file.size }],
        },
      });
      const [signed] = answer.urls;
      return {
        url: signed!.url,
        key: signed!.key,
        headers: file.contentType ? { 'Content-Type': file.contentType } : undefined,
      };
    },
    async completeSingle(signed, file, signal) {
      return http.request('/media-management/complete', uploadResultSchema, {
        ...base,
        method: 'POST',
        signal,
        body: { Key: signed.key, fileName: file.name },
      });
    },
    async startMultipart(file, signal) {
      const answer = await http.request('/media-management/multipart/start', multipartStartSchema, {
        ...base,
        method: 'POST',
        signal,
        body: { fileName: file.name, contentType: file.contentType, size: file.size },
      });
      return { uploadId: answer.UploadId, key: answer.Key };
    },
    async signParts(handle, chunksNumber, signal) {
      const answer = await http.request('/media-management/multipart/get-signed-urls', signedPartsSchema, {
        ...base,
        method: 'POST',
        signal,
        body: { UploadId: handle.uploadId, Key: handle.key, ChunksNumber: chunksNumber },
      });
      return answer.parts.map((part) => ({ partNumber: part.PartNumber, url: part.signedUrl }));
    },
    async listParts(handle, signal) {
      const answer = await http.request('/media-management/multipart/list-parts', listPartsSchema, {
        ...base,
        method: 'POST',
        signal,
        body: { UploadId: handle.uploadId, Key: handle.key },
      });
      return answer.parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag }));
    },
    async completeMultipart(handle, parts, file, signal) {
      return http.request('/media-management/multipart/complete', uploadResultSchema, {
        ...base,
        method: 'POST',
        signal,
        body: {
          Key: handle.key,
          UploadId: handle.uploadId,
          fileName: file.name,
          Parts: parts.map((part) => ({ ETag: part.etag, PartNumber: part.partNumber })),
        },
      });
    },
    put: options.put ?? xhrPut,
    async reportFailure(error, context) {
      await http.send('/media-management/upload-failed', {
        ...base,
        method: 'POST',
        body: { error, context },
      });
    },
  };
}

export function candidateMediaQuery(http: HttpClient, applicantId: string) {
  return queryOptions({
    queryKey: mediaKeys.candidate(applicantId),
    queryFn: ({ signal }) => http.request(`${applicantPath(applicantId)}/media`, mediaListSchema, { signal }),
  });
}

/** One item again: the viewer asks while a video or thumbnail is still being processed. */
export function fetchMediaItem(http: HttpClient, applicantId: string, mediaId: string, signal?: AbortSignal) {
  return http.request(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}`, mediaItemSchema, {
    signal,
  });
}

function useRefreshMedia(applicantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.candidate(applicantId) });
}

/** Registers an uploaded object as the candidate's media (the API checks the bytes and starts processing). */
export function useAttachMedia(applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (input: { key: string; name: string; signal?: AbortSignal }) =>
      http.request(`${applicantPath(applicantId)}/media`, mediaItemSchema, {
        method: 'POST',
        body: { key: input.key, name: input.name },
        signal: input.signal,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteMedia(applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSetPrimaryMedia(applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}/primary`, {
        method: 'POST',
      }),
    onSuccess: refresh,
  });
}

/** POST /applicants/admin/report-media-issue: channel SLACK (spec section 3's media issue report). */
export function useReportMediaIssue() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (input: { applicantId: string; applicantMediaId: string; description: string }) =>
      http.send('/applicants/admin/report-media-issue', {
        method: 'POST',
        body: { ...input, channel: 'SLACK' },
      }),
  });
}

/** POST /applicants/download-zip: a job zips the candidates' media and e-mails a link to /downloads/{id}. */
export function useDownloadZip() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (input: { projectId: string; applicantIds: string[]; email?: string }) =>
      http.request('/applicants/download-zip', ignored, { method: 'POST', body: input }),
  });
}

export function downloadQuery(http: HttpClient, id: string) {
  return queryOptions({
    queryKey: mediaKeys.download(id),
    queryFn: ({ signal }) => http.request(`/downloads/${encodeURIComponent(id)}`, downloadSchema, { signal }),
    // A zip still being made is asked about again until it is ready.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 3000 : false),
  });
}
