import { describe, expect, it } from 'vitest';
import { bornOnOrBefore, isMinor, todayIn } from '../src/minors';

describe('bornOnOrBefore: the last date of birth of someone N years old today', () => {
  it.each([
    ['2025-06-10', 18, '2007-06-10'],
    ['2024-02-29', 18, '2006-02-28'],
    ['2024-02-29', 16, '2008-02-29'],
    ['2025-01-01', 21, '2004-01-01'],
  ])('on %s, %i years: %s', (today, years, expected) => {
    expect(bornOnOrBefore(today, years)).toBe(expected);
  });
});

describe('isMinor', () => {
  it.each([
    [{ dateOfBirth: '2007-06-10' }, 18, '2025-06-10', false],
    [{ dateOfBirth: '2007-06-11' }, 18, '2025-06-10', true],
    [{ dateOfBirth: '2009-06-10' }, 16, '2025-06-10', false],
    [{ age: 17 }, 18, '2025-06-10', true],
    [{ age: 18 }, 18, '2025-06-10', false],
    [{ dateOfBirth: null, age: null }, 18, '2025-06-10', false],
    // A date of birth wins over an age.
    [{ dateOfBirth: '1990-01-01', age: 12 }, 18, '2025-06-10', false],
  ])('%o with age of majority %i on %s: %s', (declared, ageOfMajority, today, expected) => {
    expect(isMinor(declared, ageOfMajority, today)).toBe(expected);
  });
});

describe('todayIn', () => {
  it('reads the date where the office works, and UTC for an unknown zone', () => {
    const now = new Date('2025-06-10T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2025-06-10');
    expect(todayIn('Pacific/Auckland', now)).toBe('2025-06-11');
    expect(todayIn('America/Los_Angeles', now)).toBe('2025-06-10');
    expect(todayIn('Mars/Olympus', now)).toBe('2025-06-10');
  });
});
