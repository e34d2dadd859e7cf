import { MESSAGES } from '@casting/domain';

/**
 * Says that the list on screen is not the answer to the current search. Offline, the query for the
 * new search waits (TanStack Query pauses it) while the previous page stays visible; without this
 * notice the unfiltered list would sit under the query as if it were the result.
 */
export function StaleListNotice({ paused }: { paused: boolean }) {
  return (
    <p
      role="status"
      className={paused ? 'rounded-md bg-warning-soft px-3 py-2 text-sm text-warning' : 'sr-only'}
    >
      {paused ? MESSAGES.offlineSearch : ''}
    </p>
  );
}
