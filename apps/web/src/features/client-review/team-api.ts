import {
  clientExportResultSchema,
  clientLinkListSchema,
  clientLinkReportSchema,
  clientLinkSummarySchema,
  createdClientLinkSchema,
} from '@casting/domain';
import type { CreateClientLink, PatchClientLink } from '@casting/domain';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';

const base = (projectId: string) => `/v2/projects/${encodeURIComponent(projectId)}/client-links`;

export const clientLinkKeys = {
  all: (projectId: string) => ['client-links', projectId] as const,
  report: (projectId: string, linkId: string) => ['client-links', projectId, 'report', linkId] as const,
};

export const clientLinksQuery = (http: HttpClient, projectId: string) =>
  queryOptions({
    queryKey: [...clientLinkKeys.all(projectId), 'list'],
    queryFn: ({ signal }) =>
      http.request(base(projectId), clientLinkListSchema, { signal, query: { limit: 100 } }),
  });

export const clientLinkReportQuery = (http: HttpClient, projectId: string, linkId: string) =>
  queryOptions({
    queryKey: clientLinkKeys.report(projectId, linkId),
    queryFn: ({ signal }) =>
      http.request(`${base(projectId)}/${encodeURIComponent(linkId)}`, clientLinkReportSchema, { signal }),
  });

export function createLink(http: HttpClient, projectId: string, body: Partial<CreateClientLink>) {
  return http.request(base(projectId), createdClientLinkSchema, { method: 'POST', body });
}

export function patchLink(http: HttpClient, projectId: string, linkId: string, body: PatchClientLink) {
  return http.request(`${base(projectId)}/${encodeURIComponent(linkId)}`, clientLinkSummarySchema, {
    method: 'PATCH',
    body,
  });
}

/** A new address for the link (answered once); the old one stops working, its feedback stays. */
export function renewLinkAddress(http: HttpClient, projectId: string, linkId: string) {
  return http.request(`${base(projectId)}/${encodeURIComponent(linkId)}/address`, createdClientLinkSchema, {
    method: 'POST',
    body: {},
  });
}

export function exportLink(http: HttpClient, projectId: string, linkId: string) {
  return http.request(`${base(projectId)}/${encodeURIComponent(linkId)}/export`, clientExportResultSchema, {
    method: 'POST',
    body: {},
  });
}
