import { COMPARE_MAX, COMPARE_MIN } from '@casting/domain';

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The compared rows from the address's `ids` (comma-separated list row ids, in the order shown), or null when the
 * link does not name 2 to 4 different ids: a hand-edited link gets the explanation, never a call that must fail.
 */
export function compareIds(value: string | null): string[] | null {
  if (!value) return null;
  const ids = [...new Set(value.split(',').map((id) => id.trim().toLowerCase()))];
  if (ids.some((id) => !ID.test(id))) return null;
  return ids.length >= COMPARE_MIN && ids.length <= COMPARE_MAX ? ids : null;
}
