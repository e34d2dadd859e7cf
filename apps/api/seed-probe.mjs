import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const hwm = () => fs.readFileSync('/proc/self/status','utf8').match(/VmHWM:\s+(\d+)/)[1]/1024|0;
const rss = () => process.memoryUsage().rss/1048576|0;
const [mode, dir, mem] = process.argv.slice(2);
const t0 = Date.now();
if (mode === 'dump') {
  const pg = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  const blob = await pg.dumpDataDir('gzip');
  fs.writeFileSync('/tmp/seed.tar.gz', Buffer.from(await blob.arrayBuffer()));
  console.log('dumped', fs.statSync('/tmp/seed.tar.gz').size);
  await pg.close();
} else {
  const blob = new Blob([fs.readFileSync('/tmp/seed.tar.gz')]);
  const pg = await PGlite.create({ dataDir: dir, extensions: { pg_trgm }, loadDataDir: blob, ...(mem? {initialMemory: mem*1048576}:{}) });
  await pg.query('select 1');
  console.log('load', Date.now()-t0, 'ms rss', rss(), 'hwm', hwm());
  await pg.close();
}
