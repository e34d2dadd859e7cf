import { z } from 'zod';
import {
  personErasureSchema,
  personEraseSchema,
  personExportListSchema,
  personExportSchema,
  personExportWithPersonSchema,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { access } from '../../platform/http/access';
import { requirePrincipal } from '../../platform/http/principal';
import type { App } from '../../platform/http/types';
import { erasePerson } from './person-erasure';
import { listPersonExports, readPersonExport, requestPersonExport } from './person-export';

const TAGS = ['roster'];
const personParams = z.object({ personId: z.string().max(64) });
const person = { type: 'person', from: 'params', key: 'personId' } as const;

/**
 * An office's duties towards a person of its roster (decisions 0090 to 0092): erasure on request and the export of
 * their data, both for the office's owner and casting directors only, both audited without personal data (the
 * person's id, and for an erasure the counts of what went).
 */
export function personDataRoutes(app: App, context: AppContext) {
  const rule = access.personData();

  app.post(
    '/roster/people/:personId/erase',
    {
      config: {
        access: rule,
        audit: { action: 'roster.erase', target: person, answerFields: ['removed'] },
      },
      schema: {
        tags: TAGS,
        summary:
          'Erase a person from the office: every application, feedback, message, file and export naming them (one transaction; files purged after)',
        description:
          'The body retypes the person’s full name or e-mail address; anything else is a 400 that changes nothing.',
        params: personParams,
        body: personEraseSchema,
        response: { 200: personErasureSchema },
      },
    },
    async (request) => erasePerson(context, request.params.personId, request.body.confirm),
  );

  app.post(
    '/roster/people/:personId/export',
    {
      config: { access: rule, audit: { action: 'roster.export', target: person } },
      schema: {
        tags: TAGS,
        summary:
          'Export what the office holds about a person (person.json and their media originals) as one zip, built by a job; the requester is mailed when it is ready',
        params: personParams,
        response: { 202: personExportSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await requestPersonExport(context, requirePrincipal(request), request.params.personId)),
  );

  app.get(
    '/roster/people/:personId/exports',
    {
      config: { access: rule },
      schema: {
        tags: TAGS,
        summary:
          'A person’s data exports, newest first, with status, progress and a download URL while ready',
        params: personParams,
        response: { 200: personExportListSchema },
      },
    },
    async (request) => listPersonExports(context, request.params.personId),
  );

  app.get(
    '/roster/exports/:exportId',
    {
      config: { access: rule },
      schema: {
        tags: TAGS,
        summary: 'One data export with the person it is of (where the export-ready e-mail links to)',
        params: z.object({ exportId: z.string().max(64) }),
        response: { 200: personExportWithPersonSchema },
      },
    },
    async (request) => readPersonExport(context, request.params.exportId),
  );
}
