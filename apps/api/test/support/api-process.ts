import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const API_ROOT = path.resolve(import.meta.dirname, '../..');

/** A real API process, as production runs it, on its own free port. */
export interface ApiProcess {
  baseUrl: string;
  /** What the process wrote to stderr, for the failure message. */
  stderr(): string;
  stop(): Promise<void>;
  /**
   * kill -9 of the API and the processes it started (the embedded database's): none gets a chance to finish a request,
   * flush or close anything (crash tests).
   */
  kill(): Promise<void>;
  /**
   * kill -9 of the API process alone, as the kernel's out-of-memory killer or an operator's `kill -9 <pid>` does: the
   * processes it started (the embedded database's engine) are left to notice and end by themselves.
   */
  killServerOnly(): Promise<void>;
  /** The API process's id. */
  pid: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}): ${stderr()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the process runs: src/main.ts through tsx, as `npm run dev` does, or with API_PROCESS_FROM_BUILD=1 the build's
 * dist/main.js, as `npm start` does. CI's crash tests run after the build and take the build: its first start on a
 * new data directory copies the build's embedded seed instead of running initdb and every migration, seconds a start.
 */
const entry =
  process.env.API_PROCESS_FROM_BUILD === '1' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];

export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, entry, {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'casting-process-')),
      DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // A group of its own, so that a crash takes the API and the processes it started (the embedded database's) at
    // once, as a machine's or a container's end does.
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, () => stderr);
  } catch (error) {
    process.kill(-child.pid!, 'SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, 'SIGKILL');
        await exited;
      }
    },
    killServerOnly: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    pid: child.pid!,
  };
}
