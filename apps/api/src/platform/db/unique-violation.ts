/**
 * True when the error is PostgreSQL's unique_violation (SQLSTATE 23505), however the driver reports it: node-postgres
 * and PGlite put the code on the error, drizzle may wrap that error as its `cause` (at any depth). Services use it to
 * answer a race on a unique index (two sign-ups for one address, say) as the same CONFLICT as the check before it.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
