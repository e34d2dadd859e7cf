import { eq } from 'drizzle-orm';
import { MESSAGES } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/platform/db/schema';
import { buildTestApp, type TestApp } from './support/app';
import { testDatabase } from './support/database';
import { PASSWORD, uniqueEmail } from './support/identity';

// Control characters and text-direction overrides are refused in every field of every request with a 400 naming the
// field, and nothing is written (a NUL used to reach PostgreSQL and answer 500).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/staffs/register', payload });

const signUp = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Dana',
  lastName: 'Whitfield',
  email,
  password: PASSWORD,
  company: 'Northlight Casting',
  roleType: 'ADMIN',
  ...overrides,
});

async function accountExists(email: string) {
  const { db } = await testDatabase();
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

describe('text hygiene on every request', () => {
  it('refuses a NUL in an anonymous sign-up, names the field, and creates no account', async () => {
    const email = uniqueEmail('nul');
    const res = await register(signUp(email, { firstName: 'Da\u0000na' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        issues: [
          { path: 'body.firstName', message: 'Remove the invisible control characters from this field.' },
        ],
      },
    });
    expect(await accountExists(email)).toBe(false);
  });

  it('names every offending field, text-direction overrides included', async () => {
    const email = uniqueEmail('bidi');
    const res = await register(signUp(email, { lastName: 'Whit\u202Efield', company: 'North\u001blight' }));
    expect(res.statusCode).toBe(400);
    const issues = res.json().details.issues as { path: string; message: string }[];
    expect(issues).toEqual([
      { path: 'body.lastName', message: 'Remove the text-direction control characters from this field.' },
      { path: 'body.company', message: 'Remove the invisible control characters from this field.' },
    ]);
    expect(await accountExists(email)).toBe(false);
  });

  it('checks query strings too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a%00b%40example.com' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      { path: 'querystring.to', message: 'Remove the invisible control characters from this field.' },
    ]);
  });

  it('keeps line breaks, tabs and right-to-left text', async () => {
    const email = uniqueEmail('rtl');
    const res = await register(signUp(email, { firstName: 'שרה', company: 'Northlight\tCasting' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await accountExists(email)).toBe(true);
  });
});

/** `{"a":{"a":…{"a":leaf}}}` nested `levels` deep. */
function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

/** The same as JSON text, written out (serialising thousands of levels would exhaust the test's own stack). */
function nestedJson(levels: number, leaf: string): string {
  return `${'{"a":'.repeat(levels)}${JSON.stringify(leaf)}${'}'.repeat(levels)}`;
}

describe('nesting depth on every request', () => {
  it('finds a NUL 33 levels down in the anonymous upload-failure report and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media-management/upload-failed',
      payload: { error: 'Upload failed', context: nested(33, 'x\u0000y') },
      remoteAddress: '192.0.2.77',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain('Remove the invisible control characters from this field.');
  });

  it('refuses 5,000 levels of nesting with a 400 that says so, and creates no account', async () => {
    const email = uniqueEmail('deep');
    const body = JSON.stringify(signUp(email, { company: '__deep__' })).replace(
      '"__deep__"',
      nestedJson(5_000, 'Northlight'),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(MESSAGES.nestedTooDeeply);
    expect(await accountExists(email)).toBe(false);
  });
});
