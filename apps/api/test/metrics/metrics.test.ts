import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../src/platform/mail/queue';
import { buildTestApp, type TestApp } from '../support/app';
import { uniqueEmail } from '../support/identity';

// Prometheus metrics for the operator: behind a bearer token, in the text exposition format, with request durations
// by route pattern, the job queues' backlog read from the database, job durations and failures, and Node's figures.
const TOKEN = 'metrics-token-0123456789abcdef0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, runWorkers: true });
});
afterAll(() => t.close());

const scrape = (authorization?: string, url = '/api/metrics') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: authorization ? { authorization } : {},
  });

/** The value of one sample line, `name{labels} value`, or null when the scrape has none. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const set = line.slice(name.length + 1, line.indexOf('}'));
    if (wanted.every((pair) => set.split(',').includes(pair)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('the metrics endpoint', () => {
  it('refuses a scrape without the token, or with another one, and does not exist without the setting', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await scrape(authorization, authorization ? '/api/metrics' : '/metrics');
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().message).toBe('Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".');
    }
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts requests by route pattern, jobs by queue and outcome, and reads the queues’ backlog', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    const id = '0190a000-0000-7000-8000-000000000000';
    await t.app.inject({ method: 'GET', url: `/api/v2/projects/${id}/client-links` });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const email = uniqueEmail('metrics');
    await enqueueMail(t.context.jobs, {
      kind: 'notice',
      message: { to: email, subject: 'Hi', text: 'Hello' },
    });
    const completed = (body: string) =>
      sample(body, 'casting_job_duration_seconds_count', { queue: 'mail', outcome: 'completed' }) ?? 0;
    await expect
      .poll(async () => completed((await scrape(`Bearer ${TOKEN}`)).body), { timeout: 20_000 })
      .toBeGreaterThan(completed(before));

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    // The same figures at the root path Prometheus scrapes by default.
    const atRoot = await scrape(`Bearer ${TOKEN}`, '/metrics');
    expect(atRoot.statusCode).toBe(200);
    expect(atRoot.body).toContain('casting_job_duration_seconds_count');
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The pattern, never the id: a label can never hold one.
    expect(
      sample(text, 'casting_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v2/projects/:id/client-links',
        status: '401',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(
      sample(text, 'casting_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'casting_job_queue_jobs', { queue: 'mail', state: 'completed' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'casting_job_queue_oldest_waiting_seconds', { queue: 'mail' })).not.toBeNull();
    expect(text).toContain('casting_process_cpu_user_seconds_total');
    expect(text).toContain('casting_nodejs_eventloop_lag_seconds');
    if (t.context.database.kind === 'postgres') {
      expect(
        sample(text, 'casting_database_pool_connections', { pool: 'owner', state: 'total' }),
      ).toBeGreaterThan(0);
    }
  });
});
