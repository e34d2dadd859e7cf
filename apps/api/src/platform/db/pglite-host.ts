import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import { DataDirectoryLockedError } from './data-dir-lock';
import { openEmbeddedEngine, type EmbeddedEngine } from './pglite-engine';
import type { HostError, HostReply, HostRequest } from './pglite-protocol';
import { withScope } from './scope';
import { ScopedEngine } from './scoped-pglite';

/**
 * The embedded engine's own process: it opens PGlite and runs what the API sends over the IPC channel
 * (pglite-process.ts explains why it lives apart). Started by the API, never by hand. It ends with its parent: when
 * the channel closes (the API stopped, or died), it closes the engine so the data directory is left consistent.
 */
let engine: EmbeddedEngine | null = null;
let pglite: ScopedEngine | null = null;
const transactions = new Map<
  number,
  { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }
>();
const listening = new Map<string, Promise<() => Promise<void>>>();
let transactionCounter = 0;
let closing: Promise<void> | null = null;

/** Thrown inside a transaction's callback to have PGlite roll it back. */
class RollBack extends Error {}

function send(reply: HostReply) {
  // A reply can find the API gone (killed mid-request): the failed write is dropped, and the channel's end closes
  // the engine (below).
  if (process.connected) process.send!(reply, undefined, undefined, () => undefined);
}

function errorOf(error: unknown): HostError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: HostError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
      fields[key] = value as never;
  }
  if (error instanceof DataDirectoryLockedError) fields.holder = JSON.stringify(error.holder);
  return fields;
}

const parsersByKey = new Map<string, QueryOptions['parsers']>();
/** Identity parsers for the given type ids: the values stay as the engine's text, as the caller's parsers asked. */
function textParsers(types: number[] | undefined): QueryOptions['parsers'] {
  if (!types || types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

function transactionOf(id: number | undefined): Transaction | undefined {
  if (id === undefined) return undefined;
  const open = transactions.get(id);
  if (!open) throw new Error(`Transaction ${id} is not open`);
  return open.tx;
}

async function begin(engine: ScopedEngine): Promise<number> {
  const id = ++transactionCounter;
  let started!: () => void;
  let failedToStart!: (error: unknown) => void;
  const start = new Promise<void>((resolve, reject) => {
    started = resolve;
    failedToStart = reject;
  });
  let finish!: (commit: boolean) => void;
  const finished = new Promise<boolean>((resolve) => (finish = resolve));
  const done = engine
    .transaction(async (tx) => {
      // A transaction that only got the engine once closing had begun (it waited behind another one) is rolled back
      // at once: its API is gone, nobody would ever end it, and the engine could not close behind it.
      if (closing) {
        failedToStart(new Error('The embedded database is closing'));
        throw new RollBack();
      }
      transactions.set(id, { tx, finish, done });
      started();
      if (!(await finished)) throw new RollBack();
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      },
    )
    .finally(() => transactions.delete(id));
  // BEGIN itself failing rejects `done` before the callback ran.
  done.catch(failedToStart);
  await start;
  return id;
}

async function handle(request: HostRequest): Promise<unknown> {
  if (request.op === 'open') {
    // An engine process a killed server left behind, still closing the directory, is waited for by the lock
    // (data-dir-lock.ts, which this process's owner id in the options lets the next opener recognise).
    engine = await openEmbeddedEngine(request.options);
    // Each call runs in the scope the API sent with it (scope.ts), the engine's one session set to it first.
    pglite = new ScopedEngine(engine.pglite);
    return undefined;
  }
  const open = pglite;
  if (!open || closing) throw new Error('The embedded database is not open');
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = { rowMode: request.rowMode ?? 'object' };
      const parsers = textParsers(request.textTypes);
      if (parsers) options.parsers = parsers;
      if (request.name && request.tx === undefined) {
        const named = open.named(request.name);
        return withScope(request.scope, () => named.query(request.text, request.params, options));
      }
      const tx = transactionOf(request.tx);
      if (tx) return tx.query(request.text, request.params, options);
      return withScope(request.scope, () => open.query(request.text, request.params, options));
    }
    case 'exec': {
      const tx = transactionOf(request.tx);
      if (tx) return tx.exec(request.text);
      return withScope(request.scope, () => open.exec(request.text));
    }
    case 'begin':
      return withScope(request.scope, () => begin(open));
    case 'end': {
      const transaction = transactions.get(request.tx);
      if (!transaction) throw new Error(`Transaction ${request.tx} is not open`);
      transaction.finish(request.commit);
      await transaction.done;
      return undefined;
    }
    case 'listen':
      if (!listening.has(request.channel)) {
        const unlisten = open.listen(request.channel, (payload) =>
          send({ notify: request.channel, payload }),
        );
        listening.set(request.channel, unlisten);
        unlisten.catch(() => listening.delete(request.channel));
      }
      await listening.get(request.channel);
      return undefined;
    case 'unlisten': {
      const unlisten = listening.get(request.channel);
      listening.delete(request.channel);
      if (unlisten) await (await unlisten)();
      return undefined;
    }
    case 'close':
      await close();
      return undefined;
  }
}

function close(): Promise<void> {
  closing ??= (async () => {
    for (const open of transactions.values()) open.finish(false);
    await Promise.allSettled([...transactions.values()].map((open) => open.done));
    await engine?.close();
  })();
  return closing;
}

process.on('message', (request: HostRequest) => {
  handle(request).then(
    (value) => send({ id: request.id, ok: true, value }),
    (error: unknown) => send({ id: request.id, ok: false, error: errorOf(error) }),
  );
});
// Ctrl-C in a terminal signals the whole process group: the engine leaves its ending to the API, which closes it
// after its last request, or to the channel's end if the API is gone.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
process.on('disconnect', () => {
  close().finally(() => process.exit(0));
});
