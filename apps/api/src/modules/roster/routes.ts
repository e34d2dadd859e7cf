import { z } from 'zod';
import {
  officeTagCreateSchema,
  officeTagListSchema,
  officeTagSchema,
  personTagAddSchema,
  rosterAddToOpportunityResultSchema,
  rosterAddToOpportunitySchema,
  rosterChangeSchema,
  rosterConflictListSchema,
  rosterConflictQuerySchema,
  rosterDuplicateListSchema,
  rosterDuplicateQuerySchema,
  rosterEntryListQuerySchema,
  rosterEntryListSchema,
  rosterEntrySchema,
  rosterListQuerySchema,
  rosterListSchema,
  rosterMergeResultSchema,
  rosterMergeSchema,
  rosterNoteCreateSchema,
  rosterPairSchema,
  rosterPersonSchema,
  rosterReleaseSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { addPersonToOpportunity } from './add-to-opportunity';
import { dismissDuplicate, listDuplicates } from './people-duplicates';
import { listRoster } from './people-list';
import { mergePeople } from './people-merge';
import {
  addNote,
  createOfficeTag,
  deleteNote,
  listOfficeTags,
  tagPerson,
  untagPerson,
} from './people-notes-tags';
import { personProfile } from './people-profile';
import { changeRoster, listRosterEntries, previewConflicts, releaseRoster } from './project-roster';

const TAGS = ['roster'];
const personParams = z.object({ personId: z.string().max(64) });
const noteParams = z.object({ personId: z.string().max(64), noteId: z.string().max(64) });
const tagParams = z.object({ personId: z.string().max(64), tagId: z.string().max(64) });
const projectParams = z.object({ id: z.string().max(64) });
const entryParams = z.object({ id: z.string().max(64), entryId: z.string().max(64) });
const ok = z.object({ ok: z.literal(true) });
const created = z.object({ id: z.string() });

/**
 * The office roster (`/roster`): the office's owner, casting directors and assistants (`access.office()`), and the
 * installation's super admins through it (decision 0039). The roster is the office's own database, so it is not scoped to a project; what a person's
 * profile shows of each project is (see personProfile).
 */
export function officeRosterRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const staff = { access: access.office() };

  app.get(
    '/roster/people',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary:
          'A page of the people known to the office (one per person across projects), searched and filtered',
        querystring: rosterListQuerySchema,
        response: { 200: rosterListSchema },
      },
    },
    async (request) => listRoster(db, request.query),
  );

  app.get(
    '/roster/people/:personId',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary:
          'A person’s profile: details, office notes and tags, applications in projects the caller reviews',
        params: personParams,
        response: { 200: rosterPersonSchema },
      },
    },
    async (request) => personProfile(db, requirePrincipal(request), request.params.personId),
  );

  app.post(
    '/roster/people/:personId/notes',
    {
      config: { ...staff, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Add an office note to a person',
        params: personParams,
        body: rosterNoteCreateSchema,
        response: { 201: created },
      },
    },
    async (request, reply) => {
      const note = await addNote(db, requirePrincipal(request), request.params.personId, request.body.body);
      return reply.status(201).send(note);
    },
  );

  app.delete(
    '/roster/people/:personId/notes/:noteId',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Delete an office note (its author or a super admin)',
        params: noteParams,
        response: { 200: ok },
      },
    },
    async (request) => {
      await deleteNote(db, requirePrincipal(request), request.params.personId, request.params.noteId);
      return { ok: true as const };
    },
  );

  app.get(
    '/roster/tags',
    {
      config: staff,
      schema: { tags: TAGS, summary: 'The office tags', response: { 200: officeTagListSchema } },
    },
    async () => listOfficeTags(db),
  );

  app.post(
    '/roster/tags',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Create an office tag (or answer the existing one of that name)',
        body: officeTagCreateSchema,
        response: { 200: officeTagSchema },
      },
    },
    async (request) => createOfficeTag(db, request.body.name),
  );

  app.post(
    '/roster/people/:personId/tags',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Tag a person with an office tag',
        params: personParams,
        body: personTagAddSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await tagPerson(db, request.params.personId, request.body.tagId);
      return { ok: true as const };
    },
  );

  app.delete(
    '/roster/people/:personId/tags/:tagId',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Remove an office tag from a person',
        params: tagParams,
        response: { 200: ok },
      },
    },
    async (request) => {
      await untagPerson(db, request.params.personId, request.params.tagId);
      return { ok: true as const };
    },
  );

  app.post(
    '/roster/people/:personId/opportunities',
    {
      config: { ...staff, idempotent: true },
      schema: {
        tags: TAGS,
        summary:
          'Add the person to an opportunity (a candidate in its New Submissions folder); needs add/remove applicant in its project',
        params: personParams,
        body: rosterAddToOpportunitySchema,
        response: { 200: rosterAddToOpportunityResultSchema },
      },
    },
    async (request) =>
      addPersonToOpportunity(
        db,
        requirePrincipal(request),
        request.params.personId,
        request.body.roleId,
        context.events,
        context.jobs,
      ),
  );

  app.get(
    '/roster/duplicates',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary:
          'Likely duplicates: pairs of people with the same names and date of birth, not yet dismissed',
        querystring: rosterDuplicateQuerySchema,
        response: { 200: rosterDuplicateListSchema },
      },
    },
    async (request) => listDuplicates(db, request.query),
  );

  app.post(
    '/roster/duplicates/dismiss',
    {
      config: staff,
      schema: {
        tags: TAGS,
        summary: 'Declare two people different: the pair is no longer proposed as a duplicate',
        body: rosterPairSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await dismissDuplicate(db, requirePrincipal(request), request.body.personIds);
      return { ok: true as const };
    },
  );

  app.post(
    '/roster/people/:personId/merge',
    {
      config: {
        ...staff,
        idempotent: true,
        audit: {
          action: 'roster.merge',
          target: { type: 'person', from: 'params', key: 'personId' },
          fields: ['mergedPersonId'],
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Merge another person into this one: every submission, vote, tag, message and media item moves over (one transaction)',
        params: personParams,
        body: rosterMergeSchema,
        response: { 200: rosterMergeResultSchema },
      },
    },
    async (request) =>
      mergePeople(db, requirePrincipal(request), request.params.personId, request.body.mergedPersonId),
  );
}

/**
 * The project roster (`/projects/{id}/roster-management`): reviewers read it, the project's staff change it
 * (VIEW_PROJECT_ROSTER, MANAGE_PROJECT_ROSTER; decision 0399).
 */
export function projectRosterRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/projects/:id/roster-management',
    {
      config: { access: access.project('VIEW_PROJECT_ROSTER') },
      schema: {
        tags: TAGS,
        summary: 'The project roster: avail checks, holds, bookings and releases with history and conflicts',
        params: projectParams,
        querystring: rosterEntryListQuerySchema,
        response: { 200: rosterEntryListSchema },
      },
    },
    async (request) => listRosterEntries(db, requirePrincipal(request), request.params.id, request.query),
  );

  app.get(
    '/projects/:id/roster-management/conflicts',
    {
      config: { access: access.project('MANAGE_PROJECT_ROSTER') },
      schema: {
        tags: TAGS,
        summary: 'Holds and bookings of the same person in other projects on overlapping dates',
        params: projectParams,
        querystring: rosterConflictQuerySchema,
        response: { 200: rosterConflictListSchema },
      },
    },
    async (request) => previewConflicts(db, requirePrincipal(request), request.params.id, request.query),
  );

  app.post(
    '/projects/:id/roster-management',
    {
      // A retried request with its Idempotency-Key replays the answer instead of a second history row and notice.
      config: { access: access.project('MANAGE_PROJECT_ROSTER'), idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Check availability, hold (first or second) or book a candidate on an opportunity',
        params: projectParams,
        body: rosterChangeSchema,
        response: { 200: rosterEntrySchema },
      },
    },
    async (request) => changeRoster(db, context, requirePrincipal(request), request.params.id, request.body),
  );

  app.post(
    '/projects/:id/roster-management/:entryId/release',
    {
      config: { access: access.project('MANAGE_PROJECT_ROSTER'), idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Release a candidate from the project roster',
        params: entryParams,
        body: rosterReleaseSchema,
        response: { 200: rosterEntrySchema },
      },
    },
    async (request) =>
      releaseRoster(
        db,
        context,
        requirePrincipal(request),
        request.params.id,
        request.params.entryId,
        request.body,
      ),
  );
}
