import { candidateCases, loadCandidates } from '../lib/candidates-data';
import { existingDatabase, freshDatabase } from '../lib/databases';
import { MEMBER, signIn } from '../lib/data';
import { measure, type LoadResult } from '../lib/load';
import type { BenchOptions } from '../lib/options';
import { progress, ratio, type Row } from '../lib/report';
import { freeReferenceServer, startApi } from '../lib/servers';

/** The target size: one project with 100,000 candidates, 1,000,000 votes and 1,000,000 tag links. */
export const CANDIDATES_DEFAULT_SIZE = 100_000;

/**
 * `GET /api/projects/{id}/applicants` on one project of 100,000 candidates: a filtered, searched page of 50 at the
 * first page and 1,000 pages in (a cursor 50,000 rows into the newest-first order), a filtered page 1,000 pages in
 * and a filtered page sorted by name, each beside a bare Fastify handler running the same SQL in the same run.
 * The goal is p50 under 50 ms on PostgreSQL at any depth and at least half the bare handler's throughput. Load is
 * at most 4 connections: a reviewer's page is one request at a time, and p50 at 50 connections on a shared
 * two-core machine measures the queue, not the query.
 */
export async function candidatesListFigure(options: BenchOptions): Promise<Row[]> {
  const load = { connections: Math.min(options.connections, 4), seconds: options.seconds };
  const size = options.sizes.length === 1 ? options.sizes[0]! : CANDIDATES_DEFAULT_SIZE;
  const rows: Row[] = [];
  for (const engine of options.engines) {
    const reused = options.reuse !== undefined && engine === 'postgres';
    progress(
      `candidates list: ${engine}, ${size} candidates: ${reused ? `reusing ${options.reuse}` : 'loading'}`,
    );
    const database = reused ? existingDatabase(options.reuse!) : await freshDatabase(engine);
    try {
      await (await startApi(database)).stop();
      const opened = await database.open();
      const started = Date.now();
      const data = reused ? await candidateCases(opened, size) : await loadCandidates(opened, size);
      await opened.close();
      progress(`candidates list: ${engine}: loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

      const names = Object.keys(data.cases);
      progress(`candidates list: ${engine}: API`);
      const api = await startApi(database);
      const headers = await signIn(api.url, MEMBER);
      const measured: Record<string, LoadResult> = {};
      for (const name of names) {
        const res = await fetch(api.url + data.cases[name]!.url, { headers });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { items: unknown[] };
        progress(`candidates list: ${engine}: ${name}: ${body.items.length} rows on the page`);
        measured[name] = await measure(api.url + data.cases[name]!.url, { ...load, headers });
      }
      const apiMemory = api.memory();
      await api.stop();

      progress(`candidates list: ${engine}: bare handler, same SQL`);
      const reference = await freeReferenceServer(database, 'reference-candidates-sql.ts', {
        BENCH_CANDIDATE_CASES: JSON.stringify(names.map((name) => data.cases[name])),
      });
      const bare: Record<string, LoadResult> = {};
      for (const [index, name] of names.entries()) {
        bare[name] = await measure(`${reference.url}/candidates/${index}`, load);
      }
      await reference.stop();

      const base = { figure: 'candidates list', database: engine, rows: String(size) };
      for (const name of names) {
        rows.push(
          { ...base, server: `bare handler, same SQL: ${name}`, load: bare[name] },
          {
            ...base,
            server: `API: ${name}`,
            load: measured[name],
            memory: apiMemory,
            versus: [{ name: 'bare handler', ratio: ratio(measured[name]!.rps, bare[name]!.rps) }],
          },
        );
      }
    } finally {
      if (options.keep && database.name && !reused) {
        progress(`candidates list: ${engine}: kept database ${database.name} (--reuse=${database.name})`);
      } else await database.drop();
    }
  }
  return rows;
}
