import type { ClientFeedbackInput } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import type * as ClientContracts from './client-contracts';
import { viewerHeaders } from './viewer-session';

type Contracts = typeof ClientContracts;
let contracts: Promise<Contracts> | null = null;
const schema = <K extends keyof Contracts>(name: K) => {
  contracts ??= import('./client-contracts');
  return contracts.then((module) => module[name]);
};

/** Portal mode: no staff sign-in (no bearer token, no refresh); the link's secret and the viewer's session instead. */
const portal = (secret: string) => ({ noAuth: true, headers: viewerHeaders(secret) }) as const;
const enc = encodeURIComponent;

export function loadPortal(http: HttpClient, secret: string, signal?: AbortSignal) {
  return http.request(`/v2/client-links/${enc(secret)}`, schema('clientLinkPortalSchema'), {
    ...portal(secret),
    signal,
  });
}

export function askCode(http: HttpClient, secret: string, body: { name: string; email: string }) {
  return http.send(`/v2/client-links/${enc(secret)}/identify`, { noAuth: true, method: 'POST', body });
}

export function verifyCode(http: HttpClient, secret: string, body: { email: string; code: string }) {
  return http.request(`/v2/client-links/${enc(secret)}/verify`, schema('viewerSessionSchema'), {
    noAuth: true,
    method: 'POST',
    body,
  });
}

export function loadCandidates(http: HttpClient, projectId: string, secret: string, signal?: AbortSignal) {
  return http.request(
    `/projects/${enc(projectId)}/applicants/${enc(secret)}`,
    schema('clientApplicantsSchema'),
    {
      ...portal(secret),
      signal,
    },
  );
}

export function loadCandidate(
  http: HttpClient,
  projectId: string,
  secret: string,
  submissionId: string,
  signal?: AbortSignal,
) {
  return http.request(
    `/projects/${enc(projectId)}/applicants/${enc(secret)}/${enc(submissionId)}`,
    schema('clientCandidateDetailSchema'),
    { ...portal(secret), signal },
  );
}

export function sendFeedback(
  http: HttpClient,
  projectId: string,
  secret: string,
  submissionId: string,
  body: ClientFeedbackInput,
) {
  return http.send(`/projects/${enc(projectId)}/applicants/${enc(secret)}/${enc(submissionId)}/feedback`, {
    ...portal(secret),
    method: 'PUT',
    body,
  });
}

export function recordView(
  http: HttpClient,
  projectId: string,
  secret: string,
  body: { visitId?: string; submissionId?: string },
) {
  return http.request(
    `/projects/${enc(projectId)}/applicants/${enc(secret)}/views`,
    schema('clientViewResultSchema'),
    {
      ...portal(secret),
      method: 'POST',
      body,
    },
  );
}

/**
 * Download applicant videos: a zip of the link's candidates (all, or those named) with the media the link shows,
 * mailed by the server to the identified viewer's own address.
 */
export function requestDownload(
  http: HttpClient,
  projectId: string,
  secret: string,
  body: { submissionIds?: string[] },
) {
  return http.send(`/projects/${enc(projectId)}/applicants/${enc(secret)}/download-zip`, {
    ...portal(secret),
    method: 'POST',
    body,
  });
}
