import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../platform/db/client';
import { PGLITE_SEED_FILE } from '../platform/db/pglite-seed';

/**
 * Build step: an embedded database with every migration applied, dumped beside the bundle so that a first start
 * unpacks it instead of running initdb (see platform/db/pglite-seed.ts). It holds the schema and the lookup values
 * the migrations insert, no account and no secret.
 */
async function makeSeed() {
  const database = await openDatabase({ pgliteSeed: false });
  if (!database.pglite) throw new Error('expected an embedded database');
  await database.pglite.exec('VACUUM (ANALYZE)');
  const dump = await database.pglite.dumpDataDir('gzip');
  const file = path.resolve(import.meta.dirname, PGLITE_SEED_FILE);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.stdout.write(`embedded database seed written to ${file}\n`);
}

makeSeed().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
