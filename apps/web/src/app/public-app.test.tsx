import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../test/fetch-double';
import { PATTERNS } from '../lib/routing/patterns';
import {
  createPublicHttpClient,
  findPublicRoute,
  matchAddress,
  PUBLIC_APPLY_ROUTES,
  PublicApp,
} from './public-app';
import { findRoute } from './routes';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx';

/** GET /v2/global-content's answer: the default text, with what a test sets. */
function globalContent(overrides: { privacy?: string[]; supportEmail?: string | null } = {}) {
  return {
    termsUrl: 'http://localhost/terms',
    privacyUrl: 'http://localhost/privacy',
    termsTitle: 'Terms of Service',
    privacyTitle: 'Privacy Policy',
    terms: ['These pages let you submit yourself. You need no account.'],
    privacy: ['We store what you enter in the form.'],
    supportEmail: null,
    ...overrides,
  };
}

describe('the public entry (apply.html)', () => {
  it('opens the same page for each public address as the app router does', () => {
    const addresses = [
      '/submit/42',
      '/castingcall/apply',
      `/castingcall/apply/${TOKEN}`,
      '/theatre/apply',
      '/theatre/apply/readable-slug',
      '/claim-confirmation/7',
      '/submission/9',
      '/terms',
      '/privacy',
    ];
    for (const address of addresses) {
      const ours = findPublicRoute(address);
      const app = findRoute(address);
      expect(ours?.id, address).toBe(app?.route.id);
      expect(ours?.params, address).toEqual(
        Object.fromEntries(Object.entries(app?.params ?? {}).filter(([key]) => key !== '*')),
      );
    }
    // Every public route of the app's table is served here, and nothing else.
    const publicIds = PUBLIC_APPLY_ROUTES.map((route) => route.id).sort();
    expect(publicIds).toEqual(
      [
        'submit',
        'castingCallApply',
        'castingCallApplySlug',
        'typedApply',
        'typedApplySlug',
        'claimConfirmation',
        'submission',
        'terms',
        'privacy',
      ].sort(),
    );
    expect(findPublicRoute('/projects/candidate/1')).toBeNull();
    expect(findPublicRoute('/a/b/apply')).toBeNull();
  });

  it('matches parameters segment by segment, decoding them', () => {
    expect(matchAddress(PATTERNS.typedApplySlug, '/film/apply/a%20b/')).toEqual({
      type: 'film',
      slug: 'a b',
    });
    expect(matchAddress(PATTERNS.submit, '/submit')).toBeNull();
    expect(matchAddress(PATTERNS.submission, '/submission/%E0%A4%A')).toBeNull();
  });

  it('renders an apply page from its address, with no session call', async () => {
    window.history.replaceState(null, '', `/castingcall/apply/${TOKEN}`);
    const api = createFetchDouble({
      'GET /api/v2/share-links/resolve': () =>
        jsonResponse(200, {
          status: 'EXPIRED',
          message: 'This submission link has expired.',
          shareLinkId: '44444444-4444-4444-8444-444444444444',
          projectId: '11111111-1111-4111-8111-111111111111',
          title: 'Open call',
          project: null,
          opportunities: [],
          defaultRoleId: null,
          settings: null,
          representative: null,
          agency: null,
          uploadGrant: null,
          lookups: null,
          minorRule: null,
        }),
    });
    render(<PublicApp http={createPublicHttpClient(api.fetch)} />);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeVisible();
    expect(api.callsTo('GET /api/v2/share-links/resolve')[0]?.url).toContain(`token=${TOKEN}`);
    expect(api.calls.some((call) => call.path.startsWith('/api/auth'))).toBe(false);
    expect(document.title).toContain('Apply');
  });

  it('says an unknown address opens no page', () => {
    window.history.replaceState(null, '', '/nothing/here/at/all');
    render(<PublicApp http={createPublicHttpClient(createFetchDouble({}).fetch)} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  it.each([
    ['/terms', 'Terms of Service', 'You need no account.'],
    ['/privacy', 'Privacy Policy', 'We store what you enter'],
  ])('renders %s from the global content, linked from every public page', async (address, title, text) => {
    window.history.replaceState(null, '', address);
    const api = createFetchDouble({
      'GET /api/v2/global-content': () => jsonResponse(200, globalContent()),
    });
    render(<PublicApp http={createPublicHttpClient(api.fetch)} />);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeVisible();
    expect(screen.getByText(new RegExp(text))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(document.title).toContain(title);
  });

  it("offers the office's support address on its legal pages when it set one", async () => {
    window.history.replaceState(null, '', '/privacy');
    const api = createFetchDouble({
      'GET /api/v2/global-content': () =>
        jsonResponse(
          200,
          globalContent({
            privacy: ['Studio North stores your details in the EU.'],
            supportEmail: 'help@studio-north.example',
          }),
        ),
    });
    render(<PublicApp http={createPublicHttpClient(api.fetch)} />);
    expect(await screen.findByText('Studio North stores your details in the EU.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'help@studio-north.example' })).toHaveAttribute(
      'href',
      'mailto:help@studio-north.example',
    );
  });
});
