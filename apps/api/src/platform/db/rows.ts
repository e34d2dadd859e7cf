/**
 * The rows of a raw statement's result (`db.execute(sql…)`), whichever engine answered: node-postgres and PGlite
 * give an object with `rows`, a driver that returns the array itself is read as is.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: unknown[] }).rows ?? []) as T[];
}
