import {
  adminRunDownloadSchema,
  adminRunListSchema,
  adminRunSchema,
  type AdminRunRequest,
} from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';

const runsKey = (projectId: string) => ['admin-script-runs', projectId] as const;

/** The project's runs, refetched every second while one is queued or running. */
export function runsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: runsKey(projectId),
    queryFn: ({ signal }) =>
      http.request(`/projects/admin-scripts/${projectId}`, adminRunListSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((run) => run.status === 'QUEUED' || run.status === 'RUNNING')
        ? 1000
        : false,
  });
}

export function useStartRun(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminRunRequest) =>
      http.request(`/projects/admin-scripts/${projectId}/runs`, adminRunSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runsKey(projectId) }),
  });
}

/** Sends an export zip to restore as a new project; the run is followed by its own query. */
export function useRestore() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (file: File) =>
      http.request('/projects/admin-scripts/restore', adminRunSchema, {
        method: 'PUT',
        body: file,
        query: { name: file.name },
        headers: { 'Content-Type': 'application/zip' },
      }),
  });
}

export function runQuery(http: HttpClient, runId: string) {
  return queryOptions({
    queryKey: ['admin-script-run', runId] as const,
    queryFn: ({ signal }) =>
      http.request(`/projects/admin-scripts/runs/${runId}`, adminRunSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'DONE' || query.state.data?.status === 'FAILED' ? false : 1000,
  });
}

/** Opens an export's short-lived download URL. */
export async function downloadExport(http: HttpClient, runId: string) {
  const { url } = await http.request(
    `/projects/admin-scripts/runs/${runId}/download`,
    adminRunDownloadSchema,
  );
  window.location.assign(url);
}
