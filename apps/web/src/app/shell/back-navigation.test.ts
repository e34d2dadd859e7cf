import { describe, expect, it } from 'vitest';
import { resolveBackAction, shouldShowBackButton } from './back-navigation';

describe('shouldShowBackButton', () => {
  it.each([
    ['/profile', true],
    ['/profile/edit', true],
    ['/users', true],
    ['/projects/create', true],
    ['/projects', false],
    ['/projects/', false],
    ['/projects/overview/p1', false],
    ['/projects/p1/applicant-links', false],
  ])('%s -> %s', (pathname, shown) => {
    expect(shouldShowBackButton(pathname)).toBe(shown);
  });
});

describe('resolveBackAction', () => {
  const origin = 'https://casting.example.com';

  it('goes back in history when the referrer is this site', () => {
    expect(resolveBackAction('https://casting.example.com/projects/overview/p1', origin)).toEqual({
      kind: 'history',
    });
  });

  it.each([
    ['another site', 'https://mail.example.com/inbox'],
    ['the same host on another port', 'https://casting.example.com:8443/projects'],
    ['no referrer', ''],
    ['an unparsable referrer', 'not a url'],
  ])('goes to /projects from %s', (_case, referrer) => {
    expect(resolveBackAction(referrer, origin)).toEqual({ kind: 'navigate', to: '/projects' });
  });
});
