import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';

let t: TestApp;

beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

describe('GET /api/v2/global-content', () => {
  it('answers anyone the terms and privacy pages: their addresses, titles and text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/global-content' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ termsTitle: 'Terms of Service', privacyTitle: 'Privacy Policy' });
    expect(body.termsUrl).toMatch(/\/terms$/);
    expect(body.privacyUrl).toMatch(/\/privacy$/);
    expect(body.terms.length).toBeGreaterThan(0);
    expect(body.privacy.join(' ')).toContain('We store what you enter in the form');
  });
});
