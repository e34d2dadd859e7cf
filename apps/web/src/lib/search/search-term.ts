import { SEARCH_SELECT_DEBOUNCE_MS } from '@casting/domain';
import { useEffect, useState } from 'react';

/**
 * The term a list is asked for: the typed text trimmed, or nothing below `minChars` characters.
 * Name and e-mail searches run on trigram indexes, which cannot serve fewer than three characters,
 * so a shorter term would scan the whole table; it is not sent at all.
 */
export function searchTerm(text: string, minChars: number): string {
  const trimmed = text.trim();
  return trimmed.length >= minChars ? trimmed : '';
}

/** The value as it was `delayMs` after it last changed. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The search every list uses: the term is sent once typing pauses (the catalogue's search delay,
 * 500 ms), so a word typed quickly costs one request, and only from `minChars` characters.
 */
export function useDebouncedSearch(text: string, minChars: number): string {
  return useDebouncedValue(searchTerm(text, minChars), SEARCH_SELECT_DEBOUNCE_MS);
}
