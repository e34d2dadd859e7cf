import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DataDirectoryLockedError, type LockHolder } from './data-dir-lock';
import type { EmbeddedEngineOptions } from './pglite-engine';
import type { NamedStatementClient } from './pglite-named-statements';
import type { ScopedPgliteClient } from './scoped-pglite';
import type { HostError, HostReply, HostRequest } from './pglite-protocol';
import { currentScope } from './scope';

/** What the API uses of the embedded engine, in this process (PGlite itself) or in its own (`PgliteProcess`). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'listen' | 'transaction' | 'closed'>;

/** A request as a caller writes it; `#call` numbers it. (Omit over each member of the union, not the union.) */
type Request = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The engine's process gives the C allocator's freed memory back to the system (glibc's M_TRIM_THRESHOLD, through
 * its environment variable; other C libraries ignore it). V8 compiles PostgreSQL's WebAssembly on helper threads as
 * the engine warms up, and by default glibc keeps what they freed in per-thread arenas and raises its own
 * thresholds as it goes: 70 to 80 MB that the process held for nothing after the first start. A fixed threshold
 * (which also stops glibc's raising of the mmap threshold, so large blocks are mapped and unmapped) keeps the
 * engine at about 185 to 215 MB instead of 230 to 260 (decision 0067). An operator's own setting wins.
 */
const ENGINE_TRIM_THRESHOLD = String(128 * 1024);

/**
 * The engine's process keeps V8's young generation at most 16 MB per semi-space: Node 20's default, which Node 24
 * raised to 64 MB. On Node 24 the engine's process then held about 240 MB after a first start instead of 310; on
 * Node 20 nothing changes (decision 0080). A smaller one (4 MB) cost the PGlite lists about a fifth of their
 * throughput.
 */
const YOUNG_GENERATION_MB = 16;

/**
 * The embedded engine in a process of its own, driven over Node's IPC channel (pglite-host.ts is the other end).
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly. In the API's process its heap (130 to 200 MB once used, never
 * returned) and its compiled code sit beside the API's own memory, and every query runs on the thread that also
 * serves HTTP, so a slow statement stalls every request and upload in flight. In its own process the engine has a
 * core of its own, and the API's memory is the API's, as it is beside a PostgreSQL server.
 *
 * The engine stays a single session. Calls queue in it as they do in-process: a query waits for an open transaction
 * to end; the transaction's own statements run inside it. Errors come back with their fields (code, detail,
 * constraint), so callers tell a unique violation from other failures as before.
 */
export class PgliteProcess implements ScopedPgliteClient {
  readonly #child: ChildProcess;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #counter = 0;
  #closed = false;
  #exitError: Error | null = null;
  /** Called once if the engine's process ends while the API still needs it. */
  onExit: ((error: Error) => void) | null = null;

  private constructor(child: ChildProcess) {
    this.#child = child;
    child.on('message', (reply: HostReply) => this.#receive(reply));
    child.on('exit', (code, signal) => {
      const error = new Error(
        `The embedded database process stopped (${signal ?? `exit code ${code}`}); restart the API to reopen it.`,
      );
      this.#exitError = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
      if (!this.#closed) {
        this.#closed = true;
        this.onExit?.(error);
      }
    });
  }

  /** Starts the engine's process and opens the database in it (seed and migrations as in-process). */
  static async start(options: EmbeddedEngineOptions): Promise<PgliteProcess> {
    const source = import.meta.url.endsWith('.ts');
    const entry = fileURLToPath(new URL(source ? './pglite-host.ts' : './pglite-host.js', import.meta.url));
    const child = fork(entry, [], {
      serialization: 'advanced',
      // From source (tests, `npm run dev`) the host is TypeScript too; the bundle has it as plain JavaScript.
      execArgv: [...(source ? ['--import', 'tsx'] : []), `--max-semi-space-size=${YOUNG_GENERATION_MB}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? ENGINE_TRIM_THRESHOLD,
      },
    });
    const engine = new PgliteProcess(child);
    try {
      // The engine's process holds the data directory's lock; the holder it names is this process's command.
      const command = `${options.command ?? process.argv.slice(1).join(' ')} (its embedded database process)`;
      await engine.#call({ op: 'open', options: { ...options, command, ownerPid: process.pid } });
    } catch (error) {
      child.kill();
      throw error;
    }
    return engine;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The operating system's id of the engine's process (benchmarks read its memory). */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options, undefined, undefined);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.#call({ op: 'exec', text, scope: currentScope() }) as Promise<Array<Results>>;
  }

  /** The client drizzle's prepared query calls for a statement prepared under `name`. */
  named(name: string): NamedStatementClient {
    return { query: (text, params = [], options) => this.#query(text, params, options, undefined, name) };
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin', scope: currentScope() })) as number;
    let closed = false;
    const guard = () => {
      if (closed) throw new Error('The transaction is already closed');
    };
    const handle = {
      query: <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        guard();
        return this.#query<R>(text, params, options, tx, undefined);
      },
      sql: () => {
        throw new Error('Tagged-template queries are not available on the embedded database process');
      },
      exec: (text: string) => {
        guard();
        return this.#call({ op: 'exec', text, tx, scope: currentScope() }) as Promise<Array<Results>>;
      },
      rollback: async () => {
        guard();
        closed = true;
        await this.#call({ op: 'end', tx, commit: false });
      },
      listen: () => {
        throw new Error('LISTEN inside a transaction is not available on the embedded database process');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#call({ op: 'end', tx, commit: false }).catch(() => undefined);
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#call({ op: 'end', tx, commit: true });
    }
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) this.#listeners.set(channel, (callbacks = new Set()));
    callbacks.add(callback);
    await this.#call({ op: 'listen', channel });
    return async () => {
      const current = this.#listeners.get(channel);
      current?.delete(callback);
      if (current && current.size === 0) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#call({ op: 'unlisten', channel });
      }
    };
  }

  /** Closes the database (the engine flushes and releases its files), then lets the process end. */
  async close(): Promise<void> {
    if (this.#closed) return;
    const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
    await this.#call({ op: 'close' }).catch(() => undefined);
    this.#closed = true;
    this.#child.disconnect();
    await exited;
  }

  #query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    tx: number | undefined,
    name: string | undefined,
  ): Promise<Results<T>> {
    for (const parser of Object.values(options?.parsers ?? {})) {
      // Functions cannot cross to the other process. The only parsers the API passes are drizzle's, which keep a
      // type's text as it is; anything else would be silently dropped, so it is refused instead.
      if (parser('x', 0) !== 'x')
        throw new Error('Only text-keeping parsers reach the embedded database process');
    }
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.#call({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode,
      textTypes,
      tx,
      name,
      scope: currentScope(),
    }) as Promise<Results<T>>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#exitError) return Promise.reject(this.#exitError);
    const id = ++this.#counter;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.send({ ...request, id } as HostRequest, (error) => {
        if (!error) return;
        this.#pending.delete(id);
        reject(error);
      });
    });
  }

  #receive(reply: HostReply) {
    if ('notify' in reply) {
      for (const callback of this.#listeners.get(reply.notify) ?? []) callback(reply.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(rebuildError(reply.error));
  }
}

/** The engine's error as the caller would have had it in-process: its message and its fields. */
function rebuildError(fields: HostError): Error {
  if (fields.name === 'DataDirectoryLockedError') {
    return new DataDirectoryLockedError(
      String(fields.dataDir),
      typeof fields.holder === 'string' ? (JSON.parse(fields.holder) as LockHolder | null) : null,
    );
  }
  const error = new Error(fields.message);
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'message') Object.assign(error, { [key]: value });
  }
  return error;
}
