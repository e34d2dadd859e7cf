import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/client';
import { DataDirectoryLockedError } from '../src/platform/db/data-dir-lock';
import { PgliteProcess } from '../src/platform/db/pglite-process';

/** These tests are about the engine, not offices: they run as the database's owner. */
const OWNER = { owner: true, officeId: null } as const;

// The API server runs the embedded engine in a process of its own (pglite-process.ts). What the API sees through it
// must be what it saw in-process: values of every kind, errors with their fields, transactions that commit or roll
// back, notifications on commit only. And the engine's process must live and die with its owner.

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function gone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 100 && alive(pid); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !alive(pid);
}

/** The rows of a raw statement through drizzle. */
async function rowsOf(database: Database, query: ReturnType<typeof sql>): Promise<unknown[]> {
  return ((await database.scopedDb(OWNER).execute(query)) as unknown as { rows: unknown[] }).rows;
}

let database: Database;
let engine: PgliteProcess;

beforeAll(async () => {
  database = await openDatabase({ pgliteProcess: 'separate' });
  expect(database.pglite).toBeInstanceOf(PgliteProcess);
  engine = database.pglite as PgliteProcess;
  await database
    .scopedDb(OWNER)
    .execute(
      sql`create table process_probes (id integer primary key, at timestamptz, data jsonb, bytes bytea, big bigint)`,
    );
}, 60_000);

afterAll(() => database.close());

describe('the embedded database in its own process', () => {
  it('runs in another process, with the migrated schema', async () => {
    expect(engine.pid).toBeGreaterThan(0);
    expect(engine.pid).not.toBe(process.pid);
    expect(
      await rowsOf(database, sql`select count(*)::int as n from pg_tables where tablename = 'users'`),
    ).toEqual([{ n: 1 }]);
  });

  it('carries dates, JSON, bytes and big integers both ways', async () => {
    const bytes = new Uint8Array([0, 1, 2, 254, 255]);
    await engine.query('insert into process_probes values ($1, $2, $3, $4, $5)', [
      1,
      new Date('2026-03-04T05:06:07.890Z'),
      { name: 'Ada', tags: ['lead'] },
      bytes,
      9007199254740993n,
    ]);
    const { rows } = await engine.query<{ at: Date; data: unknown; bytes: Uint8Array; big: bigint }>(
      'select at, data, bytes, big from process_probes where id = $1',
      [1],
    );
    expect(rows[0]!.at).toEqual(new Date('2026-03-04T05:06:07.890Z'));
    expect(rows[0]!.data).toEqual({ name: 'Ada', tags: ['lead'] });
    expect(Buffer.from(rows[0]!.bytes)).toEqual(Buffer.from(bytes));
    expect(rows[0]!.big).toBe(9007199254740993n);
    // Drizzle keeps timestamps as the engine's text (its own parsers), and so it does across the processes.
    expect(await rowsOf(database, sql`select at from process_probes where id = 1`)).toEqual([
      { at: '2026-03-04 05:06:07.89+00' },
    ]);
  });

  it('reports a database error with its fields', async () => {
    const error = (await engine
      .query('insert into process_probes (id) values (1)')
      .catch((caught: unknown) => caught)) as Record<string, unknown>;
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'process_probes_pkey',
      table: 'process_probes',
    });
    expect(String(error.message)).toMatch(/duplicate key/);
  });

  it('commits a transaction, rolls one back when it throws, and keeps a savepoint apart', async () => {
    await database.scopedDb(OWNER).transaction(async (tx) => {
      await tx.execute(sql`insert into process_probes (id) values (10)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into process_probes (id) values (11)`);
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    await expect(
      database.scopedDb(OWNER).transaction(async (tx) => {
        await tx.execute(sql`insert into process_probes (id) values (12)`);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    const ids = await engine.query<{ id: number }>(
      'select id from process_probes where id >= 10 order by id',
    );
    expect(ids.rows).toEqual([{ id: 10 }]);
  });

  it('makes a query from outside wait until a running transaction ends', async () => {
    const order: string[] = [];
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.scopedDb(OWNER).transaction(async (tx) => {
      await tx.execute(sql`insert into process_probes (id) values (20)`);
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 100));
      order.push('transaction done');
    });
    await insertedYet;
    const outside = engine.query<{ n: number }>(
      'select count(*)::int as n from process_probes where id = 20',
    );
    const read = await outside;
    order.push('outside read');
    await transaction;
    expect(order).toEqual(['transaction done', 'outside read']);
    expect(read.rows).toEqual([{ n: 1 }]);
  });

  it('delivers a notification when its transaction commits, never when it rolls back', async () => {
    const received: string[] = [];
    const unlisten = await engine.listen('process_probe_channel', (payload) => received.push(payload));
    await database
      .scopedDb(OWNER)
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('process_probe_channel', 'rolled back')`);
        throw new Error('abandon');
      })
      .catch(() => undefined);
    await database.scopedDb(OWNER).transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('process_probe_channel', 'committed')`);
    });
    await engine.query('select 1');
    expect(received).toEqual(['committed']);
    await unlisten();
    await engine.query(`select pg_notify('process_probe_channel', 'after unlisten')`);
    expect(received).toEqual(['committed']);
  });
});

describe('the engine process lives with its owner', () => {
  it('keeps a data directory across a close and a reopen, and its process ends on close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-pglite-process-'));
    try {
      const first = await openDatabase({ pgliteDataDir: path.join(dir, 'pg'), pgliteProcess: 'separate' });
      const pid = (first.pglite as PgliteProcess).pid!;
      await first.scopedDb(OWNER).execute(sql`create table kept (note text)`);
      await first.scopedDb(OWNER).execute(sql`insert into kept values ('still here')`);
      await first.close();
      expect(await gone(pid)).toBe(true);

      const second = await openDatabase({ pgliteDataDir: path.join(dir, 'pg'), pgliteProcess: 'separate' });
      try {
        // The engine's process holds the directory: another opener is refused, told which process to stop.
        const refused = await openDatabase({
          pgliteDataDir: path.join(dir, 'pg'),
          processLabel: 'a second opener',
        })
          .then((other) => other.close().then(() => null))
          .catch((caught: unknown) => caught);
        expect(refused).toBeInstanceOf(DataDirectoryLockedError);
        expect((refused as DataDirectoryLockedError).holder).toMatchObject({
          pid: (second.pglite as PgliteProcess).pid,
          command: expect.stringContaining('(its embedded database process)'),
        });
        expect(await rowsOf(second, sql`select note from kept`)).toEqual([{ note: 'still here' }]);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says so when the engine process dies, and every call after fails with what to do', async () => {
    const doomed = await openDatabase({ pgliteProcess: 'separate' });
    const process_ = doomed.pglite as PgliteProcess;
    const exits: string[] = [];
    process_.onExit = (error) => exits.push(error.message);
    process.kill(process_.pid!, 'SIGKILL');
    expect(await gone(process_.pid!)).toBe(true);
    await expect(doomed.db.execute(sql`select 1`)).rejects.toThrow();
    const error = (await process_.query('select 1').catch((caught: unknown) => caught)) as Error;
    expect(error.message).toMatch(/embedded database process stopped.*restart the API/);
    expect(exits).toHaveLength(1);
    expect(process_.closed).toBe(true);
    await doomed.close();
  }, 60_000);
});
