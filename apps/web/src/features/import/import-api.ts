import {
  importDryRunSchema,
  importFailedRowsSchema,
  importFileSchema,
  importJobListSchema,
  importJobSchema,
  importPreviewSchema,
  projectListSchema,
  roleOptionListSchema,
  type ImportRunRequest,
  UI_TEXTS,
} from '@casting/domain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { HttpError } from '../../lib/http/http-error';

/** Sends the chosen file as the raw body; the API stores it and answers the id later calls name it by. */
export function sendFile(http: HttpClient, file: File, kind: 'SHEET' | 'MEDIA_ZIP') {
  return http.request('/import/files', importFileSchema, {
    method: 'PUT',
    body: file,
    query: { kind, name: file.name },
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
}

export function previewFile(http: HttpClient, fileId: string) {
  return http.request('/import/preview', importPreviewSchema, { method: 'POST', body: { fileId } });
}

export function dryRun(http: HttpClient, request: ImportRunRequest) {
  return http.request('/import/dry-run', importDryRunSchema, { method: 'POST', body: request });
}

export function startImport(http: HttpClient, request: ImportRunRequest) {
  return http.request('/import/jobs', importJobSchema, { method: 'POST', body: request });
}

/** The job, polled every second while it runs. */
export function importJobQuery(http: HttpClient, jobId: string) {
  return queryOptions({
    queryKey: ['import-job', jobId] as const,
    queryFn: ({ signal }) => http.request(`/import/jobs/${jobId}`, importJobSchema, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : 1000;
    },
  });
}

/** The caller's past imports, newest first, 20 a page ("Show more imports" reads the next). */
export function importJobsQuery(http: HttpClient) {
  return infiniteQueryOptions({
    queryKey: ['import-jobs'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/import/jobs', importJobListSchema, {
        query: { limit: 20, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function failedRowsQuery(http: HttpClient, jobId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['import-failed-rows', jobId] as const,
    queryFn: ({ signal }) =>
      http.request(`/import/jobs/${jobId}/failed-rows`, importFailedRowsSchema, { signal }),
    enabled,
  });
}

/** Saves the failed rows as a CSV file named after the import. */
export async function downloadFailedRows(http: HttpClient, jobId: string, fileName: string) {
  const text = await http.request(`/import/jobs/${jobId}/failed-rows.csv`, z.string());
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName.replace(/\.[^.]+$/, '')}-failed-rows.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Active projects whose name matches (3+ characters), for the target picker. */
export function projectsQuery(http: HttpClient, q: string) {
  return queryOptions({
    queryKey: ['import-projects', q] as const,
    queryFn: ({ signal }) =>
      http.request('/projects', projectListSchema, {
        query: { q: q.trim().length >= 3 ? q.trim() : undefined, limit: 50 },
        signal,
      }),
  });
}

export function rolesQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: ['import-roles', projectId] as const,
    queryFn: ({ signal }) =>
      http.request(`/v2/projects/${projectId}/roles/options`, roleOptionListSchema, { signal }),
    enabled: projectId !== '',
  });
}

/** The API's message for a refused call, or a generic next step. */
export function messageOf(error: unknown): string {
  if (error instanceof HttpError && error.data?.message) return error.data.message;
  return UI_TEXTS.somethingWentWrongTryAgain;
}
