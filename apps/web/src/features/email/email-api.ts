import {
  emailAllowanceSchema,
  emailSendDetailSchema,
  emailSendListSchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  optOutResultSchema,
  renderedEmailSchema,
  shareLinkListSchema,
} from '@casting/domain';
import type { EmailDoc, EmailTemplateInput } from '@casting/domain';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { IDEMPOTENCY_HEADER, useIdempotencyKey } from '../../lib/http/idempotency';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

export type { EmailSendDetail, EmailSendSummary, EmailTemplate } from '@casting/domain';

export const emailKeys = {
  project: (projectId: string) => ['email', projectId] as const,
  templates: (projectId: string) => ['email', projectId, 'templates'] as const,
  template: (projectId: string, templateId: string) => ['email', projectId, 'template', templateId] as const,
  sends: (projectId: string) => ['email', projectId, 'sends'] as const,
  send: (projectId: string, sendId: string) => ['email', projectId, 'send', sendId] as const,
  links: (projectId: string) => ['email', projectId, 'links'] as const,
  allowance: (projectId: string) => ['email', projectId, 'allowance'] as const,
};

export const projectPath = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}`;

export function templatesQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: emailKeys.templates(projectId),
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/email-templates`, emailTemplateListSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function templateQuery(http: HttpClient, projectId: string, templateId: string) {
  return queryOptions({
    queryKey: emailKeys.template(projectId, templateId),
    queryFn: ({ signal }) =>
      http.request(
        `${projectPath(projectId)}/email-templates/${encodeURIComponent(templateId)}`,
        emailTemplateSchema,
        { signal },
      ),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function useSaveTemplate(projectId: string, templateId: string | null) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailTemplateInput) =>
      http.request(
        templateId
          ? `${projectPath(projectId)}/email-templates/${encodeURIComponent(templateId)}`
          : `${projectPath(projectId)}/email-templates`,
        emailTemplateSchema,
        { method: templateId ? 'PUT' : 'POST', body: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.project(projectId) }),
  });
}

export function useDeleteTemplate(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      http.send(`${projectPath(projectId)}/email-templates/${encodeURIComponent(templateId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.project(projectId) }),
  });
}

export interface MessageRequest {
  templateId?: string | undefined;
  subject?: string | undefined;
  body?: EmailDoc | undefined;
  shareLinkId?: string | null | undefined;
}

export function previewEmail(
  http: HttpClient,
  projectId: string,
  request: MessageRequest & { submissionId?: string | undefined },
  signal?: AbortSignal,
) {
  return http.request(`${projectPath(projectId)}/email-preview`, renderedEmailSchema, {
    method: 'POST',
    body: request,
    ...(signal ? { signal } : {}),
  });
}

/** Sends with an Idempotency-Key: a retry whose first answer was lost replays it instead of e-mailing again. */
export function useSendEmail(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const key = useIdempotencyKey();
  return useMutation({
    mutationFn: (request: MessageRequest & { submissionIds: string[] }) =>
      http.request(
        `${projectPath(projectId)}/email-sends`,
        z.object({ id: z.string(), queued: z.number() }),
        { method: 'POST', body: request, headers: { [IDEMPOTENCY_HEADER]: key.current() } },
      ),
    onSettled: (_data, error) => {
      key.settle(error);
      // A send uses the allowance; a refused one may mean someone else used it meanwhile.
      void queryClient.invalidateQueries({ queryKey: emailKeys.allowance(projectId) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.sends(projectId) }),
  });
}

/** How many more e-mails to candidates (sends and invitations together) the caller may queue today. */
export function allowanceQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: emailKeys.allowance(projectId),
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/email-allowance`, emailAllowanceSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function sendsQuery(http: HttpClient, projectId: string) {
  return infiniteQueryOptions({
    queryKey: emailKeys.sends(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      http.request(`${projectPath(projectId)}/email-sends`, emailSendListSchema, {
        signal,
        query: { cursor: pageParam },
      }),
    getNextPageParam: (page) => page.nextCursor,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** One send; refetched every second while a recipient is still queued or sending. */
export function sendQuery(http: HttpClient, projectId: string, sendId: string) {
  return queryOptions({
    queryKey: emailKeys.send(projectId, sendId),
    queryFn: ({ signal }) =>
      http.request(
        `${projectPath(projectId)}/email-sends/${encodeURIComponent(sendId)}`,
        emailSendDetailSchema,
        { signal },
      ),
    refetchInterval: (query) =>
      query.state.data && query.state.data.counts.QUEUED + query.state.data.counts.SENDING > 0 ? 1000 : false,
    meta: ERROR_SHOWN_INLINE,
  });
}

/** The project's submission links (first page, newest first) for the {{submissionLink}} choice. */
export function linksQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: emailKeys.links(projectId),
    queryFn: ({ signal }) =>
      http.request(`${projectPath(projectId)}/share-links`, shareLinkListSchema, {
        signal,
        query: { limit: 100 },
      }),
    meta: ERROR_SHOWN_INLINE,
  });
}

export function optOut(http: HttpClient, token: string) {
  return http.request('/email/opt-out', optOutResultSchema, {
    method: 'POST',
    body: { token },
    noAuth: true,
  });
}
