import path from 'node:path';
import { startCluster } from './cluster';
import { DEFAULT_DATABASE_URL } from './database';
import { ROOT } from './processes';

/**
 * `npm run cluster`: the production layout on loopback (two API instances and a worker on one PostgreSQL and one
 * S3-protocol server, behind a round-robin balancer), until Ctrl-C. Settings come from the environment as for
 * `npm start`; DATABASE_URL defaults to a database of its own on the local PostgreSQL, CLUSTER_PORT (the balancer's
 * port) to 3000, CLUSTER_DATA_DIR to data/cluster.
 */
async function main() {
  const port = Number(process.env.CLUSTER_PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`CLUSTER_PORT must be a port number (got "${process.env.CLUSTER_PORT}")\n`);
    process.exit(1);
  }
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    dataDir: path.resolve(ROOT, process.env.CLUSTER_DATA_DIR || 'data/cluster'),
    port,
    env: process.env,
    forwardOutput: true,
  });
  process.stdout.write(
    `\nCluster ready at ${cluster.url}\n` +
      `  API instances ${cluster.instances.join(' and ')}, one worker, S3 protocol server ${cluster.store.url}\n` +
      '  Ctrl-C stops every process.\n\n',
  );
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('Stopping the cluster...\n');
    await cluster.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  // A process that ends by itself leaves the layout incomplete: the cluster says which and stops the rest, as a
  // supervisor would report it, rather than serve half the requests with 502.
  const ended = await Promise.race(
    cluster.processes.map((child) => child.exited.then((how) => ({ name: child.name, how }))),
  );
  if (stopping) return;
  stopping = true;
  process.stderr.write(`${ended.name} stopped by itself (${ended.how}); stopping the cluster.\n`);
  await cluster.stop();
  process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`Cluster start failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
