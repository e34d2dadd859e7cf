import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  NoopLogger,
  type Query,
  type ExtractTablesWithRelations,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import {
  PgDialect,
  type PgPreparedQuery,
  type PreparedQueryConfig,
  type SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { WithCacheConfig } from 'drizzle-orm/cache/core/types';
import { PgliteDatabase, PglitePreparedQuery, PgliteSession } from 'drizzle-orm/pglite';
import type * as schemaTables from './schema';

type Schema = typeof schemaTables;
type Tables = ExtractTablesWithRelations<Schema>;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Named statements for the embedded database, so that a query the code prepares under a name (`.prepare(name)`) is
 * parsed and planned once, as node-postgres does on PostgreSQL.
 *
 * Why: drizzle's PGlite driver ignores the name and runs every call through `PGlite.query`, which sends Parse,
 * Describe, Bind, Describe, Execute and Sync as six separate calls into the engine and parses and plans the text
 * each time. The statements named in the code are the ones run on every request (the authenticator's session lookup,
 * the projects list's page); on the list page planning was about two thirds of the statement's cost, and PGlite
 * runs the whole API's queries one at a time on the request thread, so that cost bounded throughput.
 *
 * How: on first use a statement is parsed and described under a server-side name of its own (the text can differ
 * under one code name, e.g. a different page size, so the server name is per text). Each call after that is one
 * call into the engine with Bind, Execute and Sync. PGlite is a single session that lives as long as the process,
 * so a statement stays prepared for good; the number of distinct named texts is bounded by the code (a handful per
 * name), not by the data.
 *
 * Calls take PGlite's two locks the way `PGlite.query` does, so they queue behind a running transaction instead of
 * interleaving with it, and the file system is synced afterwards as it is after any query.
 */
export function drizzleWithNamedStatements(pglite: PGlite, schema: Schema) {
  const statements = new NamedStatements(pglite);
  return drizzleWithStatementClients(pglite, schema, (name) => statements.clientFor(name));
}

/** What runs the statements prepared under one name: `query` is all drizzle's prepared query calls. */
export interface NamedStatementClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/**
 * Drizzle on a PGlite client (the engine itself, or its stand-in in another process, pglite-process.ts), with the
 * statements prepared under a name sent to `named(name)`.
 */
export function drizzleWithStatementClients(
  client: PGlite,
  schema: Schema,
  named: (name: string) => NamedStatementClient,
) {
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig<Tables>(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  const session = new NamedStatementSession(client, dialect, relational, named);
  const db = new PgliteDatabase<Schema>(dialect, session, relational);
  return Object.assign(db, { $client: client });
}

type RelationalConfig = ConstructorParameters<typeof PgliteSession<Schema, Tables>>[2];

class NamedStatementSession extends PgliteSession<Schema, Tables> {
  readonly #named: (name: string) => NamedStatementClient;
  readonly #logger = new NoopLogger();
  readonly #cache = new NoopCache();

  constructor(
    client: PGlite,
    dialect: PgDialect,
    schema: RelationalConfig,
    named: (name: string) => NamedStatementClient,
  ) {
    super(client, dialect, schema);
    this.#named = named;
  }

  override prepareQuery<T extends PreparedQueryConfig = PreparedQueryConfig>(
    query: Query,
    fields: SelectedFieldsOrdered | undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper?: (rows: unknown[][]) => T['execute'],
    queryMetadata?: { type: 'select' | 'update' | 'delete' | 'insert'; tables: string[] },
    cacheConfig?: WithCacheConfig,
  ): PgPreparedQuery<T> {
    if (!name) {
      return super.prepareQuery<T>(
        query,
        fields,
        name,
        isResponseInArrayMode,
        customResultMapper,
        queryMetadata,
        cacheConfig,
      );
    }
    // Drizzle's prepared query maps rows and reports errors as always; only the client it calls is ours. It calls
    // nothing but `query`, which is all a named statement client provides.
    const client = this.#named(name) as unknown as Transaction;
    return new PglitePreparedQuery<T>(
      client,
      query.sql,
      query.params,
      this.#logger,
      this.#cache,
      queryMetadata,
      cacheConfig,
      fields,
      name,
      isResponseInArrayMode,
      customResultMapper,
    );
  }
}

interface PreparedStatement {
  serverName: string;
  parameterTypes: number[];
  /** The statement's row description (absent for a statement that returns no rows), put before its data rows. */
  rowDescription: BackendMessage | undefined;
}

function protocolMessage(messages: BackendMessage[], name: string): BackendMessage | undefined {
  return messages.find((message) => message.name === name);
}

export class NamedStatements {
  readonly #pglite: PGlite;
  /** By code name, then by text: one server statement for each text a name has been prepared with. */
  readonly #byName = new Map<string, Map<string, PreparedStatement>>();
  #counter = 0;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  clientFor(name: string): NamedStatementClient {
    return {
      query: <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> =>
        this.#run<T>(name, text, params, options),
    };
  }

  async #run<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined) {
    const pglite = this.#pglite;
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const statement = await this.#statement(name, text);
        const values = params.map((value, index) => this.#serialize(value, statement.parameterTypes[index]));
        const messages = await pglite.execProtocolStream(
          concat([
            protocol.serialize.bind({ statement: statement.serverName, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        );
        await pglite.syncToFs();
        const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
        return parse.parseResults(described, pglite.parsers, options)[0] as Results<T>;
      }),
    );
  }

  async #statement(name: string, text: string): Promise<PreparedStatement> {
    let texts = this.#byName.get(name);
    if (!texts) this.#byName.set(name, (texts = new Map()));
    const known = texts.get(text);
    if (known) return known;
    const serverName = `named_${++this.#counter}_${name}`.slice(0, 63);
    // Parse and Describe go in one call with their Sync: an error (a missing table, say) is thrown from here with the
    // session back at ready, and nothing is remembered, so the next call tries again.
    const messages = await this.#pglite.execProtocolStream(
      concat([
        protocol.serialize.parse({ name: serverName, text }),
        protocol.serialize.describe({ type: 'S', name: serverName }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement: PreparedStatement = {
      serverName,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: protocolMessage(messages, 'rowDescription'),
    };
    texts.set(text, statement);
    return statement;
  }

  /** As `PGlite.query` does: the serializer for the parameter's type, else the value's text; null stays null. */
  #serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serialize = type === undefined ? undefined : this.#pglite.serializers[type];
    return serialize ? serialize(value) : String(value);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
