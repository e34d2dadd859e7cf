import { freshDatabase } from '../lib/databases';
import { ADMIN, signIn } from '../lib/data';
import type { LoadResult } from '../lib/load';
import type { BenchOptions } from '../lib/options';
import { progress, ratio, type Row } from '../lib/report';
import { startApi, startHello } from '../lib/servers';

/** The goal: 200 submissions through one link within 10 s, with ten of them sent twice at the same time. */
const SUBMISSIONS = 200;
const REPEATED = 10;

interface Burst {
  result: LoadResult;
  elapsedMs: number;
  statuses: number[];
}

/** Sends every request at once and waits for all: the wall time, the rate it implies, and each request's latency. */
async function burst(requests: (() => Promise<Response>)[]): Promise<Burst> {
  const started = performance.now();
  const answered = await Promise.all(
    requests.map(async (send) => {
      const sent = performance.now();
      const res = await send();
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - sent };
    }),
  );
  const elapsedMs = performance.now() - started;
  const latencies = answered.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))]!;
  const statuses = answered.map((answer) => answer.status);
  return {
    elapsedMs,
    statuses,
    result: {
      rps: (requests.length * 1000) / elapsedMs,
      p50: at(0.5),
      p99: at(0.99),
      failures: statuses.filter((status) => status >= 400).length,
    },
  };
}

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ id: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  const answer = (await res.json()) as { id: string } | { id: string; link: string }[];
  return Array.isArray(answer) ? answer[0]! : answer;
}

/**
 * `POST /api/v2/applicants/standalone` through one submission link: 200 talent applying at once, ten of them twice
 * (a double click), as the public apply page sends them. The wall time of the burst is the figure (the goal is 10 s);
 * the reference is bare Fastify hello world answering the same number of requests at once in the same run. Failed
 * means any answer other than 201 (a repeated submission answers 201 with the first one's id).
 */
export async function submissionsFigure(options: BenchOptions): Promise<Row[]> {
  progress('submissions: bare Fastify hello world');
  const hello = await startHello();
  const total = SUBMISSIONS + REPEATED;
  const reference = await burst(Array.from({ length: total }, () => () => fetch(hello.url)));
  await hello.stop();
  const rows: Row[] = [
    {
      figure: 'submissions',
      database: '-',
      rows: String(total),
      server: `bare Fastify hello world, ${total} at once: ${(reference.elapsedMs / 1000).toFixed(2)} s`,
      load: reference.result,
    },
  ];
  for (const engine of options.engines) {
    progress(`submissions: ${engine}`);
    const database = await freshDatabase(engine);
    try {
      const api = await startApi(database, { TRUST_PROXY: 'true' });
      const headers = await signIn(api.url, ADMIN);
      const project = await post(`${api.url}/api/v2/projects`, headers, { name: 'Bench submissions' });
      const role = await post(`${api.url}/api/v2/projects/${project.id}/roles`, headers, { name: 'Lead' });
      const link = (await post(`${api.url}/api/v2/projects/${project.id}/share-links`, headers, {
        title: 'Bench link',
        roleIds: [role.id],
      })) as { id: string; link?: string };
      const token = link.link!.split('/').at(-1)!;
      const bodies = Array.from({ length: SUBMISSIONS }, (_, index) => ({
        token,
        firstName: `Bench${index}`,
        lastName: 'Talent',
        email: `bench-talent-${index}@example.com`,
        phone: '+12025550143',
        acceptTerms: true,
      }));
      // Each talent applies from an address of their own, as in a real burst: one address may queue only a few
      // applications' mail (the API trusts the forwarded address here).
      const submit = (body: unknown, index: number) => () =>
        fetch(`${api.url}/api/v2/applicants/standalone`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.20.0.${(index % SUBMISSIONS) + 1}`,
          },
          body: JSON.stringify(body),
        });
      const measured = await burst(
        [...bodies, ...bodies.slice(0, REPEATED)].map((body, index) => submit(body, index)),
      );
      const failedStatuses = [...new Set(measured.statuses.filter((status) => status !== 201))];
      if (failedStatuses.length > 0)
        progress(`submissions: ${engine}: answers other than 201: ${failedStatuses}`);
      rows.push({
        figure: 'submissions',
        database: engine,
        rows: String(total),
        server: `API, ${SUBMISSIONS} + ${REPEATED} repeated at once: ${(measured.elapsedMs / 1000).toFixed(2)} s`,
        load: measured.result,
        memory: api.memory(),
        versus: [{ name: 'hello world', ratio: ratio(measured.result.rps, reference.result.rps) }],
      });
      await api.stop();
    } finally {
      await database.drop();
    }
  }
  return rows;
}
