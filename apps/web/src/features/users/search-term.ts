import { USER_SEARCH_MIN_CHARS } from '@casting/domain';
import { useEffect, useState } from 'react';

/**
 * The search term the list is asked for: blank until at least 3 characters are typed (shorter terms
 * cannot use the trigram index), and only once typing pauses.
 */
export function effectiveSearch(input: string): string {
  const term = input.trim();
  return term.length >= USER_SEARCH_MIN_CHARS ? term : '';
}

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
