import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { MediaVisibility } from '@casting/domain';
import type { HttpClient, RequestOptions } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { xhrPut } from '../../lib/upload';
import type { UploadResult, UploadTransport } from '../../lib/upload';
import {
  UPLOAD_GRANT_HEADER,
  declaredContentType,
  downloadCreatedSchema,
  downloadSchema,
  mediaListSchema,
  messageResultSchema,
  multipartListPartsResponseSchema,
  multipartSignedUrlsResponseSchema,
  multipartStartResponseSchema,
  signedUrlResponseSchema,
  uploadResultSchema,
} from './media-contract';
import type { ApiUploadResult, MediaItem } from './media-contract';

export const mediaKeys = {
  candidate: (applicantId: string) => ['media', 'applicant', applicantId] as const,
  download: (id: string) => ['media', 'download', id] as const,
};

const applicantPath = (applicantId: string) => `/applicants/${encodeURIComponent(applicantId)}`;

/**
 * Whom an upload is for. Staff name the project and, from a candidate's media, the applicant (the API then
 * attaches the file to them at once). A public apply page has no account: it sends the upload grant the page
 * was given, and its uploads are attached when the application is submitted.
 */
export type UploadTarget = { projectId: string; applicantId?: string } | { uploadGrant: string };

function toResult(answer: ApiUploadResult): UploadResult {
  return {
    key: answer.Key,
    url: answer.url,
    thumbnailUrl: answer.thumbnailUrl,
    convertedUrl: answer.convertedUrl,
    mediaId: answer.mediaId,
  };
}

/**
 * The upload transport over the app's HTTP client: the /media-management calls for signing and completing,
 * the browser's XMLHttpRequest for the bytes (progress), list-parts for resuming.
 */
export function createMediaUploadTransport(
  http: HttpClient,
  target: UploadTarget,
  options: { put?: UploadTransport['put'] } = {},
): UploadTransport {
  const grant = 'uploadGrant' in target ? target.uploadGrant : null;
  // A grant travels in its header; staff calls carry the bearer token as every call does.
  const base: Pick<RequestOptions, 'noAuth' | 'headers' | 'method'> = grant
    ? { noAuth: true, headers: { [UPLOAD_GRANT_HEADER]: grant }, method: 'POST' }
    : { method: 'POST' };
  const owner = grant ? {} : target;
  return {
    async signSingle(file, signal) {
      const answer = await http.request('/media-management/get-signed-url', signedUrlResponseSchema, {
        ...base,
        signal,
        body: {
          ...owner,
          imagesParams: [
            {
              fileKey: file.name,
              contentType: declaredContentType(file.name, file.contentType),
              size: file.size,
            },
          ],
        },
      });
      const [signed] = answer.urls;
      if (!signed) throw new Error('No signed URL in the answer');
      return { url: signed.url, key: signed.key, headers: signed.headers };
    },
    async completeSingle(signed, _file, signal) {
      const answer = await http.request('/media-management/upload-complete', uploadResultSchema, {
        ...base,
        signal,
        body: { Key: signed.key },
      });
      return toResult(answer);
    },
    async startMultipart(file, signal) {
      const answer = await http.request('/media-management/multipart/start', multipartStartResponseSchema, {
        ...base,
        signal,
        body: {
          ...owner,
          fileName: file.name,
          contentType: declaredContentType(file.name, file.contentType),
          size: file.size,
        },
      });
      return { uploadId: answer.UploadId, key: answer.Key };
    },
    async signParts(handle, chunksNumber, partNumbers, signal) {
      const answer = await http.request(
        '/media-management/multipart/get-signed-urls',
        multipartSignedUrlsResponseSchema,
        {
          ...base,
          signal,
          body: {
            UploadId: handle.uploadId,
            Key: handle.key,
            ChunksNumber: chunksNumber,
            PartNumbers: partNumbers,
          },
        },
      );
      return answer.parts.map((part) => ({ partNumber: part.PartNumber, url: part.signedUrl }));
    },
    async listParts(handle, signal) {
      const answer = await http.request(
        '/media-management/multipart/list-parts',
        multipartListPartsResponseSchema,
        {
          ...base,
          signal,
          body: { UploadId: handle.uploadId, Key: handle.key },
        },
      );
      return answer.parts.map((part) => ({ partNumber: part.PartNumber, etag: part.ETag }));
    },
    async completeMultipart(handle, parts, _file, signal) {
      const answer = await http.request('/media-management/multipart/complete', uploadResultSchema, {
        ...base,
        signal,
        body: {
          Key: handle.key,
          UploadId: handle.uploadId,
          Parts: parts.map((part) => ({ ETag: part.etag, PartNumber: part.partNumber })),
        },
      });
      return toResult(answer);
    },
    put: options.put ?? xhrPut,
    async reportFailure(error, context) {
      await http.send('/media-management/upload-failed', {
        ...base,
        body: {
          error: error.slice(0, 2000),
          context,
          ...('projectId' in owner ? { projectId: owner.projectId } : {}),
        },
      });
    },
  };
}

