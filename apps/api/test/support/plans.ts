import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client';
import { APPLICATION_ROLE } from '../../src/platform/db/scope';
import { testDatabase } from './database';

/**
 * Reading query plans for the list-plan tests: each test fills tables with enough rows that a plan without the right
 * index would scan, inside a transaction that is rolled back (so the other tests on the database never see them),
 * and asserts on the plan's nodes (no sequential scan, the expected index, no sort).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Plan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: Plan[];
}

/** A plan and every node under it, flattened. */
export const nodes = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

/**
 * Plans are read as the application reads: as its role, in the first office, so row-level security's office filter
 * is part of the plan (the rows are filled, and analysed, as the owner).
 */
async function explain(tx: Tx, statement: SQL): Promise<Plan> {
  await tx.execute(sql`select set_config('role', ${APPLICATION_ROLE}, true)`);
  const result = await tx.execute(sql`explain (format json) ${statement}`);
  await tx.execute(sql`select set_config('role', 'none', true)`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];
  const raw = rows[0]?.['QUERY PLAN'];
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[])[0]!.Plan;
}

/** The plan of a query builder, its parameters inlined as bound values (explain takes no separate parameters). */
export function planOf(tx: Tx, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<Plan> {
  const { sql: text, params } = query.toSQL();
  const statement = sql.empty();
  text.split(/\$(\d+)/).forEach((chunk, index) => {
    if (index % 2 === 0) statement.append(sql.raw(chunk));
    else statement.append(sql`${params[Number(chunk) - 1]}`);
  });
  return explain(tx, statement);
}

/** The plan of a raw SQL statement (one written with drizzle's `sql`). */
export function planOfStatement(tx: Tx, statement: SQL): Promise<Plan> {
  return explain(tx, statement);
}

class Rollback extends Error {}

/**
 * Runs `fill` (insert rows, analyze, read plans) in a transaction that is always rolled back, and answers each
 * collected plan flattened into its nodes.
 */
export async function collectPlans(
  fill: (tx: Tx, collected: Record<string, Plan>) => Promise<void>,
): Promise<Record<string, Plan[]>> {
  const { db } = await testDatabase();
  const collected: Record<string, Plan> = {};
  await db
    .transaction(async (tx) => {
      await fill(tx, collected);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return Object.fromEntries(Object.entries(collected).map(([name, plan]) => [name, nodes(plan)]));
}
