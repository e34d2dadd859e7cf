import { describe, expect, it } from 'vitest';
import { needsSignIn, phoneKind, safeAppAddress, safeTarget } from './deep-link';

const origin = 'https://casting.example';

describe('deep link targets', () => {
  it('accepts paths of this app and keeps their query', () => {
    expect(safeTarget('/projects/overview/abc?tab=1', origin)).toBe('/projects/overview/abc?tab=1');
    expect(safeTarget('/client/review-submission/AAAAAAAAAAAAAAAAAAAAAAAA', origin)).toBe(
      '/client/review-submission/AAAAAAAAAAAAAAAAAAAAAAAA',
    );
  });

  it('refuses other sites, unknown paths and itself', () => {
    for (const raw of [
      'https://evil.example/projects',
      '//evil.example/projects',
      '/\\evil.example',
      'javascript:alert(1)',
      '/deep-linking?path=/projects',
      '/no/such/page/here/at/all',
      null,
    ]) {
      expect({ raw, target: safeTarget(raw, origin) }).toEqual({ raw, target: null });
    }
  });

  it('knows which pages need a sign-in', () => {
    expect(needsSignIn('/projects', origin)).toBe(true);
    expect(needsSignIn('/project-share/abc', origin)).toBe(false);
    expect(needsSignIn('/client/review-submission/AAAAAAAAAAAAAAAAAAAAAAAA', origin)).toBe(false);
    expect(needsSignIn('/client/review-submission/auth', origin)).toBe(false);
    expect(needsSignIn('/downloads/abc', origin)).toBe(false);
    // A client account's own projects need its account.
    expect(needsSignIn('/client/review-project/abc', origin)).toBe(true);
    expect(needsSignIn('/client/review-project', origin)).toBe(true);
  });

  it('offers only app addresses of the configured scheme, and tells phones apart', () => {
    expect(safeAppAddress('casting://projects/1', 'casting:')).toBe('casting://projects/1');
    expect(safeAppAddress('other://x', 'casting:')).toBeNull();
    expect(safeAppAddress('casting://x', null)).toBeNull();
    expect(phoneKind('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('ios');
    expect(phoneKind('Mozilla/5.0 (Linux; Android 14)')).toBe('android');
    expect(phoneKind('Mozilla/5.0 (X11; Linux x86_64)')).toBeNull();
  });
});
