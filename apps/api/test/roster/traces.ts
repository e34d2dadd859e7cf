import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client';

/** Rows of a raw query, from either driver. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

export interface Trace {
  table: string;
  row: Record<string, unknown>;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every row of every table (the product's and the job queue's) that holds one of `needles` in any column that can
 * hold text or ids (text, uuid, json, arrays), case-insensitively. The tables and columns are read from
 * information_schema, so a table added later is searched without this file knowing it. Rows of `skipOffice` (another
 * office, whose own person may share the e-mail) and the tables in `skipTables` are left out.
 */
export async function tracesOf(
  db: Db,
  needles: readonly string[],
  options: { skipOffice?: string; skipTables?: readonly string[] } = {},
): Promise<Trace[]> {
  const columns = rowsOf<{ schema: string; table: string; column: string }>(
    await db.execute(sql`select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'uuid', 'json', 'jsonb', 'ARRAY')
      order by c.table_schema, c.table_name, c.ordinal_position`),
  );
  const tables = new Map<string, { schema: string; table: string; columns: string[] }>();
  for (const { schema, table, column } of columns) {
    const name = `${schema}.${table}`;
    if (options.skipTables?.includes(name)) continue;
    const entry = tables.get(name) ?? { schema, table, columns: [] };
    entry.columns.push(column);
    tables.set(name, entry);
  }
  const patterns = sql`array[${sql.join(
    needles.map((needle) => sql`${`%${escapeLike(needle)}%`}`),
    sql`, `,
  )}]::text[]`;
  const found: Trace[] = [];
  for (const [name, { schema, table, columns: cols }] of tables) {
    const matches = sql.join(
      cols.map((column) => sql`${sql.identifier(column)}::text ilike any(${patterns})`),
      sql` or `,
    );
    const otherOffice =
      options.skipOffice && cols.includes('office_id')
        ? sql` and office_id is distinct from ${options.skipOffice}::uuid`
        : sql``;
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`select * from ${sql.identifier(schema)}.${sql.identifier(table)} where (${matches})${otherOffice} limit 5`,
      ),
    );
    for (const row of rows) found.push({ table: name, row });
  }
  return found;
}

/** Every file under a folder (the local storage's root), with its path relative to it. */
export function filesUnder(root: string): { relative: string; full: string }[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { relative: path.relative(root, full), full };
    });
}

/** The stored files whose path or bytes hold one of `needles` (bytes compared as UTF-8, case-sensitively). */
export function filesHolding(root: string, needles: readonly string[]): string[] {
  return filesUnder(root)
    .filter(({ relative, full }) => {
      if (needles.some((needle) => relative.includes(needle))) return true;
      const bytes = fs.readFileSync(full);
      return needles.some((needle) => bytes.includes(needle));
    })
    .map(({ relative }) => relative);
}
