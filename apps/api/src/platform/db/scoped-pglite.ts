import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { NamedStatements, type NamedStatementClient } from './pglite-named-statements';
import {
  APPLY_SCOPE_LOCAL_SQL,
  APPLY_SCOPE_SQL,
  applyScopeParams,
  currentScope,
  scopeKey,
  withScope,
  type DbScope,
} from './scope';

/** What the API uses of the embedded engine (in this process or its own), plus its named statements. */
export interface ScopedPgliteClient extends Pick<
  PGlite,
  'query' | 'exec' | 'listen' | 'transaction' | 'closed'
> {
  named(name: string): NamedStatementClient;
}

/**
 * The embedded engine with each call put into the scope of the code that made it (scope.ts). PGlite is one session,
 * so the scope is a property of the session: a call first sets the role and the office when they differ from the
 * last call's, then runs, and no other call may come in between. Calls therefore take turns here (the engine runs
 * them one at a time anyway). A transaction sets its scope for itself (`set_config(..., true)`), so the session's
 * settings are the last call's again once it ends.
 */
export class ScopedEngine implements ScopedPgliteClient {
  readonly #pglite: PGlite;
  readonly #statements: NamedStatements;
  #applied: string | null = null;
  #turn: Promise<unknown> = Promise.resolve();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#statements = new NamedStatements(pglite);
  }

  get closed(): boolean {
    return this.#pglite.closed;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#inTurn(currentScope(), () => this.#pglite.query<T>(text, params, options));
  }

  exec(text: string): Promise<Array<Results>> {
    return this.#inTurn(currentScope(), () => this.#pglite.exec(text));
  }

  named(name: string): NamedStatementClient {
    const client = this.#statements.clientFor(name);
    return {
      query: <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.#inTurn(currentScope(), () => client.query<T>(text, params, options)),
    };
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const params = applyScopeParams(currentScope());
    return this.#pglite.transaction(async (tx) => {
      await tx.query(APPLY_SCOPE_LOCAL_SQL, params);
      return callback(tx);
    });
  }

  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    return this.#pglite.listen(channel, callback);
  }

  #inTurn<T>(scope: DbScope, work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(async () => {
      const key = scopeKey(scope);
      if (this.#applied !== key) {
        this.#applied = null;
        await this.#pglite.query(APPLY_SCOPE_SQL, applyScopeParams(scope));
        this.#applied = key;
      }
      return work();
    });
    this.#turn = run.catch(() => undefined);
    return run;
  }
}

/** A client whose every call runs in one fixed scope, whatever the caller's (tests' and tools' owner handles). */
export function fixedScopeClient(client: ScopedPgliteClient, scope: DbScope): ScopedPgliteClient {
  return {
    get closed() {
      return client.closed;
    },
    query: (text, params, options) => withScope(scope, () => client.query(text, params, options)),
    exec: (text) => withScope(scope, () => client.exec(text)),
    transaction: (callback) => withScope(scope, () => client.transaction(callback)),
    listen: (channel, callback) => client.listen(channel, callback),
    named: (name) => {
      const named = client.named(name);
      return { query: (text, params, options) => withScope(scope, () => named.query(text, params, options)) };
    },
  } as ScopedPgliteClient;
}
