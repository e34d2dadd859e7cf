import { freshDatabase } from '../lib/databases';
import { measure } from '../lib/load';
import type { BenchOptions } from '../lib/options';
import { progress, ratio, type Row } from '../lib/report';
import { startApi, startHello } from '../lib/servers';

/** `GET /api/health` (liveness) and `/api/health/ready` (one query) beside bare Fastify hello world. */
export async function healthFigure(options: BenchOptions): Promise<Row[]> {
  const load = { connections: options.connections, seconds: options.seconds };
  progress('health: bare Fastify hello world');
  const hello = await startHello();
  const helloLoad = await measure(hello.url, load);
  const rows: Row[] = [
    {
      figure: 'health',
      database: '-',
      rows: '-',
      server: 'bare Fastify hello world',
      load: helloLoad,
      memory: hello.memory(),
    },
  ];
  await hello.stop();
  for (const engine of options.engines) {
    progress(`health: ${engine}`);
    const database = await freshDatabase(engine);
    try {
      const api = await startApi(database);
      for (const path of ['/api/health', '/api/health/ready']) {
        const result = await measure(api.url + path, load);
        rows.push({
          figure: 'health',
          database: engine,
          rows: '-',
          server: `API ${path}`,
          load: result,
          memory: api.memory(),
          versus: [{ name: 'hello world', ratio: ratio(result.rps, helloLoad.rps) }],
        });
      }
      await api.stop();
    } finally {
      await database.drop();
    }
  }
  return rows;
}
