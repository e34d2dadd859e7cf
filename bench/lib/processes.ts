import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Memory {
  /** Resident memory now, in MB. */
  rssMb: number;
  /** The most it has been resident since it started (VmHWM), in MB. */
  peakMb: number;
}

/** Resident memory of a process from /proc (Linux); null elsewhere. */
export function memoryOf(pid: number): Memory | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** The processes `pid` started (the API's embedded database process, say), from /proc (Linux); [] elsewhere. */
export function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          // The parent's id is the fourth field, after the command name in parentheses (which may hold spaces).
          const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Resident memory of a process and of the processes it started, summed: all the product holds. The peak is the sum
 * of each process's own peak, which may not have been at the same moment, so it is an upper bound.
 */
export function memoryOfTree(pid: number): Memory | null {
  const own = memoryOf(pid);
  if (!own) return null;
  return childrenOf(pid)
    .map(memoryOf)
    .reduce<Memory>(
      (sum, child) => (child ? { rssMb: sum.rssMb + child.rssMb, peakMb: sum.peakMb + child.peakMb } : sum),
      own,
    );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface Server {
  name: string;
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first successful answer of the health URL. */
  startMs: number;
  /** The server process's own memory. */
  memory(): Memory | null;
  /** With the processes it started (the embedded database's, on PGlite). */
  memoryWithChildren(): Memory | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  args: string[];
  env: Record<string, string>;
  port: number;
  /** Answers 200 once the server is up. */
  healthPath: string;
  timeoutMs?: number;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Spawns a Node server (its log discarded, errors kept for the failure message) and waits until it answers. With
 * BENCH_SERVER_STDOUT set, the servers' standard output is the bench's instead: their log, and V8's lines when
 * BENCH_API_FLAGS asks for them (`--trace-gc`).
 */
export async function startServer(options: StartOptions): Promise<Server> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, options.args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = started + (options.timeoutMs ?? 120_000);
  while (!(await answers(url + options.healthPath))) {
    if (child.exitCode !== null) throw new Error(`${options.name} exited during start:\n${stderr}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.name} did not answer within its start timeout:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  const pid = child.pid ?? 0;
  return {
    name: options.name,
    url,
    pid,
    startMs,
    memory: () => memoryOf(pid),
    memoryWithChildren: () => memoryOfTree(pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The built API, as `npm start` runs it. With BENCH_CPU_PROF set to a directory, each API process writes a V8 CPU
 * profile there when it stops (open it in Chrome's DevTools), to see where a figure's time goes.
 */
export function apiArgs(): string[] {
  const main = path.join(ROOT, 'apps/api/dist/main.js');
  if (!fs.existsSync(main))
    throw new Error('apps/api/dist/main.js is missing: run `npm run build -w @casting/api`');
  const profileDir = process.env.BENCH_CPU_PROF;
  // The API runs with the Node flags its start script gives it (apps/api/package.json), plus BENCH_API_FLAGS: other
  // flags (V8 heap settings, say) to measure before adopting them.
  const flags = [...startScriptFlags(), ...(process.env.BENCH_API_FLAGS ?? '').split(' ').filter(Boolean)];
  return [
    ...flags,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    main,
  ];
}

/** The Node flags in the API's `start` script (`node <flags> dist/main.js`). */
function startScriptFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/** A reference server from bench/, run through tsx. */
export function referenceArgs(file: string): string[] {
  return ['--import', 'tsx', path.join(ROOT, 'bench', file)];
}
