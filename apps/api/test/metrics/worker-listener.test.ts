import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/log';
import { jobDuration, jobFailures } from '../../src/platform/metrics/registry';
import {
  startWorkerMetricsListener,
  type WorkerMetricsListener,
} from '../../src/platform/metrics/worker-listener';

// A `npm run worker` process serves its own job durations and failures on WORKER_METRICS_PORT: a real listener on
// loopback, scraped over HTTP the way Prometheus does, behind the same bearer token as the API's metrics route.
const TOKEN = 'worker-metrics-token-0123456789abcdef0123';
let listener: WorkerMetricsListener;
let base: string;

beforeAll(async () => {
  listener = await startWorkerMetricsListener({
    host: '127.0.0.1',
    port: 0,
    token: TOKEN,
    log: createLogger('silent'),
  });
  base = `http://127.0.0.1:${listener.port}`;
});
afterAll(() => listener.close());

describe("the worker's metrics listener", () => {
  it('refuses a scrape without the token or with another one, and serves /metrics only', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Send the metrics token as "Authorization: Bearer <METRICS_TOKEN>".',
      });
    }
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/api/metrics'],
      ['POST', '/metrics'],
    ]) {
      const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it("answers the process's job durations, failures and Node's figures in the text exposition format", async () => {
    jobDuration.observe({ queue: 'worker-listener-test', outcome: 'completed' }, 0.2);
    jobFailures.inc({ queue: 'worker-listener-test' });
    const res = await fetch(`${base}/metrics?x=1`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(
      /^casting_job_duration_seconds_count\{queue="worker-listener-test",outcome="completed"\} [1-9]/m,
    );
    expect(text).toMatch(/^casting_job_failures_total\{queue="worker-listener-test"\} [1-9]/m);
    expect(text).toMatch(/^casting_process_resident_memory_bytes \d+/m);
  });

  it('refuses to start on a port that is taken, so a misconfigured worker stops instead of running unseen', async () => {
    await expect(
      startWorkerMetricsListener({
        host: '127.0.0.1',
        port: listener.port,
        token: TOKEN,
        log: createLogger('silent'),
      }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
