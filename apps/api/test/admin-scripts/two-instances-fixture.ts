import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminRun } from '@casting/domain';
import type { Database } from '../../src/platform/db/client';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  lookupValues,
  mediaItems,
  roles,
  submissions,
  tags,
} from '../../src/platform/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { separateTestDatabase } from '../support/database';
import { buildIdentityApp, createUser, signIn } from '../support/identity';
import { buildCast, type Cast } from '../support/projects';

/**
 * Two instances for a project exported from one and restored into the other. Instance A is the worker's usual
 * test app; instance B is a second app with its own database and its own storage directory, where the same people
 * have other accounts (other ids, the same e-mail) and the office's lookup values have other ids (the same names).
 */
export interface TwoInstancesFixture {
  a: TestApp;
  b: TestApp;
  bDatabase: { database: Database; dispose(): Promise<void> };
  /** A project of instance A with its team. */
  cast: Cast;
  /** A super admin of instance B. */
  bAdmin: { authorization: string };
  /** Closes B, drops its database, then closes A. */
  close(): Promise<void>;
}

export async function buildTwoInstancesFixture(): Promise<TwoInstancesFixture> {
  const a = await buildIdentityApp();
  const cast = await buildCast(a.app);
  const bDatabase = await separateTestDatabase();
  const b = await buildTestApp({
    database: bDatabase.database,
    runWorkers: true,
    env: { AUTH_RATE_LIMIT_MAX: '1000' },
  });
  const admin = await createUser(
    { roleCode: 'SUPER_ADMIN', firstName: 'Bea', lastName: 'Admin' },
    bDatabase.database,
  );
  const bAdmin = (await signIn(b.app, admin)).auth;
  const close = async () => {
    await b.close();
    await bDatabase.dispose();
    await a.close();
  };
  return { a, b, bDatabase, cast, bAdmin, close };
}

/** Polls a run on an instance until it ends, for at most 30 s (the job is picked up by that instance's worker). */
export async function finished(
  instance: TestApp,
  headers: Record<string, string>,
  runId: string,
): Promise<AdminRun> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await instance.app.inject({
      method: 'GET',
      url: `/api/projects/admin-scripts/runs/${runId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AdminRun>();
    if (body.status === 'DONE' || body.status === 'FAILED' || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The calls the restore test makes on instance B, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function twoInstanceCalls(fixture: () => Pick<TwoInstancesFixture, 'b' | 'bAdmin'>) {
  async function restoreInB(zip: Buffer): Promise<AdminRun> {
    const { b, bAdmin } = fixture();
    const res = await b.app.inject({
      method: 'PUT',
      url: '/api/projects/admin-scripts/restore?name=export.zip',
      headers: { ...bAdmin, 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(res.statusCode, res.body).toBe(202);
    return finished(b, bAdmin, res.json<AdminRun>().id);
  }

  return { restoreInB };
}

export async function readAll(stream: NodeJS.ReadableStream | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A signed URL as the app answers it, as a path to inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return parsed.pathname + parsed.search;
}

export async function lookupIn(database: Database, lookup: string, name: string): Promise<string> {
  const [row] = await database.db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.lookup, lookup), eq(lookupValues.name, name)));
  if (!row) throw new Error(`no ${lookup} value ${name}`);
  return row.id;
}

/** The project's own tables whose rows the test compares between the instances. */
export const PROJECT_TABLES = {
  roles,
  folders,
  tags,
  applicants,
  submissions,
  folderMemberships,
  applicantTags,
  mediaItems,
};
