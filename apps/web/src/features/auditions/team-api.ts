import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  auditionInviteResultSchema,
  auditionScheduleResultSchema,
  auditionScheduleSchema,
  auditionSessionListSchema,
  auditionSessionSavedSchema,
  type AuditionCallback,
  type AuditionInvite,
  type AuditionSchedule,
  type AuditionScheduleChange,
  type AuditionSessionInput,
} from '@casting/domain';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';

/** The team's calls of the auditions API (sessions, schedule, invitations, the session day, callbacks). */

export const teamKeys = {
  sessions: (projectId: string) => ['auditions', 'sessions', projectId] as const,
  schedule: (projectId: string, sessionId: string) =>
    ['auditions', 'schedule', projectId, sessionId] as const,
};

const sessionsPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/auditions/sessions`;
const sessionPath = (projectId: string, sessionId: string) =>
  `${sessionsPath(projectId)}/${encodeURIComponent(sessionId)}`;

/** The project's sessions by start (the first hundred: a production runs far fewer). */
export function sessionsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: teamKeys.sessions(projectId),
    queryFn: ({ signal }) =>
      http.request(sessionsPath(projectId), auditionSessionListSchema, { signal, query: { limit: 100 } }),
  });
}

export function scheduleQuery(http: HttpClient, projectId: string, sessionId: string) {
  return queryOptions({
    queryKey: teamKeys.schedule(projectId, sessionId),
    queryFn: ({ signal }) =>
      http.request(sessionPath(projectId, sessionId), auditionScheduleSchema, { signal }),
  });
}

/** Refetches the schedule (and the sessions' open slots) when a recipient answers or a colleague changes it. */
export function useLiveSchedule(projectId: string, sessionId: string | null) {
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (update.event !== 'AUDITION_UPDATED') return;
    void queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) });
    const changed = update.payload?.sessionId;
    if (sessionId && (changed === undefined || changed === sessionId)) {
      void queryClient.invalidateQueries({ queryKey: teamKeys.schedule(projectId, sessionId) });
    }
  });
}

function useScheduleWriter(projectId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return (schedule: AuditionSchedule) => {
    queryClient.setQueryData(teamKeys.schedule(projectId, sessionId), schedule);
    void queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) });
  };
}

export function useCreateSession(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditionSessionInput) =>
      http.request(sessionsPath(projectId), auditionSessionSavedSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) }),
  });
}

/** Saves a change of a session (only the fields changed); the lists and the session's schedule refetch. */
export function useUpdateSession(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AuditionSessionInput>) =>
      http.request(sessionPath(projectId, sessionId), auditionSessionSavedSchema, { method: 'PATCH', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.schedule(projectId, sessionId) }),
      ]),
  });
}

/** Deletes a session with its slots and invitations; the sessions refetch. */
export function useDeleteSession(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => http.send(sessionPath(projectId, sessionId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) }),
  });
}

/** Asks what a change would break (`save: false`) or saves it; a saved change's schedule replaces the cached one. */
export function useScheduleChange(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const write = useScheduleWriter(projectId, sessionId);
  return useMutation({
    mutationFn: (body: AuditionScheduleChange) =>
      http.request(`${sessionPath(projectId, sessionId)}/schedule`, auditionScheduleResultSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => {
      if (result.saved) write(result.schedule);
    },
  });
}

export function useAcceptChange(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const write = useScheduleWriter(projectId, sessionId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      http.request(
        `${sessionPath(projectId, sessionId)}/invitations/${encodeURIComponent(invitationId)}/accept-change`,
        auditionScheduleSchema,
        { method: 'POST' },
      ),
    onSuccess: write,
  });
}

/** Cancels an invitation: the slot frees and the calendar file becomes a cancellation. */
export function useCancelInvitation(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const write = useScheduleWriter(projectId, sessionId);
  return useMutation({
    mutationFn: (invitationId: string) =>
      http.request(
        `${sessionPath(projectId, sessionId)}/invitations/${encodeURIComponent(invitationId)}`,
        auditionScheduleSchema,
        { method: 'DELETE' },
      ),
    onSuccess: write,
  });
}

export type ResultInput = {
  attendance?: string | null;
  notes?: string | null;
  rating?: number | null;
};

/** The session day's record of one candidate (attendance, notes, rating). */
export function useRecordResult(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const write = useScheduleWriter(projectId, sessionId);
  return useMutation({
    mutationFn: ({ invitationId, ...body }: ResultInput & { invitationId: string }) =>
      http.request(
        `${sessionPath(projectId, sessionId)}/invitations/${encodeURIComponent(invitationId)}/result`,
        auditionScheduleSchema,
        { method: 'PUT', body },
      ),
    onSuccess: write,
  });
}

export function useInvite(projectId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, ...body }: AuditionInvite & { sessionId: string }) =>
      http.request(`${sessionPath(projectId, sessionId)}/invitations`, auditionInviteResultSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(teamKeys.schedule(projectId, result.schedule.session.id), result.schedule);
      void queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) });
    },
  });
}

export function useFillCallback(projectId: string, sessionId: string) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditionCallback) =>
      http.request(`${sessionPath(projectId, sessionId)}/callback`, auditionInviteResultSchema, {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(teamKeys.schedule(projectId, result.schedule.session.id), result.schedule);
      void queryClient.invalidateQueries({ queryKey: teamKeys.sessions(projectId) });
    },
  });
}

/** Saves the session's CSV (an authenticated call, so fetched and handed to the browser as a file). */
export async function downloadSessionCsv(
  http: HttpClient,
  projectId: string,
  sessionId: string,
  name: string,
) {
  const text = await http.request(`${sessionPath(projectId, sessionId)}/export.csv`, z.string());
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
