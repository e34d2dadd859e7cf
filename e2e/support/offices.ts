import type { APIRequestContext, Page } from '@playwright/test';
import { expect, outbox } from './fixtures';
import { CONFIRMATION_MAIL, mailedCode } from './identity';
import { PASSWORD } from './projects';
import type { Person } from './projects';

/** Helpers for the offices journeys: sign-up through the form, the invitation mail's link, the office menu. */

/** The office menu in the top bar, named by the office it shows. */
export function officeMenu(page: Page, officeName: string) {
  return page.getByRole('button', { name: `${officeName}, office menu`, exact: true });
}

/**
 * Signs a person up through the sign-up form (naming their office when given, which a sign-up through an invitation
 * does not), confirms the address with the mailed code and signs in: the person lands on /projects.
 */
export async function signUpViaUi(
  page: Page,
  request: APIRequestContext,
  who: Person,
  officeName: string | null,
): Promise<void> {
  if (!page.url().includes('/auth/sign-up')) await page.goto('/auth/sign-up');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  if (officeName !== null) await page.getByLabel('Name of your casting office').fill(officeName);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Enter confirmation code' }).click();
  await expect(page).toHaveURL(/\/auth\/confirm-user\?email=/);
  await page.getByLabel('Confirmation code').fill(await mailedCode(request, who.email, CONFIRMATION_MAIL));
  await page.getByRole('button', { name: 'Confirm account' }).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?email=/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(who.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

/** Signs a casting director up through the API with an office name, and confirms the account. */
export async function signUpWithOffice(request: APIRequestContext, who: Person, officeName: string) {
  const registered = await request.post('/api/staffs/register', {
    data: { ...who, company: officeName, password: PASSWORD, roleType: 'ADMIN' },
  });
  expect(registered.status(), 'POST /api/staffs/register').toBe(201);
  const code = await mailedCode(request, who.email, CONFIRMATION_MAIL);
  const confirmed = await request.post('/api/users/confirm', { data: { email: who.email, code } });
  expect(confirmed.status(), 'POST /api/users/confirm').toBe(200);
}

/**
 * The app path of the newest office invitation mailed to `email` (/invitations/office/{token}), read from the outbox
 * as the person would read it from their mail; polled, as the mail leaves from a job.
 */
export async function mailedInvitationPath(request: APIRequestContext, email: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) =>
          /invited you to join/.test(message.text),
        );
        found = mail?.text.match(/\/invitations\/office\/[A-Za-z0-9_-]+/)?.[0];
        return found !== undefined;
      },
      { message: `an office invitation mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}
