import { outboxListSchema, type OutboxMessage } from '@casting/domain';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { startWorkerServer, type WorkerServer } from './server';

export interface Credentials {
  email: string;
  password: string;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys through playwright.config.ts`);
  return value;
}

/** Fills the sign-in form like a person would and waits for the landing page after sign-in (/projects). */
export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

/** Messages the API's outbox recorded for one address, newest first (development-only endpoint). */
export async function outbox(request: APIRequestContext, email: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox', { params: { to: email } });
  expect(response.status(), `GET /api/dev/outbox?to=${email}`).toBe(200);
  return outboxListSchema.parse(await response.json()).items;
}

export const test = base.extend<{ admin: Credentials }, { server: WorkerServer }>({
  // Each worker runs its journeys against a server of its own (support/server.ts); pages, browser contexts and API
  // requests reach it through the base URL.
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(`worker-${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  // The first super admin every worker's server created on its fresh data directory (playwright.config.ts
  // decides the password once per run and hands it to the workers through the environment).
  admin: { email: requiredEnv('E2E_ADMIN_EMAIL'), password: requiredEnv('E2E_ADMIN_PASSWORD') },
});

export { expect };
