import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { renderApp } from '../../../test/render-app';
import { APP_LINKS } from './app-links';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';

function signedOut() {
  return createFetchDouble({
    'POST /api/auth/refresh': () =>
      jsonResponse(401, { code: 'INVALID_REFRESH_TOKEN', message: 'Not signed in' }),
  }).fetch;
}

const link = (app: string) =>
  `/deep-linking?path=${encodeURIComponent('/projects/overview/p1')}&app=${encodeURIComponent(app)}`;

// The apps as a build configured with them. The settings are read once, when the module loads, and the test
// files share loaded modules, so the test sets the loaded settings and puts the build's back after each test.
const BUILT = { ...APP_LINKS };
beforeEach(() => {
  Object.assign(APP_LINKS, {
    iosStoreUrl: 'https://apps.apple.com/app/id000000001',
    androidStoreUrl: 'https://play.google.com/store/apps/details?id=example.casting',
    scheme: 'casting:',
  });
});

afterEach(() => {
  Object.assign(APP_LINKS, BUILT);
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('a deep link opened on a phone with an app address', () => {
  it('offers the app and the App Store on an iPhone, and continues in the browser to sign-in', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const { router } = renderApp(link('casting://project/p1'), signedOut());
    expect(await screen.findByRole('heading', { name: 'Open in the app?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute(
      'href',
      'casting://project/p1',
    );
    expect(screen.getByRole('link', { name: 'Get it on the App Store' })).toHaveAttribute(
      'href',
      'https://apps.apple.com/app/id000000001',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue in the browser' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    // The page the link named is kept for after sign-in.
    expect(window.sessionStorage.getItem('deep-link-target')).toBe('/projects/overview/p1');
  });

  it('offers Google Play on Android', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    renderApp(link('casting://project/p1'), signedOut());
    expect(await screen.findByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      'https://play.google.com/store/apps/details?id=example.casting',
    );
  });

  it('never offers an address of another app: a crafted one goes straight on', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    const { router } = renderApp(link('javascript:alert(1)'), signedOut());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(screen.queryByRole('link', { name: 'Open the app' })).not.toBeInTheDocument();
  });
});
