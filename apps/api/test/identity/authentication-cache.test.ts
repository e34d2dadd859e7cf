import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions } from '../../src/platform/db/schema';
import { LISTENER_APPLICATION_NAME } from '../../src/platform/events/postgres-events';
import { appsCaughtUp, type TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { buildIdentityApp, createUser, signIn, updateUserRow, type SignedIn } from '../support/identity';

// The authenticator remembers a session's state for a few seconds (decision 0061). These tests change that state
// behind the API's back, as another instance, an admin script or an operator would, right after requests that filled
// the memory, and expect the next request to see the change once the change's notification has been delivered
// (appsCaughtUp; on PostgreSQL it travels on the app's listen connection, a moment after the commit).

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const me = (session: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: session.auth });

async function signedInAndRemembered(roleCode?: 'CASTING_DIRECTOR') {
  const user = await createUser(roleCode ? { roleCode } : {});
  const session = await signIn(t.app, user);
  for (let i = 0; i < 3; i += 1) expect((await me(session)).statusCode).toBe(200);
  return { user, session };
}

async function revokeAll(userId: string) {
  const { db } = await testDatabase();
  await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, userId));
  await appsCaughtUp();
}

describe("the authenticator's memory of sessions", () => {
  it('refuses a session revoked in the database on the next request', async () => {
    const { user, session } = await signedInAndRemembered();
    await revokeAll(user.id);
    expect((await me(session)).statusCode).toBe(401);
  });

  it('refuses a deactivated user on the next request', async () => {
    const { user, session } = await signedInAndRemembered();
    await updateUserRow(user.id, { deactivatedAt: new Date() });
    expect((await me(session)).statusCode).toBe(401);
  });

  it('answers with a changed role on the next request', async () => {
    const { user, session } = await signedInAndRemembered('CASTING_DIRECTOR');
    const admin = t.app.inject({ method: 'GET', url: '/api/admin/agencies', headers: session.auth });
    expect((await admin).statusCode).toBe(403);
    await updateUserRow(user.id, { roleCode: 'SUPER_ADMIN' });
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/agencies', headers: session.auth });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('asks for a second factor as soon as an administrator requires one', async () => {
    const { user, session } = await signedInAndRemembered();
    await updateUserRow(user.id, { otpRequired: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: session.auth });
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the authenticator's memory on PostgreSQL", () => {
  it('forgets everything when its listen connection drops, so a change made meanwhile is not missed', async () => {
    const { user, session } = await signedInAndRemembered();
    const { db } = await testDatabase();
    // A watch of the test's own on the app's events port tells when the app has seen the cut and listens again.
    let gaps = 0;
    const watch = t.context.events.watch('casting_auth_cache_test', {
      message: () => undefined,
      gap: () => (gaps += 1),
    });
    await eventually('the app listens', () => watch.live);
    // Cut every instance's listen connection, and revoke while they reconnect: the notification of the revocation
    // may reach nobody, so only forgetting on the gap keeps the session from answering from memory.
    await db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await revokeAll(user.id);
    expect((await me(session)).statusCode).toBe(401);
    // Once listening again it remembers sessions again, and still hears about their changes.
    await eventually('the app listens again', () => gaps > 0 && watch.live);
    const other = await signedInAndRemembered();
    expect((await me(other.session)).statusCode).toBe(200);
    await revokeAll(other.user.id);
    expect((await me(other.session)).statusCode).toBe(401);
    watch.stop();
  });
});
