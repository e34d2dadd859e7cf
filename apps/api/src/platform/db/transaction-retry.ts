/** PostgreSQL's answers for a transaction it chose to abort so that others could go on: run it again. */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

/** Tries in all: a transaction that loses three times running is a real problem, answered as one. */
export const TRANSACTION_TRIES = 3;

/** Drizzle's `transaction(work, config)`, whatever the engine; typed here so this file needs nothing of client.ts. */
type Transaction = (work: never, config?: never) => Promise<unknown>;

function retryable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 4; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Makes `db.transaction` run its work again, a bounded number of times after a short random pause, when PostgreSQL
 * aborted it as a deadlock victim or a serialization failure. Both mean "nothing of yours was kept, try again": two
 * reviewers voting on the same candidates at once must both succeed, not get a server error. Only top-level
 * transactions are retried (a nested one is a savepoint of a transaction that is already lost); the work must keep
 * its effects inside the transaction (rows, queued jobs), as every service here does.
 */
export function retryTransactions<D extends { transaction: Transaction }>(db: D): D {
  const transaction = db.transaction.bind(db) as (work: unknown, config?: unknown) => Promise<unknown>;
  const retrying = (async (work: unknown, config?: unknown) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await transaction(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_TRIES || !retryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as D['transaction'];
  return Object.assign(db, { transaction: retrying });
}
