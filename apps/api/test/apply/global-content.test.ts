import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
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

  it("answers the office's own wording and support address when it configured them", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-legal-'));
    fs.writeFileSync(
      path.join(dir, 'terms.txt'),
      'Submissions to Studio North are\nreviewed by our team.\n\n\nWe keep them for one year.\n',
    );
    fs.writeFileSync(path.join(dir, 'privacy.txt'), '\uFEFFStudio North stores your details in the EU.\r\n');
    const office = await buildTestApp({
      env: {
        TERMS_FILE: path.join(dir, 'terms.txt'),
        PRIVACY_FILE: path.join(dir, 'privacy.txt'),
        SUPPORT_EMAIL: 'help@studio-north.example',
      },
    });
    try {
      const res = await office.app.inject({ method: 'GET', url: '/api/v2/global-content' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        terms: ['Submissions to Studio North are reviewed by our team.', 'We keep them for one year.'],
        privacy: ['Studio North stores your details in the EU.'],
        supportEmail: 'help@studio-north.example',
      });
    } finally {
      await office.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
