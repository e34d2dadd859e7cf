import { eq } from 'drizzle-orm';
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
