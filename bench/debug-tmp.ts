import { freshDatabase } from './lib/databases';
import { ADMIN, loadProjects, MEMBER, signIn } from './lib/data';
import { startApi } from './lib/servers';
const engine = (process.argv[2] ?? 'postgres') as 'postgres' | 'pglite';
const database = await freshDatabase(engine);
await (await startApi(database)).stop();
const opened = await database.open();
await loadProjects(opened, 1000);
await opened.close();
const api = await startApi(database, { LOG_LEVEL: 'info' });
for (const who of [ADMIN, MEMBER]) {
  const headers = await signIn(api.url, who);
  for (let i = 0; i < 4; i++) {
    const t = performance.now();
    const res = await fetch(api.url + '/api/projects?limit=20', { headers });
    const body = await res.text();
    console.log(who.email, res.status, (performance.now() - t).toFixed(1), 'ms', body.length);
  }
  const t = performance.now();
  const res = await fetch(api.url + '/api/health/ready');
  console.log('ready', res.status, (performance.now() - t).toFixed(1));
}
await api.stop();
await database.drop();
