import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES } from '@casting/domain';
import { idempotencyKeys, projects, users } from '../../src/platform/db/schema';
import { purgeExpiredIdempotencyKeys } from '../../src/platform/http/idempotency';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import {
  buildIdentityApp,
  createUser,
  PASSWORD,
  signIn,
  uniqueEmail,
  type SignedIn,
} from '../support/identity';

let t: TestApp;
let director: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signIn(t.app, await createUser());
  other = await signIn(t.app, await createUser());
});
afterAll(() => t.close());

const createProject = (session: SignedIn, name: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/projects',
    headers: { ...session.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { name },
  });

async function projectsNamed(name: string) {
  const { db } = await testDatabase();
  return db.select({ id: projects.id }).from(projects).where(eq(projects.name, name));
}

describe('Idempotency-Key on creating calls', () => {
  it('answers a retry with the first answer and creates one row', async () => {
    const name = `Retry ${randomUUID()}`;
    const key = randomUUID();
    const first = await createProject(director, name, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await createProject(director, name, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.json()).toEqual(first.json());
    expect(await projectsNamed(name)).toHaveLength(1);
  });

  it('creates again without a key, as before', async () => {
    const name = `No key ${randomUUID()}`;
    await createProject(director, name);
    await createProject(director, name);
    expect(await projectsNamed(name)).toHaveLength(2);
  });

  it('refuses the same key with a different request, and creates nothing', async () => {
    const key = randomUUID();
    const first = `First ${randomUUID()}`;
    const second = `Second ${randomUUID()}`;
    expect((await createProject(director, first, key)).statusCode).toBe(201);
    const res = await createProject(director, second, key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: AUDIT_MESSAGES.idempotencyKeyReused });
    expect(await projectsNamed(second)).toHaveLength(0);
  });

  it("keeps one user's keys away from another user", async () => {
    const key = randomUUID();
    const name = `Shared key ${randomUUID()}`;
    const mine = await createProject(director, name, key);
    const theirs = await createProject(other, name, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await projectsNamed(name)).toHaveLength(2);
  });

  it('lets concurrent duplicates create one row: the others replay it or are told it is in progress', async () => {
    const name = `Concurrent ${randomUUID()}`;
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => createProject(director, name, key)));
    const created = await projectsNamed(name);
    expect(created).toHaveLength(1);
    for (const res of answers) {
      if (res.statusCode === 201) expect(res.json().id).toBe(created[0]?.id);
      else
        expect(res.json()).toMatchObject({
          code: 'CONFLICT',
          message: AUDIT_MESSAGES.idempotencyKeyInProgress,
        });
    }
    expect(answers.filter((res) => res.statusCode === 201).length).toBeGreaterThanOrEqual(1);
  });

  it('releases the key after a refused request, so a corrected retry runs', async () => {
    const key = randomUUID();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/projects',
      headers: { ...director.auth, 'idempotency-key': key },
      payload: { name: 'Bad lookup', projectTypeId: randomUUID() },
    });
    expect(refused.statusCode).toBe(400);
    const name = `Corrected ${randomUUID()}`;
    expect((await createProject(director, name, key)).statusCode).toBe(201);
    expect(await projectsNamed(name)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const name = `Bad key ${randomUUID()}`;
    const res = await createProject(director, name, 'x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUDIT_MESSAGES.idempotencyKeyInvalid);
    expect(await projectsNamed(name)).toHaveLength(0);
  });

  it('makes an anonymous sign-up retry create one account', async () => {
    const email = uniqueEmail('idem');
    const payload = {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email,
      password: PASSWORD,
      company: 'Northlight',
      roleType: 'ADMIN',
    };
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/staffs/register',
        headers: { 'idempotency-key': key },
        payload,
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.json().userId).toBe(first.json().userId);
    const { db } = await testDatabase();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('purges expired keys in housekeeping', async () => {
    const { db } = await testDatabase();
    const prefix = `purge-${randomUUID()}`;
    const past = new Date(Date.now() - 1000);
    await db.insert(idempotencyKeys).values([
      { owner: 'ip:test', key: `${prefix}-old`, route: 'POST /x', requestHash: 'h', expiresAt: past },
      {
        owner: 'ip:test',
        key: `${prefix}-new`,
        route: 'POST /x',
        requestHash: 'h',
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);
    expect(await purgeExpiredIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    const left = await db
      .select()
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.key, `${prefix}%`));
    expect(left.map((row) => row.key)).toEqual([`${prefix}-new`]);
  });
});
