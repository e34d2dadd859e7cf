import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, signInViaUi } from './fixtures';
import { CONFIRMATION_MAIL, mailedCode } from './identity';

/** People and data for the projects journeys: accounts through the API, confirmed with the outbox code. */

export const PASSWORD = 'Casting#2031x';
const CSRF = { 'X-Requested-With': 'casting-web' };

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

export function person(firstName: string, lastName: string): Person {
  return { firstName, lastName, email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@e2e.test` };
}

export const fullName = (who: Person) => `${who.firstName} ${who.lastName}`;

/** Signs a casting director up and confirms the account with the code mailed to the outbox. */
export async function signUpConfirmed(request: APIRequestContext, who: Person): Promise<void> {
  const registered = await request.post('/api/staffs/register', {
    data: { ...who, password: PASSWORD, roleType: 'ADMIN' },
  });
  expect(registered.status(), 'POST /api/staffs/register').toBe(201);
  // The code is mailed by a background job, a moment after the answer.
  const code = await mailedCode(request, who.email, CONFIRMATION_MAIL);
  const confirmed = await request.post('/api/users/confirm', { data: { email: who.email, code } });
  expect(confirmed.status(), 'POST /api/users/confirm').toBe(200);
}

/** A bearer-token client for setting up data the journey is not about. */
export async function apiAs(request: APIRequestContext, who: Person) {
  const signedIn = await request.post('/api/auth/sign-in', {
    headers: CSRF,
    data: { email: who.email, password: PASSWORD },
  });
  expect(signedIn.status(), 'POST /api/auth/sign-in').toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  return async function call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const response = await request.fetch(`/api${path}`, { method, headers, data });
    expect(response.ok(), `${method} /api${path} answered ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** A second person at their own computer: a fresh browser context signed in through the UI. */
export async function signInElsewhere(browser: Browser, who: Person): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaUi(page, who.email, PASSWORD);
  return page;
}

export async function chooseOption(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
