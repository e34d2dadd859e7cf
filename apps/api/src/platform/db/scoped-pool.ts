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
export interface PoolConnections {
  pool: string;
  total: number;
  idle: number;
  waiting: number;
}

export class ScopedPool extends pg.Pool {
  readonly #scopeOf: () => DbScope;
  readonly #appPool: pg.Pool | null;

  /**
   * `appConfig`, when given, is the application's own login (a role that is, or belongs to, the application role):
   * every checkout outside the owner's scope comes from it, so a query made for a request or a job cannot leave the
   * application role, not even by `RESET ROLE`. Without it every checkout comes from the owner's login and is switched
   * to the application role (which the same connection could switch back).
   */
  constructor(config: pg.PoolConfig, scopeOf: () => DbScope = currentScope, appConfig?: pg.PoolConfig) {
    super(config);
    this.#scopeOf = scopeOf;
    this.#appPool = appConfig ? new pg.Pool(appConfig) : null;
  }

  /** Connections of each pool (the owner login's, and the application login's when it has one), for the metrics. */
  connectionCounts(): PoolConnections[] {
    const counts = (name: string, pool: pg.Pool) => ({
      pool: name,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return [counts('owner', this), ...(this.#appPool ? [counts('app', this.#appPool)] : [])];
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    const ended = Promise.all([this.#appPool?.end(), super.end()]).then(() => undefined);
    if (!callback) return ended;
    void ended.then(callback, callback);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const scope = this.#scopeOf();
    const source = !scope.owner && this.#appPool ? this.#appPool.connect() : super.connect();
    const taken = source.then(async (client) => {
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
