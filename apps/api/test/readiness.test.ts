import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { authRateLimits } from '../src/platform/db/schema';
import { buildTestApp, type TestApp } from './support/app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ready = async (app: TestApp) => app.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('readiness proves the instance can save', () => {
  it('answers 200 after writing to the database and to file storage', async () => {
    t = await buildTestApp();
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    const rows = await t.ownerDb
      .select()
      .from(authRateLimits)
      .where(eq(authRateLimits.key, 'readiness-probe'));
    expect(rows).toHaveLength(1);
    expect(await t.context.storage.head('health/readiness-probe')).not.toBeNull();
  });

  it('answers 503 naming file storage when no object can be written there', async () => {
    t = await buildTestApp();
    // The files directory becomes a plain file: every write below it fails, as on a broken or full mount.
    const files = path.join(t.context.config.dataDir, 'files');
    fs.rmSync(files, { recursive: true, force: true });
    fs.writeFileSync(files, 'not a directory');
    const res = await ready(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'This server cannot save changes to its file storage right now. Check the disk space and that the store accepts writes.',
      details: { failed: ['file storage'] },
    });
    // Liveness stays up: the process is alive, it just must not take traffic.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  // PGlite is one connection, so a session setting reaches the probe; a PostgreSQL pool would need every connection.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 503 naming the database when it refuses writes, and 200 again once it accepts them',
    async () => {
      t = await buildTestApp();
      const { db } = t.context.database;
      await db.execute(sql`set default_transaction_read_only = on`);
      const refused = await ready(t);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().details).toEqual({ failed: ['database'] });
      await db.execute(sql`set default_transaction_read_only = off`);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await ready(t)).statusCode).toBe(200);
    },
  );
});
