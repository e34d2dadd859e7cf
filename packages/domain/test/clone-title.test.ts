import { describe, expect, it } from 'vitest';
import { cloneTitle } from '../src';

const NOW = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));

/** The titles a project would hold after n successive clones of `title`. */
function takenAfter(title: string, n: number): string[] {
  const taken: string[] = [title];
  for (let i = 0; i < n; i += 1) taken.push(cloneTitle(title, taken, NOW));
  return taken;
}

describe('cloned link title', () => {
  it('starts with "(copy)"', () => {
    expect(cloneTitle('Spring call', ['Spring call'], NOW)).toBe('Spring call (copy)');
    expect(cloneTitle('Spring call', [], NOW)).toBe('Spring call (copy)');
  });

  it('then numbers the copies from 2 to 100', () => {
    const taken = takenAfter('Spring call', 100);
    expect(taken.slice(1, 4)).toEqual(['Spring call (copy)', 'Spring call (copy 2)', 'Spring call (copy 3)']);
    expect(taken[100]).toBe('Spring call (copy 100)');
    for (let n = 2; n <= 100; n += 1) expect(taken[n]).toBe(`Spring call (copy ${n})`);
  });

  it('then uses a UTC timestamp', () => {
    const taken = takenAfter('Spring call', 100);
    expect(cloneTitle('Spring call', taken, NOW)).toBe('Spring call (copy 2025-01-02 03:04:05)');
  });

  it('fills the first free number', () => {
    expect(cloneTitle('X', ['X (copy)', 'X (copy 2)', 'X (copy 4)'], NOW)).toBe('X (copy 3)');
  });

  it('compares titles without case or surrounding spaces', () => {
    expect(cloneTitle('Casting', [' casting (COPY) '], NOW)).toBe('Casting (copy 2)');
  });

  it.each(['', '   '])('an empty title %j gives "Untitled (copy)"', (title) => {
    expect(cloneTitle(title, [], NOW)).toBe('Untitled (copy)');
    expect(cloneTitle(title, ['Untitled (copy)'], NOW)).toBe('Untitled (copy 2)');
  });

  it('uses the current time by default', () => {
    const taken = takenAfter('T', 100);
    expect(cloneTitle('T', taken)).toMatch(/^T \(copy \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\)$/);
  });
});
