import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository's root: the cluster runs the build under apps/api/dist from here. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Enough of a process's output to explain a start that failed. */
const KEPT_OUTPUT_CHARS = 8_000;
/** SIGTERM first, as a supervisor would: an API finishes its requests, a worker its running job. */
const STOP_GRACE_MS = 10_000;
const HEALTH_POLL_MS = 100;

export interface NodeProcess {
  name: string;
  pid: number;
  /** The last lines the process wrote (both streams), for a failure message. */
  output(): string;
  /** Resolves with the first line of output that contains `text`; rejects when the process exits first. */
  lineContaining(text: string, timeoutMs: number): Promise<string>;
  /** Resolves when the process ends, with its exit code or signal. */
  exited: Promise<string>;
  /** Resolves once GET `url` answers 200; rejects when the process exits first or the deadline passes. */
  healthy(url: string, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  name: string;
  /** A file of the build, relative to the repository's root (apps/api/dist/main.js). */
  entry: string;
  env: Record<string, string>;
  /** Copy each line to this process's output with the name in front (the command line's mode). */
  forward: boolean;
}

/** The Node flags in the API's `start` script (`node <flags> dist/main.js`), so the cluster runs it as npm start does. */
function startScriptFlags(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'apps/api/package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(' ').filter((word) => word.startsWith('--'));
}

/** Starts a file of the build in a Node process of its own, keeping (and, when asked, forwarding) its output. */
export function spawnNode(options: SpawnOptions): NodeProcess {
  const entry = path.join(ROOT, options.entry);
  if (!fs.existsSync(entry)) throw new Error(`${options.entry} is missing: run \`npm run build\` first`);
  const child: ChildProcess = spawn(process.execPath, [...startScriptFlags(), entry], {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let waiters: { text: string; resolve: (line: string) => void }[] = [];
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  const take = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-KEPT_OUTPUT_CHARS);
    if (options.forward) stream.write(text.replace(/^(?=.)/gm, `[${options.name}] `));
    for (const line of text.split('\n')) {
      const hit = waiters.filter((waiter) => line.includes(waiter.text));
      waiters = waiters.filter((waiter) => !line.includes(waiter.text));
      for (const waiter of hit) waiter.resolve(line);
    }
  };
  child.stdout?.on('data', take(process.stdout));
  child.stderr?.on('data', take(process.stderr));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const exitedError = () =>
    new Error(`${options.name} exited (${child.exitCode ?? child.signalCode}) while starting:\n${output}`);

  return {
    name: options.name,
    pid: child.pid ?? 0,
    output: () => output,
    exited,
    lineContaining: (text, timeoutMs) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${options.name} did not say "${text}" within ${timeoutMs} ms:\n${output}`)),
          timeoutMs,
        );
        const done = (line: string) => {
          clearTimeout(timer);
          resolve(line);
        };
        waiters.push({ text, resolve: done });
        void exited.then(() => {
          clearTimeout(timer);
          reject(exitedError());
        });
      }),
    healthy: async (url, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (hasExited()) throw exitedError();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        if (Date.now() > deadline) {
          throw new Error(`${options.name} did not answer ${url} within ${timeoutMs} ms:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
      }
    },
    stop: async () => {
      if (hasExited()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
