import { DRAFT_MESSAGES, projectDraftSchema, type CreateProject, type WizardStep } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { draftKeys, useDiscardDraft, useRefreshDrafts } from '../projects';

export function draftQuery(http: HttpClient, id: string) {
  return queryOptions({
    queryKey: draftKeys.one(id),
    queryFn: ({ signal }) => http.request(`/projects/drafts/${id}`, projectDraftSchema, { signal }),
    retry: false,
  });
}

export function useCreateDraft() {
  const http = useHttpClient();
  const refresh = useRefreshDrafts();
  return useMutation({
    mutationFn: (input: CreateProject) =>
      http.request('/projects/drafts', projectDraftSchema, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useSaveStep(id: string) {
  const http = useHttpClient();
  const refresh = useRefreshDrafts();
  return useMutation({
    mutationFn: (step: WizardStep) =>
      http.request(`/projects/drafts/${id}`, projectDraftSchema, { method: 'PATCH', body: { step } }),
    onSuccess: refresh,
  });
}

/**
 * Finishes the draft into a project. The draft reads are only marked stale, never read again here: the draft the
 * page still shows is a project now, and reading it as a draft would be refused (409) with an error toast.
 */
export function useFinishDraft(id: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request(`/projects/drafts/${id}/finish`, z.object({ id: z.string() }), { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: draftKeys.all, refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: ['projects'] }),
      ]),
  });
}

export { DRAFT_MESSAGES, useDiscardDraft };
