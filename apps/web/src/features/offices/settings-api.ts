import { memberSignUpSchema, officeLegalSchema, officeSchema, supportAccessSchema } from '@casting/domain';
import type { MemberSignUp, Office, SupportAccess, UpdateOffice } from '@casting/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { officeKeys } from './offices-api';

/** The office's terms and privacy texts with their version (owners only). */
export function officeLegalQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.legal,
    queryFn: ({ signal }) => http.request('/offices/current/legal', officeLegalSchema, { signal }),
  });
}

/** Whether the operator has support access now, and until when (owners only). */
export function supportAccessQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.supportAccess,
    queryFn: ({ signal }) => http.request('/offices/current/support-access', supportAccessSchema, { signal }),
  });
}

/** Every change of the office answers the office: it replaces the cached one, so the office menu follows at once. */
function useOfficeAnswer() {
  const queryClient = useQueryClient();
  return (office: Office) => queryClient.setQueryData<Office>(officeKeys.current, office);
}

/**
 * Saves the changed settings. The legal texts, the list of offices and the retention preview are read again before
 * the save settles (a new text raises its version, a new name renames the menu's entry, a new retention moves every
 * purge date), so what the page shows afterwards is what was kept.
 */
export function useUpdateOffice() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const answered = useOfficeAnswer();
  return useMutation({
    mutationFn: (change: UpdateOffice) =>
      http.request('/offices/current', officeSchema, { method: 'PATCH', body: change }),
    onSuccess: (office) => {
      answered(office);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: officeKeys.legal }),
        queryClient.invalidateQueries({ queryKey: officeKeys.mine }),
        queryClient.invalidateQueries({ queryKey: officeKeys.retention }),
      ]);
    },
  });
}

/** Uploads a new logo, sent as the image itself; the server judges what the bytes are, not the name. */
export function useUploadLogo() {
  const http = useHttpClient();
  const answered = useOfficeAnswer();
  return useMutation({
    mutationFn: (file: File) =>
      http.request('/offices/current/logo', officeSchema, {
        method: 'PUT',
        body: file,
        headers: { 'Content-Type': file.type || 'application/octet-stream' },
      }),
    onSuccess: answered,
  });
}

export function useRemoveLogo() {
  const http = useHttpClient();
  const answered = useOfficeAnswer();
  return useMutation({
    mutationFn: () => http.request('/offices/current/logo', officeSchema, { method: 'DELETE' }),
    onSuccess: answered,
  });
}

/** Grants the operator access for some hours, replacing a grant in force; the answer says until when. */
export function useGrantSupportAccess() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number) =>
      http.request('/offices/current/support-access', supportAccessSchema, {
        method: 'POST',
        body: { hours },
      }),
    onSuccess: (grant) => queryClient.setQueryData<SupportAccess>(officeKeys.supportAccess, grant),
  });
}

/** Ends the operator's access now. */
export function useEndSupportAccess() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.send('/offices/current/support-access', { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<SupportAccess>(officeKeys.supportAccess, { active: false, expiresAt: null }),
  });
}

/** The domains whose people may join the office by signing up, and the role they get (owners only). */
export function memberSignUpQuery(http: HttpClient) {
  return queryOptions({
    queryKey: officeKeys.memberSignUp,
    queryFn: ({ signal }) => http.request('/offices/current/member-sign-up', memberSignUpSchema, { signal }),
  });
}

/** Replaces the domains and the role; the answer is what the server kept (lower-cased, sorted). */
export function useSetMemberSignUp() {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: MemberSignUp) =>
      http.request('/offices/current/member-sign-up', memberSignUpSchema, { method: 'PUT', body: next }),
    onSuccess: (kept) => queryClient.setQueryData<MemberSignUp>(officeKeys.memberSignUp, kept),
  });
}
