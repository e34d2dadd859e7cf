import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FAILURE_LIMITS } from '@casting/domain';
import { createUploadGrant } from '../../src/modules/media';
import { purgeOldUploadFailures } from '../../src/modules/housekeeping/upload-failures';
import { mediaUploadFailures } from '../../src/platform/db/schema';
import { PUBLIC_QUOTAS } from '../../src/platform/http/public-quota';
import { createLogger } from '../../src/platform/log';
import { testDatabase } from '../support/database';
import { buildProject } from '../support/projects';
import { UploadClient } from './client';
import { buildMediaApp, type MediaApp } from './support';

// What the app logs: upload failures and media a browser could not show reach the operator as log lines.
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});
const logLines = (message: string) =>
  logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === message);

let t: MediaApp;
beforeAll(async () => {
  t = await buildMediaApp({ log: createLogger('info', logStream) });
}, 60_000);
afterAll(() => t.close());

describe('upload failures on the admin scripts page', () => {
  it('lists a project’s reported failures newest first, keyset paged, for super admins only', async () => {
    const projectId = t.cast.project.id;
    const staff = new UploadClient(t.origin, t.cast.headers('PE'));
    const page = new UploadClient(t.origin, {});
    const first = await staff.call('/media-management/upload-failed', {
      projectId,
      error: 'Upload incomplete - some chunks failed',
      context: { fileName: 'tape.mp4', size: 12 },
    });
    expect(first.status).toBe(201);
    const second = await page.call('/media-management/upload-failed', {
      uploadGrant: createUploadGrant(t.context.config, { projectId }),
      error: 'Maximum retries reached for me.jpg',
      context: { fileName: 'me.jpg' },
    });
    expect(second.status).toBe(201);
    // The operator reads each report in the log, with ids and the error but not the file's name.
    expect(logLines('upload failure reported')).toContainEqual(
      expect.objectContaining({
        level: 40,
        projectId,
        fromApplyPage: true,
        reported: 'Maximum retries reached for <file>',
      }),
    );
    expect(JSON.stringify(logged)).not.toContain('me.jpg');
    // Another project's failure is not listed.
    const other = await buildProject(t.cast.people.PO.user);
    await t.ownerDb.insert(mediaUploadFailures).values({ projectId: other.id, error: 'elsewhere' });

    const url = `/api/projects/${projectId}/upload-failures`;
    const one = await t.app.inject({ method: 'GET', url: `${url}?limit=1`, headers: t.cast.headers('SA') });
    expect(one.statusCode).toBe(200);
    expect(one.json().items).toEqual([
      expect.objectContaining({
        error: 'Maximum retries reached for me.jpg',
        source: 'APPLY_PAGE',
        reporter: null,
        context: { fileName: 'me.jpg' },
      }),
    ]);
    expect(one.json().nextCursor).toEqual(expect.any(String));
    const two = await t.app.inject({
      method: 'GET',
      url: `${url}?limit=1&cursor=${one.json().nextCursor}`,
      headers: t.cast.headers('SA'),
    });
    expect(two.json().items).toEqual([
      expect.objectContaining({
        error: 'Upload incomplete - some chunks failed',
        source: 'STAFF',
        reporter: { name: expect.any(String), email: t.cast.people.PE.user.email },
      }),
    ]);
    expect(two.json().nextCursor).toBeNull();

    for (const actor of ['PO', 'PE'] as const) {
      const refused = await t.app.inject({ method: 'GET', url, headers: t.cast.headers(actor) });
      expect(refused.statusCode).toBe(403);
    }
    const badCursor = await t.app.inject({
      method: 'GET',
      url: `${url}?cursor=nonsense`,
      headers: t.cast.headers('SA'),
    });
    expect(badCursor.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/projects/00000000-0000-4000-8000-000000000000/upload-failures',
      headers: t.cast.headers('SA'),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the public upload failure report', () => {
  const report = (payload: unknown, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media-management/upload-failed',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress,
    });
  const grant = () => createUploadGrant(t.context.config, { projectId: t.cast.project.id });
  const stored = async (marker: string) => {
    const { db } = await testDatabase();
    return db
      .select({ id: mediaUploadFailures.id })
      .from(mediaUploadFailures)
      .where(like(mediaUploadFailures.error, `%${marker}%`));
  };

  it('refuses a body over a few kilobytes with 413 and stores nothing', async () => {
    const marker = randomUUID();
    expect(UPLOAD_FAILURE_LIMITS.bodyBytes).toBeLessThanOrEqual(8 * 1024);
    const big = await report(
      { uploadGrant: grant(), error: `Failed ${marker}`, context: { padding: 'x'.repeat(200 * 1024) } },
      '192.0.2.41',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    expect(await stored(marker)).toEqual([]);
    // A report of the size a browser sends is taken.
    const normal = await report(
      { uploadGrant: grant(), error: `Failed ${marker}`, context: { fileName: 'tape.mp4', size: 12 } },
      '192.0.2.41',
    );
    expect(normal.statusCode).toBe(201);
    expect(await stored(marker)).toHaveLength(1);
  });

  it('takes a limited number of reports per address, then answers 429 and stores nothing more', async () => {
    const marker = randomUUID();
    const address = '192.0.2.42';
    const { max } = PUBLIC_QUOTAS.uploadFailure;
    for (let index = 0; index < max; index += 1) {
      const res = await report({ uploadGrant: grant(), error: `Failed ${marker} ${index}` }, address);
      expect(res.statusCode).toBe(201);
    }
    const over = await report({ uploadGrant: grant(), error: `Failed ${marker} over` }, address);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
    expect(await stored(marker)).toHaveLength(max);
    // Another address still reports.
    const elsewhere = await report(
      { uploadGrant: grant(), error: `Failed ${marker} elsewhere` },
      '192.0.2.43',
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it('is purged by housekeeping once older than the stated period, in every office and outside any', async () => {
    const { db } = await testDatabase();
    const keep = UPLOAD_FAILURE_LIMITS.keepDays;
    const old = sql`now() - make_interval(days => ${keep + 1})`;
    const recent = sql`now() - make_interval(days => ${keep - 1})`;
    const rows = await db
      .insert(mediaUploadFailures)
      .values([
        { projectId: t.cast.project.id, error: 'old in the office', createdAt: old },
        { projectId: t.cast.project.id, error: 'recent in the office', createdAt: recent },
      ])
      .returning({ id: mediaUploadFailures.id, error: mediaUploadFailures.error });
    const { scopedDb } = await testDatabase();
    const outside = await scopedDb({ owner: true, officeId: null })
      .insert(mediaUploadFailures)
      .values({ officeId: null, error: 'old outside any office', createdAt: old })
      .returning({ id: mediaUploadFailures.id, error: mediaUploadFailures.error });
    const all = [...rows, ...outside];
    expect(await purgeOldUploadFailures(t.context.database.db)).toBeGreaterThanOrEqual(2);
    const left = await scopedDb({ owner: true, officeId: null })
      .select({ error: mediaUploadFailures.error })
      .from(mediaUploadFailures)
      .where(
        inArray(
          mediaUploadFailures.id,
          all.map((row) => row.id),
        ),
      );
    expect(left).toEqual([{ error: 'recent in the office' }]);
  });
});

describe('media a browser could not show', () => {
  it('is logged for the operator by id and problem, answered 204 whatever the id, and limited per address', async () => {
    const mediaId = randomUUID();
    const report = (payload: unknown, remoteAddress = '192.0.2.51') =>
      t.app.inject({
        method: 'POST',
        url: '/api/media-management/display-failed',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress,
      });
    expect((await report({ mediaId, problem: 'display-image' })).statusCode).toBe(204);
    expect((await report({ mediaId, problem: 'file' })).statusCode).toBe(204);
    expect(logLines('display image failed')).toContainEqual(
      expect.objectContaining({ level: 40, mediaId, problem: 'display-image' }),
    );
    expect(logLines('media could not be shown')).toContainEqual(
      expect.objectContaining({ mediaId, problem: 'file' }),
    );
    const bad = await report({ mediaId: 'x', problem: 'everything' });
    expect(bad.statusCode).toBe(400);

    const address = '192.0.2.52';
    for (let index = 0; index < PUBLIC_QUOTAS.displayFailure.max; index += 1) {
      expect((await report({ mediaId, problem: 'thumbnail' }, address)).statusCode).toBe(204);
    }
    expect((await report({ mediaId, problem: 'thumbnail' }, address)).statusCode).toBe(429);
  });
});
