import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvents, type Events } from '../../src/platform/events';
import { EVENTS_CHANNEL } from '../../src/platform/events/notification';
import { LISTENER_APPLICATION_NAME } from '../../src/platform/events/postgres-events';
import type { Database } from '../../src/platform/db/client';
import { testDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { collect } from '../support/live-events';

// The events port on the worker's database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.
const log = pino({ level: 'silent' });
let database: Database;
let events: Events;
let other: Events;

beforeAll(async () => {
  database = await testDatabase();
  events = await createEvents(database, log);
  // A second instance on the same database, as a second API process would have.
  other = await createEvents(database, log);
});
afterAll(async () => {
  await events.close();
  await other.close();
});

describe('live events port', () => {
  it('uses the adapter of the database in use', () => {
    expect(events.kind).toBe(database.kind);
  });

  it("delivers a project's event to its subscribers on every instance, and only to that project's", async () => {
    const projectId = randomUUID();
    const elsewhere = randomUUID();
    const here = collect(events, projectId);
    const there = collect(other, projectId);
    const unrelated = collect(other, elsewhere);

    await events.publish(projectId, 'NEW_MESSAGE', { chatId: 'c1' });
    await other.publish(projectId, 'APPLICANT_STREAM_STATUS_UPDATED_EVENT');

    const expected = [
      { projectId, event: 'NEW_MESSAGE', payload: { chatId: 'c1' } },
      { projectId, event: 'APPLICANT_STREAM_STATUS_UPDATED_EVENT' },
    ];
    expect(await here.count(2)).toEqual(expected);
    expect(await there.count(2)).toEqual(expected);
    // Notifications arrive in commit order, so anything for the other project would have come by now.
    expect(unrelated.received).toEqual([]);
    for (const collector of [here, there, unrelated]) collector.stop();
  });

  it('stops delivering to a subscriber that unsubscribed', async () => {
    const projectId = randomUUID();
    const leaving = collect(events, projectId);
    const staying = collect(events, projectId);
    leaving.stop();
    await events.publish(projectId, 'NEW_MESSAGE');
    await staying.count(1);
    expect(leaving.received).toEqual([]);
    staying.stop();
  });

  it('delivers an event published in a transaction only when the transaction commits', async () => {
    const projectId = randomUUID();
    const seen = collect(other, projectId);
    await database.db.transaction(async (tx) => {
      await events.publish(projectId, 'NEW_MESSAGE', { step: 'committed' }, { tx });
      await tx.execute(sql`select 1`);
      expect(seen.received).toEqual([]);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await events.publish(projectId, 'NEW_MESSAGE', { step: 'rolled back' }, { tx });
        throw new Error('the write fails after the event was raised');
      }),
    ).rejects.toThrow('the write fails');
    await events.publish(projectId, 'NEW_MESSAGE', { step: 'after' });

    await seen.count(2);
    expect(seen.received.map((event) => event.payload?.step)).toEqual(['committed', 'after']);
    seen.stop();
  });

  it('refuses an event too large for a notification, which should carry ids rather than data', async () => {
    await expect(events.publish(randomUUID(), 'NEW_MESSAGE', { text: 'x'.repeat(8000) })).rejects.toThrow(
      /larger than/,
    );
  });

  it('ignores notifications on its channel that are not events', async () => {
    const projectId = randomUUID();
    const seen = collect(events, projectId);
    await database.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, 'not json')`);
    await database.db.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ projectId, event: 'NO_SUCH_EVENT' })})`,
    );
    await events.publish(projectId, 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT');
    expect(await seen.count(1)).toEqual([
      { projectId, event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT' },
    ]);
    seen.stop();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('live events on PostgreSQL', () => {
  it('listens again after its listen connection is cut', async () => {
    const own = await createEvents(database, log);
    const projectId = randomUUID();
    const seen = collect(own, projectId);
    // A watched channel tells this instance's side of the story: `gap` fires when its connection is lost, and the
    // watch is live again only once PostgreSQL confirmed LISTEN on the new connection. Counting listener backends
    // in pg_stat_activity would not do: a backend shows there before its LISTEN has run, so an event published in
    // between is lost, and the database's other instances may come and go meanwhile.
    let gaps = 0;
    const watch = own.watch('casting_reconnect_test', { message: () => undefined, gap: () => (gaps += 1) });
    await eventually('the instance listens', () => watch.live);

    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await eventually('the instance saw the gap and listens again', () => gaps > 0 && watch.live);

    await events.publish(projectId, 'NEW_MESSAGE');
    expect(await seen.count(1)).toEqual([{ projectId, event: 'NEW_MESSAGE' }]);
    expect(gaps).toBe(1);
    watch.stop();
    seen.stop();
    await own.close();
  });
});
