import { describe, expect, it } from 'vitest';
import { generateKey, isValidKey } from '../../src/platform/storage/keys';

// A key becomes a file path in the local adapter: nothing that could leave its folder is a key.
describe('storage keys', () => {
  it.each(['media/photo.jpg', 'PM/RoleSideDocuments/0a1b-2c', 'a', 'a_b-c.d/e'])('accepts %s', (key) => {
    expect(isValidKey(key)).toBe(true);
  });

  it.each([
    '',
    '/etc/passwd',
    '../secrets/auth-secret',
    'a/../../b',
    'a/./b',
    'a//b',
    'a/',
    '.',
    '..',
    'a\\b',
    'a b',
    'é',
    '%2e%2e',
    `a/${'x'.repeat(600)}`,
  ])('refuses %j', (key) => {
    expect(isValidKey(key)).toBe(false);
  });

  it('generates a random key under a trimmed prefix, or at the root without one', () => {
    expect(generateKey('/media/')).toMatch(/^media\/[0-9a-f-]{36}$/);
    expect(generateKey('')).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => generateKey('../up')).toThrow();
  });
});
