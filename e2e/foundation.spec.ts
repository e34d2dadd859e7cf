import { randomUUID } from 'node:crypto';
import { healthResponseSchema } from '@casting/domain';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';

// The app shell's sidebar is 224 px open and 66 px collapsed.
const SIDEBAR_OPEN_PX = 224;
const SIDEBAR_COLLAPSED_PX = 66;

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The width transition animates, so the measured width is polled until it settles. */
async function expectSidebarWidth(page: Page, width: number) {
  await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(width);
}

test.describe('signed-out visitor', () => {
  test('opening /projects leads to the sign-in form', async ({ page }) => {
    await page.goto('/projects');

    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    await expectAccessible(page, 'sign-in page');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no-such-page');

    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, '404 page');
  });
});

test('the health check reports the embedded database', async ({ page }) => {
  const response = await page.request.get('/api/health');

  expect(response.status()).toBe(200);
  const health = healthResponseSchema.parse(await response.json());
  expect(health).toMatchObject({ status: 'ok', database: 'pglite' });
});

test.describe('app shell at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is open with Projects and Users, and collapses and locks on a workspace page', async ({
    page,
    admin,
  }) => {
    await signInViaUi(page, admin.email, admin.password);

    await expect(sidebar(page)).toBeVisible();
    await expectSidebarWidth(page, SIDEBAR_OPEN_PX);
    await expect(sidebar(page).getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeEnabled();
    // The mobile menu toggle belongs to small screens only.
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
    await expectAccessible(page, 'projects page, sidebar open');

    await page.goto(`/projects/overview/${randomUUID()}`);

    await expectSidebarWidth(page, SIDEBAR_COLLAPSED_PX);
    await expect(sidebar(page).getByRole('button', { name: 'Expand sidebar' })).toBeDisabled();
    await expect(page.getByRole('navigation', { name: 'Project navigation' })).toBeVisible();
    // The page has answered (here: an unknown project) before it is checked, so the check sees what a person sees.
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'workspace page, sidebar collapsed');
  });
});

test.describe('app shell at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar hides behind the top bar menu toggle', async ({ page, admin }) => {
    await signInViaUi(page, admin.email, admin.password);

    await expect(sidebar(page)).toBeHidden();
    await expectAccessible(page, 'projects page on a phone, menu closed');

    const menuToggle = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuToggle).toHaveAttribute('aria-expanded', 'false');
    await menuToggle.click();

    await expect(menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expectAccessible(page, 'projects page on a phone, menu open');
  });
});
