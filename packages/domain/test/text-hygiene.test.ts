import { describe, expect, it } from 'vitest';
import { findForbiddenCharacter } from '../src/validation/text-hygiene';

describe('findForbiddenCharacter', () => {
  it.each([
    ['Ana María O’Neil', null],
    ['line one\nline two\r\n\tindented', null],
    ['שלום עולם', null],
    ['مرحبا', null],
    ['nul\u0000byte', 'control'],
    ['bell\u0007', 'control'],
    ['escape\u001b[31m', 'control'],
    ['delete\u007f', 'control'],
    ['invoice\u202Efdp.exe', 'bidi'],
    ['isolate\u2066x\u2069', 'bidi'],
  ])('%j → %s', (value, expected) => {
    expect(findForbiddenCharacter(value)).toBe(expected);
  });
});
