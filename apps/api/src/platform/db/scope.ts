import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/**
 * What the database shows a query: the office its rows belong to, and the role it runs as.
 *
 * Every table of office data has row-level security keyed by `current_office_id()`, the transaction's
 * `app.office_id` setting. The application's queries run as the role `casting_app`, which cannot bypass it: a query
 * without an office sees no office data at all, and a row written for another office is refused. Migrations, the
 * job queue's own tables and the operator's tools run as the owner (`owner: true`), which row-level security does not
 * restrict.
 */
export interface DbScope {
  readonly officeId: string | null;
  readonly owner: boolean;
}

/** The application's role without an office: sees installation-wide tables (accounts, agencies) and no office data. */
export const NO_OFFICE: DbScope = Object.freeze({ officeId: null, owner: false });

/** The role the application's queries run as (created by the offices migration). */
export const APPLICATION_ROLE = 'casting_app';

const storage = new AsyncLocalStorage<{ scope: DbScope }>();

/** The scope of the code running now: its request's or job's office, else no office. */
export function currentScope(): DbScope {
  return storage.getStore()?.scope ?? NO_OFFICE;
}

/** The current office, or null outside one. */
export function currentOfficeId(): string | null {
  return currentScope().officeId;
}

/**
 * Runs `work` with the database showing one office (a job, a public page resolved to its office). The result is
 * awaited inside, so a query builder returned as it is (drizzle's run when awaited) runs in the scope too.
 */
export function runInOffice<T>(officeId: string | null, work: () => T | PromiseLike<T>): Promise<T> {
  return storage.run({ scope: Object.freeze({ officeId, owner: false }) }, async () => await work());
}

/**
 * Runs `work` as the database's owner: row-level security does not apply. For the job queue's own tables, start-up
 * tasks and the operator's tools, never for a request's work. New rows still take `officeId` as their office.
 */
export function runAsOwner<T>(work: () => T | PromiseLike<T>, officeId: string | null = null): Promise<T> {
  return storage.run({ scope: Object.freeze({ officeId, owner: true }) }, async () => await work());
}

/**
 * Opens a request's scope (no office yet) around the rest of its handling; `enterOffice` sets it once the request's
 * office is known (its session's, or the one its public link belongs to).
 */
export function openScope(work: () => void): void {
  storage.run({ scope: NO_OFFICE }, work);
}

/** Whether the code runs inside a request's or a job's scope (which `enterOffice` can move). */
export function hasScope(): boolean {
  return storage.getStore() !== undefined;
}

/** Sets the office of the scope opened by `openScope` for the rest of the request. */
export function enterOffice(officeId: string | null): void {
  const store = storage.getStore();
  if (!store) throw new Error('enterOffice needs a scope opened by openScope');
  store.scope = Object.freeze({ officeId, owner: false });
}

/** A short key that tells two scopes apart: a connection set to one need not be set again. */
export function scopeKey(scope: DbScope): string {
  return `${scope.owner ? 'owner' : 'app'}:${scope.officeId ?? ''}`;
}

/**
 * The statement that puts a session into a scope, with its two parameters. `role` 'none' returns to the role the
 * connection logged in as (the owner); both settings last for the session, until the next scope is applied.
 */
export const APPLY_SCOPE_SQL = `select set_config('role', $1, false), set_config('app.office_id', $2, false)`;

export function applyScopeParams(scope: DbScope): [string, string] {
  return [scope.owner ? 'none' : APPLICATION_ROLE, scope.officeId ?? ''];
}

/** The same settings for one transaction only (`set_config(..., true)`): they end with it. */
export const APPLY_SCOPE_LOCAL_SQL = `select set_config('role', $1, true), set_config('app.office_id', $2, true)`;

/** Runs `work` in a given scope (a handle fixed to one scope, the engine's process running a request's query). */
export function withScope<T>(scope: DbScope, work: () => T): T {
  return storage.run({ scope }, work);
}

/**
 * Moves an open transaction into an office (until it ends): for the one write that creates an office and must then
 * write as it (sign-up making the new person's office, with its first member).
 */
export async function enterOfficeInTransaction(
  tx: { execute(query: SQL): PromiseLike<unknown> },
  officeId: string,
): Promise<void> {
  await tx.execute(sql`select set_config('app.office_id', ${officeId}, true)`);
}
