import type { PgliteClient } from '../db/pglite-process';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client';
import { runAsOwner } from '../db/scope';

/** What pg-boss needs from a connection: run one SQL text with positional parameters and return its rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * PostgreSQL: pg-boss shares the API's pool, so one setting sizes every connection the process opens. Its own
 * statements (its schema, fetching and completing jobs) run as the owner: the queue's tables hold no office data.
 */
export function poolExecutor(pool: pg.Pool): SqlExecutor {
  return { executeSql: (text, values) => runAsOwner(() => pool.query(text, values)) };
}

/**
 * PGlite runs a parameterised query only as one statement, while pg-boss sends its schema installation and its
 * locked maintenance as multi-statement scripts without parameters: those go through `exec`, which runs a script.
 * Both calls wait for any open transaction on the single connection to end, so they never interleave with one.
 * They run as the owner, as on PostgreSQL.
 */
export function pgliteExecutor(pglite: PgliteClient): SqlExecutor {
  return {
    executeSql: (text, values) =>
      runAsOwner(async () => {
        if (values && values.length > 0) return pglite.query(text, values.map(nullForUndefined));
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }),
  };
}

/**
 * Runs pg-boss's statement inside a drizzle transaction, so a job row is written (and visible to workers) only
 * when the rows that caused it commit. The positional `$n` markers become drizzle parameters.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(toDrizzleSql(text, values));
      return { rows: (result as { rows?: unknown[] }).rows ?? [] };
    },
  };
}

export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const marker = /\$(\d+)/g;
  let last = 0;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`SQL parameter $${match[1]} has no value`);
    chunks.push(sql`${sql.param(nullForUndefined(values[index]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function nullForUndefined(value: unknown) {
  return value === undefined ? null : value;
}
