import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchTerm, useDebouncedSearch } from './search-term';

describe('search term', () => {
  it.each([
    ['', ''],
    ['ab', ''],
    ['  ab ', ''],
    ['abc', 'abc'],
    [' dana ', 'dana'],
  ])('%j searches for %j from 3 characters', (input, term) => {
    expect(searchTerm(input, 3)).toBe(term);
  });
});

describe('debounced search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the term once typing pauses for 500 ms, never a term below the minimum', () => {
    const { result, rerender } = renderHook(({ text }) => useDebouncedSearch(text, 3), {
      initialProps: { text: '' },
    });
    rerender({ text: 'da' });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe('');

    rerender({ text: 'dan' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    rerender({ text: 'dana' });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('dana');
  });
});
