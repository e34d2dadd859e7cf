import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { TEST_DATABASE_PREFIX } from '../support/global-setup';
import { PASSWORD, uniqueEmail } from '../support/identity';

// Crash durability: a real API process (test/support/api-process.ts) takes a stream of creating calls and is killed
// with SIGKILL while requests are in flight; after a restart on the same database every write the API acknowledged
// (answered 201) must be there. Run on the embedded database (data directory, whose lock the dead process leaves
// behind) and, when TEST_DATABASE_URL is set, on PostgreSQL. A minute or more per engine, so it is not part of the
// integration tier: `npm run test:crash -w @casting/api` (CI's last section) sets CASTING_CRASH_TESTS=1.
const enabled = process.env.CASTING_CRASH_TESTS === '1';
const CYCLES = Number(process.env.KILL_CYCLES ?? 3);
const ACKNOWLEDGED_BEFORE_KILL = 8;
const IN_FLIGHT = 4;
const serverUrl = process.env.TEST_DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-kill-'));
const createdDatabases: string[] = [];

afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!serverUrl || createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

async function signIn(api: ApiProcess, email: string): Promise<string> {
  const res = await fetch(`${api.baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { status: string; accessToken: string };
  expect(body.status).toBe('SIGNED_IN');
  return body.accessToken;
}

/**
 * Sends creating calls, IN_FLIGHT at a time, until enough were acknowledged, then kills the process without waiting
 * for the calls still in flight (their fate is unknown to the client, so they are not counted).
 */
async function writeUntilKilled(api: ApiProcess, token: string, cycle: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let stop = false;
  const writer = async () => {
    while (!stop) {
      try {
        const res = await fetch(`${api.baseUrl}/api/v2/projects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `Crash ${cycle} ${randomUUID().slice(0, 8)}` }),
        });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
        const { id } = (await res.json()) as { id: string };
        if (!stop) acknowledged.push(id);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) stop = true;
      } catch (error) {
        if (stop) return;
        throw error;
      }
    }
  };
  const writers = Array.from({ length: IN_FLIGHT }, writer);
  // Kill as soon as the threshold is reached, while the other writers' requests are still open.
  await Promise.race(writers);
  await api.kill();
  await Promise.allSettled(writers);
  return acknowledged;
}

async function crashLoop(env: Record<string, string>) {
  const adminEmail = env.ADMIN_EMAIL!;
  const all: string[] = [];
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const api = await startApiProcess(env);
    try {
      const token = await signIn(api, adminEmail);
      // Everything acknowledged before earlier crashes is still there.
      for (const id of all) {
        const res = await fetch(`${api.baseUrl}/api/v2/projects/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status, `project ${id} acknowledged before a crash`).toBe(200);
      }
      all.push(...(await writeUntilKilled(api, token, cycle)));
    } finally {
      await api.kill();
    }
  }
  // One last start to check the writes of the final cycle.
  const api = await startApiProcess(env);
  try {
    const token = await signIn(api, adminEmail);
    for (const id of all) {
      const res = await fetch(`${api.baseUrl}/api/v2/projects/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `project ${id} acknowledged before a crash`).toBe(200);
    }
  } finally {
    await api.stop();
  }
  expect(all.length).toBeGreaterThanOrEqual(CYCLES * ACKNOWLEDGED_BEFORE_KILL);
}

function baseEnv(): Record<string, string> {
  return {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: uniqueEmail('crash-admin'),
    ADMIN_PASSWORD: PASSWORD,
  };
}

describe.skipIf(!enabled)('kill -9 while writing', () => {
  it('keeps every acknowledged write on the embedded database', async () => {
    await crashLoop({ ...baseEnv(), DATA_DIR: path.join(scratch, 'embedded'), PGLITE_MEMORY_MB: '128' });
  }, 600_000);

  it('starts again at once when the server alone was killed and its engine is still closing', async () => {
    const env: Record<string, string> = {
      ...baseEnv(),
      DATA_DIR: path.join(scratch, 'orphan'),
      PGLITE_MEMORY_MB: '128',
    };
    let all: string[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const api = await startApiProcess(env);
      try {
        const token = await signIn(api, env.ADMIN_EMAIL!);
        for (const id of all) {
          const res = await fetch(`${api.baseUrl}/api/v2/projects/${id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.status, `project ${id} acknowledged before a crash`).toBe(200);
        }
        // Writing while the server is killed: its engine (another process) is left behind, closing the directory.
        const writes = writeUntilKilled({ ...api, kill: api.killServerOnly }, token, cycle);
        all = [...all, ...(await writes)];
      } finally {
        await api.kill();
      }
    }
    const api = await startApiProcess(env);
    await api.stop();
  }, 600_000);

  it.skipIf(!serverUrl)(
    'keeps every acknowledged write on PostgreSQL',
    async () => {
      const name = `${TEST_DATABASE_PREFIX}kill_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      createdDatabases.push(name);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      await crashLoop({
        ...baseEnv(),
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(scratch, 'postgres'),
      });
    },
    600_000,
  );
});
