import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from './axe';
import { expect, outbox } from './fixtures';
import type { Credentials } from './fixtures';

/** Helpers for the identity journeys: people, mailed codes, authenticator codes, admin calls. */

const CSRF = { 'X-Requested-With': 'casting-web' };

export interface Person extends Credentials {
  firstName: string;
  lastName: string;
}

/** A new person with a unique address and a password no breach list holds. */
export function newPerson(firstName: string, lastName = 'Tester'): Person {
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@e2e.test`,
    password: freshPassword(),
  };
}

export function freshPassword(): string {
  return `Cast#${randomBytes(6).toString('hex')}Zq9`;
}

export interface MailedCode {
  code: string;
  /** The web app link the mail carries the code in, e.g. /auth/reset-password?code=...&email=... */
  link: string;
}

/**
 * The code and link of the newest outbox e-mail to `email` whose text matches `kind`. Some mails leave
 * in the background after the API answers, so the outbox is polled; `newerThan` skips codes already used.
 */
export async function mailedMessage(
  request: APIRequestContext,
  email: string,
  kind: RegExp,
  newerThan?: string,
): Promise<MailedCode> {
  let found: MailedCode | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) => kind.test(message.text));
        const code = mail?.text.match(/code is (\d{6})/)?.[1];
        const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        found = code && link ? { code, link } : undefined;
        return found !== undefined && found.code !== newerThan;
      },
      { message: `a mail matching ${kind} to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as MailedCode;
}

/** The 6-digit code of the newest matching mail (see mailedMessage). */
export async function mailedCode(
  request: APIRequestContext,
  email: string,
  kind: RegExp,
  newerThan?: string,
): Promise<string> {
  return (await mailedMessage(request, email, kind, newerThan)).code;
}

export const CONFIRMATION_MAIL = /confirmation code/i;
export const RESET_MAIL = /password reset code/i;

/** Signs a person up and confirms the account through the API, for journeys that are not about sign-up. */
export async function createConfirmedAccount(request: APIRequestContext, who: Person): Promise<void> {
  const registered = await request.post('/api/staffs/register', {
    data: {
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      password: who.password,
      roleType: 'ADMIN',
    },
  });
  expect(registered.status(), 'POST /api/staffs/register').toBe(201);
  const code = await mailedCode(request, who.email, CONFIRMATION_MAIL);
  const confirmed = await request.post('/api/users/confirm', { data: { email: who.email, code } });
  expect(confirmed.status(), 'POST /api/users/confirm').toBe(200);
}

/** The super admin's user administration through the API: find a user by address and change them. */
export async function adminUpdateUser(
  request: APIRequestContext,
  admin: Credentials,
  email: string,
  change: { roleCode?: string; otpRequired?: boolean; deactivated?: boolean },
): Promise<void> {
  const signedIn = await request.post('/api/auth/sign-in', { headers: CSRF, data: admin });
  expect(signedIn.status(), 'POST /api/auth/sign-in (admin)').toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const listed = await request.get('/api/users', { headers, params: { q: email } });
  expect(listed.status(), 'GET /api/users').toBe(200);
  const { items } = (await listed.json()) as { items: { id: string; email: string }[] };
  const target = items.find((item) => item.email === email);
  expect(target, `user ${email} in the admin list`).toBeTruthy();
  const updated = await request.patch(`/api/users/${target?.id}`, { headers, data: change });
  expect(updated.status(), `PATCH /api/users/${target?.id}`).toBe(200);
}

/** What an authenticator app computes from the key the set-up dialog shows for manual entry. */
export function authenticatorFor(secretAsShown: string, email: string): TOTP {
  return new TOTP({
    issuer: 'Casting',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretAsShown.replace(/\s/g, '')),
  });
}

/**
 * A code the server has not accepted yet: it refuses a code from a time step it already used, so the
 * next step's code (valid one step ahead) is taken when `after` is set.
 */
export function authenticatorCode(totp: TOTP, after = false): string {
  return totp.generate({ timestamp: Date.now() + (after ? totp.period * 1000 : 0) });
}

/** Axe on the page, toasts included (they use sonner's neutral style, which meets AA contrast). */
export async function expectPageAccessible(page: Page, label: string, include?: string): Promise<void> {
  await expectAccessible(page, { label, ...(include ? { include } : {}) });
}

/** The sign-in form, filled like a person would, without waiting for any particular outcome. */
export async function submitSignIn(page: Page, who: Credentials): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs out through the user menu, as a person would. */
export async function signOutViaMenu(page: Page, who: Person): Promise<void> {
  await page.getByRole('button', { name: `User menu for ${who.firstName} ${who.lastName}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
}
