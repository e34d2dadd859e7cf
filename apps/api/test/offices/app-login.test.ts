import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationLoginProblem } from '../../src/platform/db/app-login';
import { openDatabase, type Database } from '../../src/platform/db/client';
import { rowsOf } from '../../src/platform/db/rows';
import { offices, projects, users } from '../../src/platform/db/schema';
import { runAsOwner, runInOffice } from '../../src/platform/db/scope';
import { dropWhenClosed, freshDatabaseName } from '../support/database';

/*
 * The application's own PostgreSQL login (DATABASE_APP_URL). With the owner's login alone, a request's connection is
 * switched to the application role, and the same connection could switch back (RESET ROLE) past row-level security;
 * with a login of its own there is nothing to switch back to. PostgreSQL only: the embedded engine has one user.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const login = `casting_web_${randomBytes(4).toString('hex')}`;
const name = freshDatabaseName();
let ownerUrl = '';
let appUrl = '';
let owned: Database;
let withLogin: Database;
let officeId = '';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What a request's connection sees after trying to leave the application role. */
async function afterResetRole(database: Database) {
  return runInOffice(null, () =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`reset role`);
      return rowsOf<{ who: string; seen: number }>(
        await tx.execute(sql`select current_user as who, (select count(*) from projects)::int as seen`),
      )[0];
    }),
  );
}

describe.skipIf(!serverUrl)('the application’s own login', () => {
  beforeAll(async () => {
    await admin((client) => client.query(`create database "${name}"`));
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    ownerUrl = target.toString();
    owned = await openDatabase({ databaseUrl: ownerUrl, poolSize: 2 });
    await admin((client) => client.query(`create role ${login} login in role casting_app`));
    const app = new URL(ownerUrl);
    app.username = login;
    appUrl = app.toString();
    withLogin = await openDatabase({ databaseUrl: ownerUrl, appDatabaseUrl: appUrl, poolSize: 2 });
    officeId = await runAsOwner(async () => {
      const [office] = await owned.db.insert(offices).values({ name: 'Login Office' }).returning();
      const [owner] = await owned.db
        .insert(users)
        .values({
          email: `${login}@example.com`,
          firstName: 'Dana',
          lastName: 'Owner',
          roleCode: 'CASTING_DIRECTOR',
        })
        .returning();
      await owned.db
        .insert(projects)
        .values({ officeId: office!.id, name: 'Harbor Lights', ownerId: owner!.id });
      return office!.id;
    });
  });
  afterAll(async () => {
    await withLogin?.close();
    await owned?.close();
    await admin(async (client) => {
      await dropWhenClosed(client, name);
      await client.query(`drop role if exists ${login}`);
    });
  });

  it('keeps a request’s connection in the application role even after RESET ROLE', async () => {
    // With the owner's login only, RESET ROLE gets back to the owner, whom row-level security does not restrict.
    const escaped = await afterResetRole(owned);
    expect(escaped?.seen).toBeGreaterThan(0);
    // With the application's own login there is no other role to return to: the office's rows stay hidden.
    expect(await afterResetRole(withLogin)).toEqual({ who: login, seen: 0 });
    const owner = new URL(ownerUrl).username || 'postgres';
    await expect(
      runInOffice(null, () => withLogin.db.execute(sql.raw(`set role ${owner}`))),
    ).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/permission denied to set role/) },
    });
  });

  it('works in an office as before, and leaves migrations and the job queue to the owner’s login', async () => {
    const seen = await runInOffice(officeId, () =>
      withLogin.db.select({ name: projects.name }).from(projects),
    );
    expect(seen).toEqual([{ name: 'Harbor Lights' }]);
    const who = await runAsOwner(() => withLogin.db.execute(sql`select current_user as who`));
    expect(rowsOf<{ who: string }>(who)[0]?.who).not.toBe(login);
  });

  it('is refused at start when it is the owner, or outside the application role', async () => {
    expect(await applicationLoginProblem({ connectionString: ownerUrl })).toMatch(/superuser|owner/);
    const outsider = `casting_outsider_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`create role ${outsider} login`));
    try {
      const url = new URL(ownerUrl);
      url.username = outsider;
      expect(await applicationLoginProblem({ connectionString: url.toString() })).toMatch(
        /is not a member of casting_app/,
      );
      await expect(
        openDatabase({ databaseUrl: ownerUrl, appDatabaseUrl: url.toString(), poolSize: 1 }),
      ).rejects.toThrow(/DATABASE_APP_URL is not a login row-level security holds/);
    } finally {
      await admin((client) => client.query(`drop role if exists ${outsider}`));
    }
  });
});
