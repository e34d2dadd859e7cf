import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it.each([
    ['Dana Scott', 'DS'],
    ['mary ann lee smith', 'MAL'],
    ['  Cher  ', 'C'],
    ['Élodie Ørsted', 'ÉØ'],
    ['', ''],
  ])('%s -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
