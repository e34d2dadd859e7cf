import { describe, expect, it } from 'vitest';
import { deadlineStanding, deadlineText } from './deadline-standing';

describe('deadline standing', () => {
  it.each([
    [null, 'none', null],
    ['2026-11-21', 'passed', 'Submissions closed 2026-11-21'],
    ['2026-11-22', 'soon', 'Submissions close today'],
    ['2026-11-23', 'soon', 'Submissions close in 1 day'],
    ['2026-11-29', 'soon', 'Submissions close in 7 days'],
    ['2026-11-30', 'later', 'Submissions until 2026-11-30'],
  ])('deadline %s on 2026-11-22 is %s', (deadline, kind, text) => {
    const standing = deadlineStanding(deadline, '2026-11-22');
    expect(standing.kind).toBe(kind);
    expect(deadlineText(standing)).toBe(text);
  });
});
