import { describe, expect, it } from 'vitest';
import { compareIds } from './compare-ids';

const id = (n: number) => `0190a1b2-c3d4-7e5f-8a9b-${String(n).padStart(12, '0')}`;

describe('compareIds', () => {
  it('keeps 2 to 4 different row ids in their order', () => {
    expect(compareIds(`${id(2)},${id(1)}`)).toEqual([id(2), id(1)]);
    expect(compareIds([1, 2, 3, 4].map(id).join(','))).toHaveLength(4);
    expect(compareIds(`${id(1)},${id(1)},${id(2)}`)).toEqual([id(1), id(2)]);
  });
  it('refuses one, five, or anything that is not an id', () => {
    expect(compareIds(null)).toBeNull();
    expect(compareIds(id(1))).toBeNull();
    expect(compareIds([1, 2, 3, 4, 5].map(id).join(','))).toBeNull();
    expect(compareIds(`${id(1)},not-an-id`)).toBeNull();
  });
});
