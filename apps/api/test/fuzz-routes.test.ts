import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '@casting/domain';
import { buildTestApp, type TestApp } from './support/app';
import { testDatabase } from './support/database';
import { createUser, CSRF, signIn } from './support/identity';
import { buildProject } from './support/projects';

// A schema-driven fuzz test: every API route's own request schemas (as published in the OpenAPI document, which is
// generated from the routes' zod schemas) drive fast-check generators of valid, near-valid and arbitrary input. Sent
// by a super admin, who passes every access rule, each answer must be a success or a catalogue 4xx in the error
// shape, never a 5xx; and a refused request must leave every table's row count as it was (no partial write).
// Tables that record refusals on purpose are left out of that comparison.
const RECORDS_REFUSALS = new Set(['audit_events', 'auth_rate_limits']);
const RUNS = Number(process.env.FUZZ_RUNS ?? 250);

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface FuzzRoute {
  method: string;
  path: string;
  operation: Operation;
}

let t: TestApp;
let bearer: string;
let doc: OpenApiDocument;
let tables: string[];
let knownIds: string[];

beforeAll(async () => {
  // No job workers: a mail queued by an earlier, accepted request would otherwise land in the outbox while a later
  // refused one is being checked, and read as that request's write.
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const admin = await createUser({ roleCode: 'SUPER_ADMIN' });
  bearer = (await signIn(t.app, admin)).auth.authorization;
  // Real ids too, so some requests get past "not found" into the services.
  knownIds = [admin.id, (await buildProject(admin)).id];
  doc = (t.app as unknown as { swagger(): OpenApiDocument }).swagger();
  const { db } = await testDatabase();
  const rows = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  tables = rowsOf<{ table_name: string }>(rows)
    .map((row) => row.table_name)
    .filter((name) => !RECORDS_REFUSALS.has(name))
    .sort();
});
afterAll(() => t.close());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function rowCounts(): Promise<Record<string, number>> {
  const { db } = await testDatabase();
  const union = tables
    .map((name) => `select '${name}' as t, count(*)::int as n from "${name}"`)
    .join(' union all ');
  const rows = rowsOf<{ t: string; n: number }>(await db.execute(sql.raw(union)));
  return Object.fromEntries(rows.map((row) => [row.t, Number(row.n)]));
}

function fuzzRoutes(): FuzzRoute[] {
  const routes: FuzzRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    // Signing out and ending the session tracking would end the fuzzing admin's own session; the live channel is a
    // websocket. The malformed-input test (robustness.test.ts) covers those.
    if (!path.startsWith('/api/') || path.includes('sign-out') || path.startsWith('/api/session-tracking'))
      continue;
    if (path === '/api/live' || path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        routes.push({ method: method.toUpperCase(), path, operation });
    }
  }
  return routes;
}

function resolve(schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1) ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

const junk = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'x'.repeat(300),
    '%00',
    '\u0000',
    '../../etc/passwd',
    "'; drop table users; --",
    '🎬',
  ),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
);

/** Values the schema accepts (mostly): the generator follows types, formats, enums and bounds. */
function valid(input: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if (depth > 4) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.length) return valid(schema.allOf[0]!, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((one) => valid({ ...schema, type: one }, depth)));
  switch (type[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000) + (schema.exclusiveMinimum ? 1 : 0);
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000) - (schema.exclusiveMaximum ? 1 : 0);
      return fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valid(schema.items, depth + 1) : junk, {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
    case undefined: {
      if (!schema.properties)
        return type[0] ? fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 3 }) : junk;
      const shape = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, valid(value, depth + 1)]),
      );
      return fc.record(shape, { requiredKeys: (schema.required ?? []).filter((key) => key in shape) });
    }
    default:
      return junk;
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constantFrom(...knownIds));
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString().slice(0, 10));
    default: {
      const minLength = Math.min(schema.minLength ?? 0, 40);
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
    }
  }
}

/** One field of a valid object replaced by junk or dropped: input a client bug would send. */
function nearValid(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema), fc.nat(), junk, fc.boolean()).map(([value, pick, bad, drop]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
    const keys = Object.keys(value);
    if (keys.length === 0) return bad;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const key = keys[pick % keys.length]!;
    if (drop) delete copy[key];
    else copy[key] = bad;
    return copy;
  });
}

function inputOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  return fc.oneof(
    { weight: 3, arbitrary: valid(schema) },
    { weight: 2, arbitrary: nearValid(schema) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

function requestOf(route: FuzzRoute) {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const body = resolve(route.operation.requestBody?.content?.['application/json']?.schema ?? {});
  const hasBody = Boolean(route.operation.requestBody);
  return fc.record({
    path: fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof({ weight: 4, arbitrary: valid(p.schema ?? {}) }, { weight: 1, arbitrary: junk }),
      ),
    ),
    query: fc.tuple(
      ...queryParams.map((p) =>
        fc.option(fc.oneof({ weight: 3, arbitrary: valid(p.schema ?? {}) }, { weight: 1, arbitrary: junk }), {
          nil: undefined,
        }),
      ),
    ),
    body: hasBody ? inputOf(body) : fc.constant(undefined),
  });
}

function urlOf(route: FuzzRoute, values: { path: unknown[]; query: unknown[] }): string {
  const pathParams = (route.operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  let url = route.path;
  pathParams.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(values.path[i] ?? '')));
  });
  const search = new URLSearchParams();
  queryParams.forEach((p, i) => {
    const value = values.query[i];
    if (value === undefined) return;
    for (const one of Array.isArray(value) ? value : [value]) search.append(p.name, String(one));
  });
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

describe('schema-driven fuzzing of every route', () => {
  it('reads the routes and their schemas from the app', () => {
    expect(fuzzRoutes().length).toBeGreaterThan(40);
  });

  it('never answers 5xx, always in the error shape, and a refused request writes nothing', async () => {
    const routes = fuzzRoutes();
    const statuses: Record<number, number> = {};
    const routeAndRequest = fc
      .constantFrom(...routes)
      .chain((route) => requestOf(route).map((values) => ({ route, values })));
    await fc.assert(
      fc.asyncProperty(routeAndRequest, async ({ route, values }) => {
        const before = await rowCounts();
        const url = urlOf(route, values);
        const hasBody = values.body !== undefined;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            authorization: bearer,
            ...CSRF,
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(hasBody ? { payload: JSON.stringify(values.body) } : {}),
        });
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const where = `${route.method} ${url} ${JSON.stringify(values.body)?.slice(0, 200)}`;
        expect(res.statusCode, `${where}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const parsed = res.json();
          expect(isErrorCode(parsed.code), `${where}: ${res.body.slice(0, 300)}`).toBe(true);
          expect(parsed.message, where).toEqual(expect.any(String));
          expect(await rowCounts(), `${where} (${res.statusCode}) changed rows`).toEqual(before);
        }
      }),
      { numRuns: RUNS },
    );
    // The generators must reach the handlers, not only the validator: some requests succeed.
    if (process.env.FUZZ_REPORT) console.log(statuses);
    expect(Object.keys(statuses).some((status) => Number(status) < 300)).toBe(true);
  }, 180_000);
});
