import type { ResolvedLink, StandaloneApplyInput } from '@casting/domain';
import type { HttpClient } from '../../lib/http/http-client';
import type * as ApplyContractsModule from './apply-contracts';

type ApplyContracts = typeof ApplyContractsModule;

/** The contracts chunk, requested once and shared by every call of the apply pages. */
let contracts: Promise<ApplyContracts> | null = null;
export function applyContracts() {
  contracts ??= import('./apply-contracts');
  return contracts;
}
const schema = <K extends keyof Awaited<ReturnType<typeof applyContracts>>>(name: K) =>
  applyContracts().then((module) => module[name]);

/** The apply pages are public: no bearer token, and so no refresh on 401. */
const PUBLIC = { noAuth: true } as const;

/** A link secret is base64url text; anything else is not a secret and is never sent as one. */
export const looksLikeToken = (slug: string) => /^[A-Za-z0-9_-]{16,64}$/.test(slug);

export async function resolveLink(
  http: HttpClient,
  token: string,
  signal?: AbortSignal,
): Promise<ResolvedLink> {
  return http.request('/v2/share-links/resolve', schema('resolvedLinkSchema'), {
    ...PUBLIC,
    signal,
    query: { token },
  });
}

/** A slug that is not a secret (a readable address) is resolved through the URL mapping. */
export async function mapUrl(
  http: HttpClient,
  url: string,
  projectId: string | undefined,
  signal?: AbortSignal,
) {
  return http.request('/v2/projects/standalone-url-mapping', schema('urlMappingResultSchema'), {
    ...PUBLIC,
    signal,
    query: { url, projectId },
  });
}

export function submitApplication(http: HttpClient, body: StandaloneApplyInput) {
  return http.request('/v2/applicants/standalone', schema('standaloneApplyResultSchema'), {
    ...PUBLIC,
    method: 'POST',
    body,
  });
}

export function checkEmail(http: HttpClient, projectId: string, email: string, token: string) {
  return http.request(
    `/applicants/${encodeURIComponent(projectId)}/check-email-webform`,
    schema('checkEmailWebformResultSchema'),
    { ...PUBLIC, method: 'POST', body: { email, token } },
  );
}

export function resendEmail(http: HttpClient, applicantId: string, token: string) {
  return http.request(
    `/v2/applicants/${encodeURIComponent(applicantId)}/standalone/resend-email`,
    schema('messageResultSchema'),
    { ...PUBLIC, query: { token } },
  );
}

export function linkRepresentatives(http: HttpClient, token: string, signal?: AbortSignal) {
  return http.request('/users/representatives', schema('representativeListSchema'), {
    ...PUBLIC,
    signal,
    query: { token },
  });
}

/** Places for a whole ZIP code (`zip`) or for typed text, a city's name or a ZIP's first digits (`q`). */
export function lookupAddress(
  http: HttpClient,
  query: { zip: string } | { q: string; limit: number },
  signal?: AbortSignal,
) {
  return http.request('/users/lookups/addresses', schema('addressLookupResultSchema'), {
    ...PUBLIC,
    signal,
    query,
  });
}

export function viewSubmission(http: HttpClient, applicantId: string, token: string, signal?: AbortSignal) {
  return http.request(
    `/v2/applicants/${encodeURIComponent(applicantId)}/standalone/token`,
    schema('standaloneViewSchema'),
    { ...PUBLIC, signal, query: { token } },
  );
}

/** The address's owner confirms an application that waited for them (its private link is the credential). */
export function confirmApplication(http: HttpClient, applicantId: string, accessToken: string) {
  return http.request(
    `/v2/applicants/${encodeURIComponent(applicantId)}/standalone/confirm`,
    schema('standaloneApplyResultSchema'),
    { ...PUBLIC, method: 'POST', body: { accessToken } },
  );
}

export function updateSubmission(http: HttpClient, applicantId: string, body: Record<string, unknown>) {
  return http.send(`/v2/applicants/standalone/${encodeURIComponent(applicantId)}`, {
    ...PUBLIC,
    method: 'PATCH',
    body,
  });
}

/** What the claim page shows: the talent's and the project's names and the answer so far (the secret is the key). */
export function claimView(
  http: HttpClient,
  projectId: string,
  claimId: string,
  token: string,
  signal?: AbortSignal,
) {
  const path = `/v2/projects/${encodeURIComponent(projectId)}/claim-representative/${encodeURIComponent(claimId)}`;
  return http.request(path, schema('claimViewSchema'), { ...PUBLIC, query: { token }, signal });
}

export function answerClaim(
  http: HttpClient,
  projectId: string,
  answer: 'confirm' | 'deny',
  body: { claimId: string; token: string },
) {
  const path = `/v2/projects/${encodeURIComponent(projectId)}/claim-representative${answer === 'deny' ? '/deny' : ''}`;
  return http.request(path, schema('claimAnswerResultSchema'), { ...PUBLIC, method: 'POST', body });
}

/** The talent changes their representation from their private link (when their link allows it). */
export function changeRepresentative(
  http: HttpClient,
  body: { applicantId: string; accessToken: string } & Record<string, unknown>,
) {
  return http.send('/users/representatives', { ...PUBLIC, method: 'PATCH', body });
}

/** The public pages' shared content: the terms and privacy pages' titles and text. */
export function globalContent(http: HttpClient, signal?: AbortSignal) {
  return http.request('/v2/global-content', schema('globalContentSchema'), { ...PUBLIC, signal });
}
