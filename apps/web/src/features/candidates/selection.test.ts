import { describe, expect, it } from 'vitest';
import { NO_SELECTION, selectAll, selectedInOrder, selectRange, toggle } from './selection';

const rows = ['a', 'b', 'c', 'd', 'e'];

describe('candidate selection', () => {
  it('a click toggles one row', () => {
    const once = toggle(NO_SELECTION, 'b');
    expect([...once.ids]).toEqual(['b']);
    expect([...toggle(once, 'b').ids]).toEqual([]);
  });

  it('a shift-click picks the range from the last clicked row, either direction, keeping earlier picks', () => {
    const picked = selectRange(toggle(toggle(NO_SELECTION, 'a'), 'd'), rows, 'b');
    expect(selectedInOrder(picked, rows)).toEqual(['a', 'b', 'c', 'd']);
    const forward = selectRange(toggle(NO_SELECTION, 'b'), rows, 'e');
    expect(selectedInOrder(forward, rows)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('a shift-click with no anchor picks just that row', () => {
    expect(selectedInOrder(selectRange(NO_SELECTION, rows, 'c'), rows)).toEqual(['c']);
  });

  it('select all picks every loaded row; rows that left the list drop out', () => {
    const all = selectAll(rows);
    expect(selectedInOrder(all, ['a', 'c'])).toEqual(['a', 'c']);
  });
});
