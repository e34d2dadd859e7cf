import { freshDatabase } from '../lib/databases';
import { ADMIN, loadProjects, MEMBER, MEMBER_SHARE, signIn } from '../lib/data';
import { measure, type LoadResult } from '../lib/load';
import type { BenchOptions } from '../lib/options';
import { progress, ratio, type Row } from '../lib/report';
import { startApi, startHandWrittenSql, startHello } from '../lib/servers';

const LIST = '/api/projects?limit=20';

/**
 * `GET /api/projects?limit=20` at each table size, as the super admin (sees every project) and as a member (sees
 * one in MEMBER_SHARE), beside bare Fastify and bare Fastify running the same hand-written indexed SQL.
 */
export async function projectsListFigure(options: BenchOptions): Promise<Row[]> {
  const load = { connections: options.connections, seconds: options.seconds };
  const rows: Row[] = [];
  progress('projects list: bare Fastify hello world');
  const hello = await startHello();
  const helloLoad = await measure(hello.url, load);
  rows.push({
    figure: 'projects list',
    database: '-',
    rows: '-',
    server: 'bare Fastify hello world',
    load: helloLoad,
    memory: hello.memory(),
  });
  await hello.stop();

  for (const engine of options.engines) {
    for (const size of options.sizes) {
      progress(`projects list: ${engine}, ${size} projects: loading`);
      const database = await freshDatabase(engine);
      try {
        // The first start migrates and creates the super admin; then the data is loaded with the API stopped.
        await (await startApi(database)).stop();
        const opened = await database.open();
        const loaded = await loadProjects(opened, size);
        await opened.close();

        progress(`projects list: ${engine}, ${size} projects: API`);
        const api = await startApi(database);
        const measured: Record<string, LoadResult> = {};
        measured.admin = await measure(api.url + LIST, { ...load, headers: await signIn(api.url, ADMIN) });
        measured.member = await measure(api.url + LIST, { ...load, headers: await signIn(api.url, MEMBER) });
        const apiMemory = api.memory();
        await api.stop();

        progress(`projects list: ${engine}, ${size} projects: hand-written SQL`);
        const reference = await startHandWrittenSql(database);
        const sqlAdmin = await measure(`${reference.url}/projects`, load);
        const sqlMember = await measure(`${reference.url}/projects?user=${loaded.memberId}`, load);
        const referenceMemory = reference.memory();
        await reference.stop();

        const base = { figure: 'projects list', database: engine, rows: String(size) };
        rows.push(
          { ...base, server: 'hand-written SQL, all projects', load: sqlAdmin, memory: referenceMemory },
          {
            ...base,
            server: 'API, super admin',
            load: measured.admin,
            memory: apiMemory,
            versus: [
              { name: 'hello world', ratio: ratio(measured.admin.rps, helloLoad.rps) },
              { name: 'hand-written SQL', ratio: ratio(measured.admin.rps, sqlAdmin.rps) },
            ],
          },
          { ...base, server: `hand-written SQL, 1 in ${MEMBER_SHARE}`, load: sqlMember },
          {
            ...base,
            server: `API, member (1 in ${MEMBER_SHARE})`,
            load: measured.member,
            versus: [
              { name: 'hello world', ratio: ratio(measured.member.rps, helloLoad.rps) },
              { name: 'hand-written SQL', ratio: ratio(measured.member.rps, sqlMember.rps) },
            ],
          },
        );
      } finally {
        await database.drop();
      }
    }
  }
  return rows;
}
