import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/*
 * One API server per Playwright worker: the production build (`node apps/api/dist/main.js`) on a free port with a
 * fresh embedded database of its own, so two workers run journeys side by side without sharing a server, a database,
 * an outbox or a rate limit. playwright.config.ts decides the run's folder and the first super admin's credentials;
 * every worker's server creates that same admin on its own database.
 */

const HOST = '127.0.0.1';
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/api/dist/main.js');
/** A first start on a busy 2-core machine took tens of seconds (the engine's process, the seed copied in). */
const START_TIMEOUT_MS = 90_000;
const HEALTH_POLL_MS = 250;
/** SIGTERM first, as a supervisor would; the server finishes its requests and closes the engine. */
const STOP_GRACE_MS = 5_000;
/** Enough of the server's output to explain a start that failed. */
const KEPT_OUTPUT_CHARS = 8_000;

export interface WorkerServer {
  baseURL: string;
  stop(): Promise<void>;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts`);
  return value;
}

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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function waitUntilHealthy(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The e2e server exited (${child.exitCode ?? child.signalCode}) while starting:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The e2e server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
}

/**
 * Starts the worker's server and waits until it answers its health check. `label` names the worker in the server's
 * forwarded output and in its data folder (a worker that replaces a failed one gets a new folder, never a held one).
 */
export async function startWorkerServer(label: string): Promise<WorkerServer> {
  const port = await freePort();
  const baseURL = `http://${HOST}:${port}`;
  const dataDir = path.join(requiredEnv('E2E_DATA_DIR'), label);
  fs.mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // Empty means unset to the API: the journeys always run on the embedded database.
      DATABASE_URL: '',
      NODE_ENV: 'development',
      ADMIN_EMAIL: requiredEnv('E2E_ADMIN_EMAIL'),
      ADMIN_PASSWORD: requiredEnv('E2E_ADMIN_PASSWORD'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the limits themselves are covered by the API tests.
      AUTH_RATE_LIMIT_MAX: '1000',
      // The webhooks journey registers a receiver of its own on loopback (refused in production).
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  });
  let output = '';
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-KEPT_OUTPUT_CHARS);
    stream.write(text.replace(/^(?=.)/gm, `[e2e server ${label}] `));
  };
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited(child);
    clearTimeout(timer);
  };
  try {
    await waitUntilHealthy(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
