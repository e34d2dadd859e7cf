import { z } from 'zod';
import {
  EDITABLE_PROJECT_LOOKUPS,
  PROJECT_DETAILS,
  PROJECT_LOOKUPS,
  ROLE_DETAILS,
  USER_ROLE_CODES,
  USER_ROLE_IDS,
  detailListSchema,
  lookupListSchema,
  lookupPageSchema,
  lookupQuerySchema,
  lookupValueInputSchema,
  optionSchema,
  userRoleListSchema,
  type LookupName,
} from '@casting/domain';
import type { AppContext } from '../../../platform/context';
import type { Db } from '../../../platform/db/client';
import { access } from '../../../platform/http/access';
import type { App } from '../../../platform/http/types';
import {
  addLookupValue,
  asLookupName,
  listLookupValues,
  lookupSummaries,
  renameLookupValue,
} from '../services/lookup-service';

const USER_ROLE_LABELS: Record<(typeof USER_ROLE_CODES)[number], string> = {
  SUPER_ADMIN: 'Super Admin',
  CASTING_DIRECTOR: 'Casting Director',
  CASTING_ASSISTANT: 'Casting Assistant',
  CLIENT: 'Client',
  TALENT: 'Talent',
};

const valueParams = z.object({ valueId: z.string().max(64) });

/** GET a lookup's page (staff); for editable ones also POST {name} and PATCH {name} (super admin). */
function lookupEndpoints(app: App, db: Db, path: string, lookup: LookupName, editable: boolean) {
  app.get(
    path,
    {
      config: { access: access.staff() },
      schema: {
        tags: ['lookups'],
        summary: `Values of the ${lookup} lookup`,
        querystring: lookupQuerySchema,
        response: { 200: lookupPageSchema },
      },
    },
    async (request) => listLookupValues(db, lookup, request.query),
  );
  if (!editable) return;
  app.post(
    path,
    {
      config: { access: access.operator(), idempotent: true },
      schema: {
        tags: ['lookups'],
        summary: `Add a value to the ${lookup} lookup`,
        body: lookupValueInputSchema,
        response: { 201: optionSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addLookupValue(db, lookup, request.body.name)),
  );
  app.patch(
    `${path}/:valueId`,
    {
      config: { access: access.operator() },
      schema: {
        tags: ['lookups'],
        summary: `Rename a value of the ${lookup} lookup`,
        params: valueParams,
        body: lookupValueInputSchema,
        response: { 200: optionSchema },
      },
    },
    async (request) => renameLookupValue(db, lookup, request.params.valueId, request.body.name),
  );
}

/**
 * Every lookup the forms choose from (project types, union status, regions, genders, skills...), the detail codes of
 * projects and opportunities, and the user roles. Staff read them; only a super admin adds or renames values.
 */
export function lookupRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  for (const lookup of PROJECT_LOOKUPS) {
    const editable = (EDITABLE_PROJECT_LOOKUPS as readonly string[]).includes(lookup);
    lookupEndpoints(app, db, `/projects/lookups/${lookup}`, lookup, editable);
  }
  lookupEndpoints(app, db, '/users/lookups/ethnicities', 'ethnicities', false);
  lookupEndpoints(app, db, '/lookup-management/skills', 'skills', false);
  lookupEndpoints(app, db, '/lookup-management/appearances', 'appearances', false);

  const detailRoute = (path: string, summary: string, items: typeof PROJECT_DETAILS) =>
    app.get(
      path,
      {
        config: { access: access.staff() },
        schema: { tags: ['lookups'], summary, response: { 200: detailListSchema } },
      },
      async () => ({ items: [...items] }),
    );
  detailRoute('/projects/lookups/details', 'Detail codes of a project', PROJECT_DETAILS);
  detailRoute('/projects/lookups/role-details', 'Detail codes of an opportunity', ROLE_DETAILS);

  app.get(
    '/users/lookups/roles',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['lookups'],
        summary: 'User roles with their ranking ids',
        response: { 200: userRoleListSchema },
      },
    },
    async () => ({
      items: USER_ROLE_CODES.map((code) => ({
        value: USER_ROLE_IDS[code],
        code,
        label: USER_ROLE_LABELS[code],
      })),
    }),
  );

  app.get(
    '/lookup-management/enums',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['lookups'],
        summary: 'Every lookup with its number of values',
        response: { 200: lookupListSchema },
      },
    },
    async () => ({ items: await lookupSummaries(db) }),
  );

  const lookupParams = z.object({ lookup: z.string().max(64) });
  app.get(
    '/lookup-management/enums/:lookup',
    {
      config: { access: access.staff() },
      schema: {
        tags: ['lookups'],
        summary: 'Values of any lookup',
        params: lookupParams,
        querystring: lookupQuerySchema,
        response: { 200: lookupPageSchema },
      },
    },
    async (request) => listLookupValues(db, asLookupName(request.params.lookup), request.query),
  );
  app.post(
    '/lookup-management/enums/:lookup',
    {
      config: { access: access.operator(), idempotent: true },
      schema: {
        tags: ['lookups'],
        summary: 'Add a value to any lookup',
        params: lookupParams,
        body: lookupValueInputSchema,
        response: { 201: optionSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addLookupValue(db, asLookupName(request.params.lookup), request.body.name)),
  );
  app.patch(
    '/lookup-management/enums/:lookup/:valueId',
    {
      config: { access: access.operator() },
      schema: {
        tags: ['lookups'],
        summary: 'Rename a value of any lookup',
        params: lookupParams.extend(valueParams.shape),
        body: lookupValueInputSchema,
        response: { 200: optionSchema },
      },
    },
    async (request) =>
      renameLookupValue(db, asLookupName(request.params.lookup), request.params.valueId, request.body.name),
  );
}
