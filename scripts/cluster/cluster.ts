import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { startBalancer, type Balancer } from './balancer';
import { ensureDatabase } from './database';
import { spawnNode, type NodeProcess } from './processes';
import { startObjectStore, type ObjectStore } from './storage';

/** Everything listens on loopback: the cluster is a rehearsal of the production layout, not a server for others. */
export const HOST = '127.0.0.1';
/** A first start migrates an empty database and may load the demo office: on a busy 2-core machine, tens of seconds. */
const START_TIMEOUT_MS = 120_000;

export interface ClusterOptions {
  /** The PostgreSQL database every process shares; it is created when missing. */
  databaseUrl: string;
  /** Where the cluster keeps its files: the object store's, each process's DATA_DIR, the shared auth secret. */
  dataDir: string;
  /** The balancer's port; 0 takes a free one. */
  port: number;
  /** Environment every process starts with (the caller's, in the command line's mode); the cluster's own wins. */
  env: Record<string, string | undefined>;
  /** Copy every process's output to this one, each line named (the command line's mode). */
  forwardOutput: boolean;
}

export interface Cluster {
  /** The balancer's address: the one address people and browsers use. */
  url: string;
  /** Each API instance's own address, behind the balancer (for a test that must reach one of them). */
  instances: string[];
  balancer: Balancer;
  store: ObjectStore;
  /** The two instances and the worker, in the order they started. */
  processes: NodeProcess[];
  stop(): Promise<void>;
}

/** A free loopback port for an instance, which the balancer alone reaches. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Every instance must sign and check tokens and URLs with one secret. Unless the caller sets AUTH_SECRET, the cluster
 * makes one on its first start and keeps it in its folder, so sessions outlive a restart of the cluster.
 */
function sharedAuthSecret(options: ClusterOptions): string {
  if (options.env.AUTH_SECRET) return options.env.AUTH_SECRET;
  const file = path.join(options.dataDir, 'auth-secret');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Starts, on loopback, one S3-protocol server, two API instances and a background worker on one PostgreSQL database,
 * behind a round-robin balancer. The instances start one after the other: the first applies the migrations and
 * creates the first super admin (neither is safe to run twice at once), the second finds both done. The instances
 * send background jobs and the worker takes them (JOBS_WORKERS=off), as in the containers.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  await ensureDatabase(options.databaseUrl);
  // The balancer listens first: a taken port fails the start at once, and PUBLIC_URL can name it.
  const balancer = await startBalancer(options.port, HOST);
  const publicUrl = balancer.url;
  const started: NodeProcess[] = [];
  let store: ObjectStore | undefined;
  const stop = async () => {
    await balancer.close();
    // The worker first, then the instances, the last started first; the store last, as files may still be written.
    for (const child of [...started].reverse()) await child.stop();
    await store?.close();
  };
  try {
    store = await startObjectStore(path.join(options.dataDir, 's3'), HOST, publicUrl);
    const common: Record<string, string> = {
      ...(Object.fromEntries(
        Object.entries(options.env).filter(([, value]) => value !== undefined),
      ) as Record<string, string>),
      ...store.env,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: sharedAuthSecret(options),
      PUBLIC_URL: publicUrl,
      HOST,
      // Behind the balancer: the client's address is in X-Forwarded-For (rate limits count it, not the balancer's).
      TRUST_PROXY: 'true',
      JOBS_WORKERS: 'off',
    };
    const instances: string[] = [];
    for (const name of ['api-a', 'api-b']) {
      const instancePort = await freePort();
      const child = spawnNode({
        name,
        entry: 'apps/api/dist/main.js',
        env: { ...common, PORT: String(instancePort), DATA_DIR: path.join(options.dataDir, name) },
        forward: options.forwardOutput,
      });
      started.push(child);
      const url = `http://${HOST}:${instancePort}`;
      await child.healthy(`${url}/api/health`, START_TIMEOUT_MS);
      instances.push(url);
    }
    const worker = spawnNode({
      name: 'worker',
      entry: 'apps/api/dist/worker.js',
      // The worker says it is ready in its log: it needs at least that level, whatever the instances log.
      env: { ...common, DATA_DIR: path.join(options.dataDir, 'worker'), LOG_LEVEL: 'info' },
      forward: options.forwardOutput,
    });
    started.push(worker);
    await worker.lineContaining('background worker ready', START_TIMEOUT_MS);
    balancer.route(instances);
    return { url: balancer.url, instances, balancer, store, processes: started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
