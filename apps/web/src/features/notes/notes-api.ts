import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { notePageSchema, noteSchema } from '@casting/domain';
import type { NoteVisibility } from '@casting/domain';
import { useHttpClient } from '../../lib/http/http-client-context';

const enc = encodeURIComponent;

/**
 * Where a candidate's notes are read and written: the team's calls (by applicant, with the opportunity a new note is
 * about) or a client link's (by the link's candidate, with the link's secret and viewer in the headers).
 */
export interface NotesTarget {
  projectId: string;
  applicantId: string;
  /** A client link's secret and its candidate (the submission), in portal mode. */
  secret?: string;
  submissionId?: string;
  /** The team's note is about this opportunity (the create call's roleId). */
  roleId?: string;
  /** Portal mode: no sign-in, the link's headers instead. */
  options?: { noAuth?: boolean; headers?: Record<string, string> };
  /** The team's calls: visibility choice, edit and delete of one's own notes, live refresh. */
  team: boolean;
}

export function teamNotesTarget(projectId: string, applicantId: string, roleId: string): NotesTarget {
  return {
    projectId,
    applicantId,
    roleId,
    team: true,
  };
}

export function clientNotesTarget(
  projectId: string,
  applicantId: string,
  secret: string,
  submissionId: string,
  options: NotesTarget['options'],
): NotesTarget {
  return {
    projectId,
    applicantId,
    secret,
    submissionId,
    options,
    team: false,
  };
}

const teamPath = (projectId: string, applicantId: string) =>
  `/projects/${enc(projectId)}/candidates/${enc(applicantId)}/notes`;
const clientPath = (projectId: string, secret: string, submissionId: string) =>
  `/projects/${enc(projectId)}/applicants/${enc(secret)}/${enc(submissionId)}/notes`;

export const noteKeys = {
  all: (applicantId: string) => ['notes', applicantId] as const,
  list: (target: NotesTarget, filter: { q?: string; mediaId?: string }) =>
    ['notes', target.applicantId, target.secret ?? '', filter.q ?? '', filter.mediaId ?? ''] as const,
};

/** The candidate's notes newest first, page by page; `q` searches (the caller sends 3 characters or none). */
export function useNotes(target: NotesTarget, filter: { q?: string; mediaId?: string; limit?: number }) {
  const http = useHttpClient();
  return useInfiniteQuery({
    queryKey: noteKeys.list(target, filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = {
        ...(target.roleId ? { roleId: target.roleId } : {}),
        ...(filter.q ? { q: filter.q } : {}),
        ...(filter.mediaId ? { mediaId: filter.mediaId } : {}),
        ...(filter.limit ? { limit: String(filter.limit) } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      };
      return target.team
        ? http.request(teamPath(target.projectId, target.applicantId), notePageSchema, { signal, query })
        : http.request(
            clientPath(target.projectId, target.secret ?? '', target.submissionId ?? ''),
            notePageSchema,
            {
              noAuth: true,
              headers: target.options?.headers,
              signal,
              query,
            },
          );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export interface NewNote {
  body: string;
  visibility?: NoteVisibility;
  mediaId?: string;
  offsetMs?: number;
}

function refetchNotes(queryClient: ReturnType<typeof useQueryClient>, applicantId: string) {
  return queryClient.invalidateQueries({ queryKey: noteKeys.all(applicantId) });
}

export function useCreateNote(target: NotesTarget) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: NewNote) =>
      target.team
        ? http.request(teamPath(target.projectId, target.applicantId), noteSchema, {
            method: 'POST',
            body: { roleId: target.roleId, ...note },
          })
        : http.request(
            clientPath(target.projectId, target.secret ?? '', target.submissionId ?? ''),
            noteSchema,
            {
              ...target.options,
              method: 'POST',
              body: { ...note, visibility: undefined },
            },
          ),
    onSuccess: () => refetchNotes(queryClient, target.applicantId),
  });
}

const notePath = (projectId: string, noteId: string) => `/projects/${enc(projectId)}/notes/${enc(noteId)}`;

/** The author's change or delete of their note (the team's calls). */
export function useChangeNote(target: NotesTarget) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  const onSuccess = () => refetchNotes(queryClient, target.applicantId);
  const update = useMutation({
    mutationFn: (change: { id: string; body?: string; visibility?: NoteVisibility }) =>
      http.request(notePath(target.projectId, change.id), noteSchema, {
        method: 'PATCH',
        body: { body: change.body, visibility: change.visibility },
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.send(notePath(target.projectId, id), { method: 'DELETE' }),
    onSuccess,
  });
  return { update, remove };
}

/** Refetch a candidate's notes (a live NOTES_UPDATED about them). */
export function refreshNotes(queryClient: ReturnType<typeof useQueryClient>, applicantId: string) {
  return refetchNotes(queryClient, applicantId);
}
