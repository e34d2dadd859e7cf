import { freshDatabase } from '../lib/databases';
import type { BenchOptions } from '../lib/options';
import { apiArgs, freePort, startServer, type Memory } from '../lib/processes';
import { progress, type Row } from '../lib/report';
import { startHello } from '../lib/servers';

/** Settling time after the first healthy answer before resident memory is read. */
const SETTLE_MS = 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * A first start as a new user makes it (`npm start` defaults: demo data, a generated first admin) on a fresh data
 * directory or a fresh PostgreSQL database: time from spawn to the first healthy answer, and resident memory after.
 */
export async function startFigure(options: BenchOptions): Promise<Row[]> {
  const rows: Row[] = [];
  const hello = await startHello();
  rows.push({
    figure: 'first start',
    database: '-',
    rows: '-',
    server: 'bare Fastify hello world (through tsx)',
    startMs: hello.startMs,
    memory: hello.memory(),
  });
  await hello.stop();
  for (const engine of options.engines) {
    const times: number[] = [];
    const memories: Memory[] = [];
    for (let run = 1; run <= options.starts; run += 1) {
      progress(`first start: ${engine}, run ${run} of ${options.starts}`);
      const database = await freshDatabase(engine);
      try {
        const api = await startServer({
          name: `API first start on ${engine}`,
          args: apiArgs(),
          env: { ...database.env, DEMO_DATA: 'true', ADMIN_EMAIL: 'first-admin@example.com' },
          port: await freePort(),
          healthPath: '/api/health',
        });
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        times.push(api.startMs);
        // Everything the start left resident: the API and, on PGlite, the embedded database's own process.
        const memory = api.memoryWithChildren();
        if (memory) memories.push(memory);
        await api.stop();
      } finally {
        await database.drop();
      }
    }
    rows.push({
      figure: 'first start',
      database: engine,
      rows: 'demo data',
      server: `API${engine === 'pglite' ? ' with its database process' : ''}, median of ${options.starts}`,
      startMs: median(times),
      memory: memories.length
        ? {
            rssMb: median(memories.map((memory) => memory.rssMb)),
            peakMb: median(memories.map((memory) => memory.peakMb)),
          }
        : null,
    });
  }
  return rows;
}
