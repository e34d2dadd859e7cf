import {
  applicantListSchema,
  officeTagListSchema,
  officeTagSchema,
  roleOptionListSchema,
  rosterAddToOpportunityResultSchema,
  rosterConflictListSchema,
  rosterDuplicateListSchema,
  rosterEntryListSchema,
  rosterEntrySchema,
  rosterListSchema,
  rosterMergeResultSchema,
  rosterPersonSchema,
} from '@casting/domain';
import type { RosterChangeInput, RosterReleaseInput, RosterStatus } from '@casting/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { HttpClient } from '../../lib/http/http-client';
import { useHttpClient } from '../../lib/http/http-client-context';
import { useLiveProject } from '../../lib/live/use-live-project';

const ok = z.object({ ok: z.literal(true) });

/** The roster page's filters; empty values are not sent. */
export interface RosterFilters {
  q: string;
  sort: 'name' | 'newest';
  ageMin: string;
  ageMax: string;
  location: string;
  tagId: string;
  skill: string;
  projectId: string;
  genderId: string;
}

export const NO_ROSTER_FILTERS: RosterFilters = {
  q: '',
  sort: 'name',
  ageMin: '',
  ageMax: '',
  location: '',
  tagId: '',
  skill: '',
  projectId: '',
  genderId: '',
};

export const ROSTER_PAGE_SIZE = 50;

export const rosterKeys = {
  all: ['roster'] as const,
  list: (filters: RosterFilters) => ['roster', 'people', filters] as const,
  person: (personId: string) => ['roster', 'person', personId] as const,
  tags: ['roster', 'tags'] as const,
  duplicates: ['roster', 'duplicates'] as const,
  project: (projectId: string) => ['project-roster', projectId] as const,
  entries: (projectId: string, status: string, applicantId: string) =>
    ['project-roster', projectId, 'entries', status, applicantId] as const,
};

const blank = (value: string) => value.trim() || undefined;

