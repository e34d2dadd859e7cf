import { CACHE_MS, folderListSchema, folderSchema } from '@casting/domain';
import type { FolderList } from '@casting/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export const folderKeys = {
  project: (projectId: string) => ['folders', projectId] as const,
  role: (projectId: string, roleId: string) => ['folders', projectId, roleId] as const,
};

/** The folders of one opportunity, cached 10 minutes. */
export function foldersQuery(http: HttpClient, projectId: string, roleId: string) {
  return queryOptions({
    queryKey: folderKeys.role(projectId, roleId),
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/folders`, folderListSchema, {
        query: { roleId },
        signal,
      }),
    staleTime: CACHE_MS.folders,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** Every folder of the project, of all its opportunities (one call: the folders route without `roleId`). */
export const projectFoldersQuery = (http: HttpClient, projectId: string) =>
  queryOptions({
    queryKey: ['folders', projectId, 'all-opportunities'],
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/folders`, folderListSchema, { signal }),
    staleTime: CACHE_MS.folders,
  });

/**
 * The folder list, fetched again 3 s after it is shown so folders a colleague or a
 * background job just created appear without a reload.
 */
export function useFolders(projectId: string, roleId: string) {
  const http = useHttpClient();
  const query = useQuery(foldersQuery(http, projectId, roleId));
  const { refetch } = query;
  useEffect(() => {
    const timer = setTimeout(() => void refetch(), CACHE_MS.foldersRefetchAfterMs);
    return () => clearTimeout(timer);
  }, [refetch, projectId, roleId]);
  return query;
}

function useRefreshFolders(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: folderKeys.project(projectId) }),
      queryClient.invalidateQueries({ queryKey: ['projects', 'overview', projectId] }),
    ]);
}

export function useCreateFolder(projectId: string, roleId: string) {
  const http = useHttpClient();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: (name: string) =>
      http.request('/projects/folders', folderSchema, { method: 'POST', body: { projectId, roleId, name } }),
    onSuccess: refresh,
  });
}

export function useRenameFolder(projectId: string, roleId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: ({ folderId, name }: { folderId: string; name: string }) =>
      http.request(`/projects/folders/${encodeURIComponent(folderId)}`, folderSchema, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: (folder) => {
      // The new name shows at once; the refresh that follows only confirms it.
      queryClient.setQueryData<FolderList>(folderKeys.role(projectId, roleId), (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === folder.id ? folder : item)) } : list,
      );
      return refresh();
    },
  });
}

export function useDeleteFolder(projectId: string) {
  const http = useHttpClient();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: (folderId: string) =>
      http.send(`/projects/${encodeURIComponent(projectId)}/folder/${encodeURIComponent(folderId)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}
