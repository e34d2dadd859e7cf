import { jobsHealthSchema } from '@casting/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_QUEUE } from '../../src/modules/housekeeping';
import { buildTestApp, type TestApp } from '../support/app';
import { createUser, signIn } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
});
afterAll(() => t.close());

describe('GET /api/admin/jobs', () => {
  it('shows a super admin the counts per queue and state', async () => {
    await t.context.jobs.send(PURGE_QUEUE, {});
    const admin = await signIn(t.app, await createUser({ roleCode: 'SUPER_ADMIN' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = jobsHealthSchema.parse(res.json());
    const purge = body.queues.find((queue) => queue.name === PURGE_QUEUE);
    // This app only sends (no workers), so the job waits; other apps of the run may have added their own.
    expect(purge?.counts.created).toBeGreaterThanOrEqual(1);
    expect(body.queues.map((queue) => queue.name)).not.toContain('__pgboss__send-it');
  });

  it('refuses anonymous callers with 401 and other accounts with 403', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/jobs' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');

    const director = await signIn(t.app, await createUser({ roleCode: 'CASTING_DIRECTOR' }));
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: director.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
  });
});
