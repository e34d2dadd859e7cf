import pg from 'pg';
import { APPLY_SCOPE_SQL, applyScopeParams, currentScope, scopeKey, type DbScope } from './scope';

/** The scope each pooled connection was last put into, so an unchanged one costs no round trip. */
const applied = new WeakMap<pg.PoolClient, string>();

async function applyScope(client: pg.PoolClient, scope: DbScope): Promise<void> {
  const key = scopeKey(scope);
  if (applied.get(client) === key) return;
  applied.delete(client);
  await client.query(APPLY_SCOPE_SQL, applyScopeParams(scope));
  applied.set(client, key);
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: unknown) => void,
) => void;

/**
 * A PostgreSQL pool whose every checkout is put into the scope of the code that asked for it (scope.ts): the role
 * and the office, read when the connection is taken, so that a transaction keeps the scope it began with. The pool's
 * own `query` takes its connection through `connect` too. It stays a `pg.Pool`, which drizzle checks for to open
 * transactions on a connection of their own.
 */
export class ScopedPool extends pg.Pool {
  readonly #scopeOf: () => DbScope;

  constructor(config: pg.PoolConfig, scopeOf: () => DbScope = currentScope) {
    super(config);
    this.#scopeOf = scopeOf;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const scope = this.#scopeOf();
    const taken = super.connect().then(async (client) => {
      try {
        await applyScope(client, scope);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      return client;
    });
    if (!callback) return taken;
    taken.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error),
    );
  }
}
