import {
  myOfficeSchema,
  myOfficesSchema,
  officeInvitationPreviewSchema,
  officeSchema,
} from '@casting/domain';
import type { MyOffice } from '@casting/domain';
import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { ERROR_SHOWN_INLINE } from '../../lib/query/query-client';

/**
 * Query keys of the offices API. Everything an office owns is cached under the keys of its own features; switching
 * office drops the whole cache (office-switch.tsx), so no key needs the office in it.
 */
export const officeKeys = {
  all: ['offices'] as const,
  current: ['offices', 'current'] as const,
  mine: ['offices', 'mine'] as const,
  legal: ['offices', 'current', 'legal'] as const,
  supportAccess: ['offices', 'current', 'support-access'] as const,
  memberSignUp: ['offices', 'current', 'member-sign-up'] as const,
  members: ['offices', 'current', 'members'] as const,
  retention: ['offices', 'current', 'retention'] as const,
  invitations: ['offices', 'current', 'invitations'] as const,
  invitation: (token: string) => ['offices', 'invitation', token] as const,
  operator: ['operator', 'offices'] as const,
};

/** The office the session works in, with the caller's role in it. Its failure is shown by the office gate. */
export function currentOfficeQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.current,
    queryFn: ({ signal }) => http.request('/offices/current', officeSchema, { signal }),
    meta: ERROR_SHOWN_INLINE,
    staleTime: 60_000,
  });
}

/** The offices the caller belongs to, for the office menu. */
export function myOfficesQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.mine,
    queryFn: ({ signal }) => http.request('/offices/mine', myOfficesSchema, { signal }),
    select: (list) => list.items,
    meta: ERROR_SHOWN_INLINE,
    staleTime: 60_000,
  });
}

/** Makes the session work in another office; everything read before belongs to the previous one. */
export function switchOffice(http: HttpClient, officeId: string): Promise<MyOffice> {
  return http.request('/offices/switch', myOfficeSchema, { method: 'POST', body: { officeId } });
}

/** What an invitation link shows before it is accepted: public, so it works signed out and carries no token. */
export function invitationPreviewQuery(http: HttpClient, token: string) {
  return queryOptions({
    queryKey: officeKeys.invitation(token),
    queryFn: ({ signal }) =>
      http.request(`/offices/invitations/${encodeURIComponent(token)}`, officeInvitationPreviewSchema, {
        signal,
        noAuth: true,
      }),
    meta: ERROR_SHOWN_INLINE,
  });
}

/**
 * Accepts an invitation for the signed-in person, who must be the invited address; the session moves into the
 * office joined, which the answer names.
 */
export function acceptInvitation(http: HttpClient, token: string): Promise<MyOffice> {
  return http.request('/offices/invitations/accept', myOfficeSchema, { method: 'POST', body: { token } });
}