/** People in name (or newest) order, one page at a time after the previous page's cursor. */
export function rosterQuery(http: HttpClient, filters: RosterFilters) {
  const q = filters.q.trim();
  return infiniteQueryOptions({
    queryKey: rosterKeys.list(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/roster/people', rosterListSchema, {
        query: {
          // The search starts at three characters (the trigram index's unit), like the candidates page.
          q: q.length >= 3 ? q : undefined,
          sort: filters.sort,
          'age[min]': blank(filters.ageMin),
          'age[max]': blank(filters.ageMax),
          location: blank(filters.location),
          tagId: blank(filters.tagId),
          skill: blank(filters.skill),
          projectId: blank(filters.projectId),
          genderId: blank(filters.genderId),
          limit: ROSTER_PAGE_SIZE,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function personQuery(http: HttpClient, personId: string) {
  return queryOptions({
    queryKey: rosterKeys.person(personId),
    queryFn: ({ signal }) =>
      http.request(`/roster/people/${encodeURIComponent(personId)}`, rosterPersonSchema, { signal }),
  });
}

export function officeTagsQuery(http: HttpClient) {
  return queryOptions({
    queryKey: rosterKeys.tags,
    queryFn: ({ signal }) => http.request('/roster/tags', officeTagListSchema, { signal }),
  });
}

export function duplicatesQuery(http: HttpClient) {
  return infiniteQueryOptions({
    queryKey: rosterKeys.duplicates,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request('/roster/duplicates', rosterDuplicateListSchema, {
        query: { limit: 20, cursor: pageParam ?? undefined },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The opportunities of a project as choices (for "add to an opportunity"). */
export function opportunityOptionsQuery(http: HttpClient, projectId: string) {
  return queryOptions({
    queryKey: ['roster', 'opportunities', projectId] as const,
    queryFn: ({ signal }) =>
      http.request(`/v2/projects/${encodeURIComponent(projectId)}/roles/options`, roleOptionListSchema, {
        signal,
      }),
    enabled: projectId !== '',
  });
}

/** Every roster mutation refreshes the roster's lists and profiles (small, and always what the user just changed). */
function useRosterMutation<I, R>(send: (http: HttpClient, input: I) => Promise<R>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => send(http, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rosterKeys.all }),
  });
}

const personPath = (personId: string) => `/roster/people/${encodeURIComponent(personId)}`;

export const useAddNote = () =>
  useRosterMutation((http, input: { personId: string; body: string }) =>
    http.request(`${personPath(input.personId)}/notes`, z.object({ id: z.string() }), {
      method: 'POST',
      body: { body: input.body },
    }),
  );

export const useDeleteNote = () =>
  useRosterMutation((http, input: { personId: string; noteId: string }) =>
    http.request(`${personPath(input.personId)}/notes/${encodeURIComponent(input.noteId)}`, ok, {
      method: 'DELETE',
    }),
  );

/** Creates (or finds) the office tag by name, then puts it on the person. */
export const useTagPerson = () =>
  useRosterMutation(async (http, input: { personId: string; name: string }) => {
    const tag = await http.request('/roster/tags', officeTagSchema, {
      method: 'POST',
      body: { name: input.name },
    });
    return http.request(`${personPath(input.personId)}/tags`, ok, {
      method: 'POST',
      body: { tagId: tag.id },
    });
  });

export const useUntagPerson = () =>
  useRosterMutation((http, input: { personId: string; tagId: string }) =>
    http.request(`${personPath(input.personId)}/tags/${encodeURIComponent(input.tagId)}`, ok, {
      method: 'DELETE',
    }),
  );

export const useMerge = () =>
  useRosterMutation((http, input: { keptId: string; mergedId: string }) =>
    http.request(`${personPath(input.keptId)}/merge`, rosterMergeResultSchema, {
      method: 'POST',
      body: { mergedPersonId: input.mergedId },
    }),
  );

export const useDismissDuplicate = () =>
  useRosterMutation((http, input: { personIds: [string, string] }) =>
    http.request('/roster/duplicates/dismiss', ok, { method: 'POST', body: input }),
  );

export const useAddToOpportunity = () =>
  useRosterMutation((http, input: { personId: string; roleId: string }) =>
    http.request(`${personPath(input.personId)}/opportunities`, rosterAddToOpportunityResultSchema, {
      method: 'POST',
      body: { roleId: input.roleId },
    }),
  );

// ---- Project roster ----

const rosterPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/roster-management`;

export function rosterEntriesQuery(
  http: HttpClient,
  projectId: string,
  options: { status?: RosterStatus | ''; applicantId?: string } = {},
) {
  return infiniteQueryOptions({
    queryKey: rosterKeys.entries(projectId, options.status ?? '', options.applicantId ?? ''),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      http.request(rosterPath(projectId), rosterEntryListSchema, {
        query: {
          status: options.status || undefined,
          applicantId: options.applicantId || undefined,
          limit: 50,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function conflictPreviewQuery(
  http: HttpClient,
  projectId: string,
  input: { submissionId: string; startDate: string; endDate: string },
) {
  return queryOptions({
    queryKey: ['project-roster', projectId, 'conflicts', input] as const,
    queryFn: ({ signal }) =>
      http.request(`${rosterPath(projectId)}/conflicts`, rosterConflictListSchema, {
        query: { ...input },
        signal,
      }),
    enabled: Boolean(
      input.submissionId && input.startDate && input.endDate && input.startDate <= input.endDate,
    ),
  });
}

/** The project's candidates matching a name, for choosing whom to check, hold or book. */
export function candidateSearchQuery(http: HttpClient, projectId: string, term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: ['project-roster', projectId, 'candidate-search', q] as const,
    queryFn: ({ signal }) =>
      http.request(`/projects/${encodeURIComponent(projectId)}/applicants`, applicantListSchema, {
        query: { nameOrEmail: q.length >= 3 ? q : undefined, limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useProjectRosterMutation<I, R>(projectId: string, send: (http: HttpClient, input: I) => Promise<R>) {
  const http = useHttpClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => send(http, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: rosterKeys.project(projectId) }),
  });
}

export const useRosterChange = (projectId: string) =>
  useProjectRosterMutation(projectId, (http, input: RosterChangeInput) =>
    http.request(rosterPath(projectId), rosterEntrySchema, { method: 'POST', body: input }),
  );

export const useRosterRelease = (projectId: string) =>
  useProjectRosterMutation(projectId, (http, input: RosterReleaseInput & { entryId: string }) => {
    const { entryId, ...body } = input;
    return http.request(
      `${rosterPath(projectId)}/${encodeURIComponent(entryId)}/release`,
      rosterEntrySchema,
      {
        method: 'POST',
        body,
      },
    );
  });

/** Refetches the project roster (list and candidate statuses) when someone changes it: the live channel's hint. */
export function useLiveRoster(projectId: string) {
  const queryClient = useQueryClient();
  useLiveProject(projectId, (update) => {
    if (update.event === 'PROJECT_ROSTER_UPDATED') {
      void queryClient.invalidateQueries({ queryKey: rosterKeys.project(projectId) });
    }
  });
}

/** Opens (or finds) the project's chat thread with an applicant, for the profile's "Start a chat". */
export function useOpenChatThread() {
  const http = useHttpClient();
  return useMutation({
    mutationFn: (application: { projectId: string; applicantId: string }) =>
      http.request('/conversation-management/threads', z.object({ id: z.string() }), {
        method: 'POST',
        body: { projectId: application.projectId, applicantId: application.applicantId },
      }),
  });
}