/**
 * While an item is being processed and live updates are not arriving (the project's live channel is down), the
 * list asks again this often. With the channel up, status changes come as live events instead (CandidateMedia).
 */
export const MEDIA_STATUS_FALLBACK_POLL_MS = 15_000;

const isBusy = (item: MediaItem) => item.status === 'PENDING' || item.status === 'IN_PROGRESS';

/** A candidate's media; `live` says whether status changes arrive as live events (then there is no polling). */
export function candidateMediaQuery(http: HttpClient, projectId: string, applicantId: string, live = false) {
  return queryOptions({
    queryKey: mediaKeys.candidate(applicantId),
    queryFn: ({ signal }) =>
      http.request(`${applicantPath(applicantId)}/media`, mediaListSchema, { signal, query: { projectId } }),
    refetchInterval: (query) =>
      !live && query.state.data?.items.some(isBusy) ? MEDIA_STATUS_FALLBACK_POLL_MS : false,
  });
}

/**
 * One item again, with fresh URLs and status: the viewer asks while a video is still being processed. The API
 * reads media per applicant, so this reads the list and picks the item.
 */
export async function fetchMediaItem(
  http: HttpClient,
  projectId: string,
  applicantId: string,
  mediaId: string,
  signal?: AbortSignal,
) {
  const list = await http.request(`${applicantPath(applicantId)}/media`, mediaListSchema, {
    signal,
    query: { projectId },
  });
  const item = list.items.find((entry) => entry.id === mediaId);
  if (!item) throw new Error('The media item is gone');
  return item;
}

function useRefreshMedia(applicantId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.candidate(applicantId) });
}

/** Once a staff upload lands, the list shows it (its processing status comes with it). */
export function useRefreshCandidateMedia(applicantId: string) {
  return useRefreshMedia(applicantId);
}

export function useDeleteMedia(projectId: string, applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}`, {
        method: 'DELETE',
        query: { projectId },
      }),
    onSuccess: refresh,
  });
}

export function useSetPrimaryMedia(projectId: string, applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}/primary`, {
        method: 'PUT',
        body: { projectId },
      }),
    onSuccess: refresh,
  });
}

/** Convert a FAILED item again: the API sets it back to PENDING and queues its processing. */
export function useRetryMediaConversion(projectId: string, applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: (mediaId: string) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}/retry`, {
        method: 'POST',
        body: { projectId },
      }),
    onSuccess: refresh,
  });
}

/** Who sees an item: TEAM keeps it from the people a candidate is shared with (client links). */
export function useSetMediaVisibility(projectId: string, applicantId: string) {
  const http = useHttpClient();
  const refresh = useRefreshMedia(applicantId);
  return useMutation({
    mutationFn: ({ mediaId, visibility }: { mediaId: string; visibility: MediaVisibility }) =>
      http.send(`${applicantPath(applicantId)}/media/${encodeURIComponent(mediaId)}/visibility`, {
        method: 'PUT',
        body: { projectId, visibility },
      }),
    onSuccess: refresh,
  });
}

/** POST /applicants/admin/report-media-issue: the applicant, the item, a description and channel SLACK. */
export function useReportMediaIssue() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (input: { applicantId: string; applicantMediaId: string; description: string }) =>
      http.request('/applicants/admin/report-media-issue', messageResultSchema.or(z.undefined()), {
        method: 'POST',
        body: { ...input, channel: 'SLACK' },
      }),
  });
}

/**
 * POST /applicants/download-zip: a job zips the media of the candidates (`applicantIds`: applicant or list-row ids)
 * or of everyone in a folder (`folderId`) and e-mails a link to /downloads/{id}.
 */
export function useDownloadZip() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (input: { projectId: string; applicantIds?: string[]; folderId?: string; email?: string }) =>
      http.request('/applicants/download-zip', downloadCreatedSchema, { method: 'POST', body: input }),
  });
}

/** `token` is the e-mailed link's: it lets the recipient in without signing in. */
export function downloadQuery(http: HttpClient, id: string, token: string | null) {
  return queryOptions({
    queryKey: mediaKeys.download(id),
    queryFn: ({ signal }) =>
      http.request(`/downloads/${encodeURIComponent(id)}`, downloadSchema, {
        signal,
        query: { token: token ?? undefined },
      }),
    // A zip still being made is asked about again until it is ready.
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? 3000 : false),
  });
}
