import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../src/modules/files/byte-range';

describe('parseByteRange (one range, as S3 serves them)', () => {
  it.each([
    [undefined, 100, { kind: 'whole' }],
    ['bytes=0-9', 100, { kind: 'part', start: 0, end: 9 }],
    ['bytes=90-', 100, { kind: 'part', start: 90, end: 99 }],
    ['bytes=90-500', 100, { kind: 'part', start: 90, end: 99 }],
    ['bytes=-10', 100, { kind: 'part', start: 90, end: 99 }],
    ['bytes=-500', 100, { kind: 'part', start: 0, end: 99 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    ['bytes=0-', 0, { kind: 'unsatisfiable' }],
    ['bytes=9-3', 100, { kind: 'whole' }],
    ['bytes=0-1,5-6', 100, { kind: 'whole' }],
    ['items=0-1', 100, { kind: 'whole' }],
    ['bytes=-', 100, { kind: 'whole' }],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
