import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webLink } from '../../src/modules/identity/mail-texts';
import { outboxMessages } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp, createUser, latestCode, PASSWORD } from '../support/identity';

const PUBLIC_URL = 'https://casting.example.com/';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp({ PUBLIC_URL });
});
afterAll(() => t.close());

/** An address with the characters a query string must encode ('+' would read as a space, '@' as-is is unsafe). */
const plusEmail = () => `dana+casting-${randomUUID()}@example.com`;

async function newestMail(to: string) {
  const { db } = await testDatabase();
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, to))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

/** The one web app link in a text body. */
function linkIn(text: string): URL {
  const found = text.match(/https:\/\/casting\.example\.com\/\S+/g) ?? [];
  expect(found).toHaveLength(1);
  return new URL(found[0] ?? '');
}

function hrefIn(html: string | null): string {
  const href = /<a href="([^"]+)">/.exec(html ?? '')?.[1];
  if (!href) throw new Error(`no link in: ${html}`);
  return href.replace(/&amp;/g, '&');
}

describe('links in the identity mails', () => {
  it('the confirmation mail links to /auth/confirm-user with the address and the code, which confirm', async () => {
    const email = plusEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      payload: { firstName: 'Dana', lastName: 'Plus', email, password: PASSWORD, roleType: 'ADMIN' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { code } = await latestCode(t.app, email);
    const mail = await newestMail(email);

    expect(mail.textBody).toContain(`Your confirmation code is ${code}`);
    const link = linkIn(mail.textBody);
    expect(link.pathname).toBe('/auth/confirm-user');
    expect(link.search).toBe(`?email=${encodeURIComponent(email)}&code=${code}`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toBe(code);
    // The '&' between the parameters is escaped in the attribute, as HTML requires.
    expect(mail.htmlBody).toContain(`&amp;code=${code}"`);
    expect(hrefIn(mail.htmlBody)).toBe(link.href);
    expect(mail.htmlBody).toContain(`<strong>${code}</strong>`);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { email: link.searchParams.get('email'), code: link.searchParams.get('code') },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('the reset mail links to /auth/reset-password with the code and the address, which reset', async () => {
    const user = await createUser({ email: plusEmail() });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const { code } = await latestCode(t.app, user.email);
    const mail = await newestMail(user.email);

    expect(mail.textBody).toContain(`Your password reset code is ${code}`);
    const link = linkIn(mail.textBody);
    expect(link.pathname).toBe('/auth/reset-password');
    expect(link.search).toBe(`?code=${code}&email=${encodeURIComponent(user.email)}`);
    expect(hrefIn(mail.htmlBody)).toBe(link.href);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        code: link.searchParams.get('code'),
        email: link.searchParams.get('email'),
        newPassword: 'Lantern$Meadow81',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('encodes every query value and drops a trailing slash of the public address', () => {
    expect(
      webLink('https://casting.example.com/', '/auth/reset-password', { code: '1', email: 'a&b=c@x.io' }),
    ).toBe('https://casting.example.com/auth/reset-password?code=1&email=a%26b%3Dc%40x.io');
  });
});
