import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { apiAs, PASSWORD, signUpConfirmed, type Person } from './support/projects';

/*
 * Look and feel: screenshots of the pages whose content does not depend on other tests'
 * data, compared with committed baselines (e2e/look.spec.ts-snapshots) at a small tolerance, so a
 * later change sees what it changes; axe in both themes. Update the baselines on purpose with
 * `npx playwright test e2e/look.spec.ts --update-snapshots` and look at the new PNGs before committing.
 */

const WIDTHS = [375, 1440] as const;
const THEMES = ['light', 'dark'] as const;
const TOLERANCE = { maxDiffPixelRatio: 0.02, animations: 'disabled' as const };

async function settle(page: Page) {
  // Inter arrives with font-display swap: wait for it so the baseline is not the fallback font.
  await page.evaluate(() => document.fonts.ready);
  // No skeleton is still standing in for content, and no toast is passing over the page.
  await expect(page.locator('[role="status"] .animate-pulse')).toHaveCount(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/**
 * Runs `check` on the page as it stands in the light theme, then in the dark one: the theme follows the browser's
 * colour scheme, so one visit of a page serves both (seeding, signing in and loading it are the journeys' cost).
 */
async function inBothThemes(page: Page, check: (theme: (typeof THEMES)[number]) => Promise<void>) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await check(theme);
  }
}

/** A page of the signed-in app compared with its baselines in both themes, and checked with axe in each. */
async function snap(page: Page, name: string, label: string, mask: Locator[] = []) {
  await inBothThemes(page, async (theme) => {
    await settle(page);
    await expect(page).toHaveScreenshot(`${name}-${theme}.png`, { ...TOLERANCE, mask, maskColor: '#9ca3af' });
    await expectAccessible(page, `${label}, ${theme}`);
  });
}

for (const width of WIDTHS) {
  test(`sign-in and sign-up at ${width} px, light and dark`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const failed: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failed.push(message.text());
    });

    await page.goto('/auth/sign-in');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Casting');
    await inBothThemes(page, async (theme) => {
      await settle(page);
      await expect(page).toHaveScreenshot(`sign-in-${width}-${theme}.png`, TOLERANCE);
      await expectAccessible(page, `sign-in page, ${theme}`);
    });
    // A signed-out load asks nothing of the session API, so the console stays clean.
    expect(failed).toEqual([]);

    await page.goto('/auth/sign-up');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await inBothThemes(page, async (theme) => {
      await settle(page);
      await expect(page).toHaveScreenshot(`sign-up-${width}-${theme}.png`, TOLERANCE);
      await expectAccessible(page, `sign-up page, ${theme}`);
    });
  });
}

test('a person who asked for less motion sees controls change colour at once, never half faded', async ({
  page,
}) => {
  await page.goto('/auth/sign-in');
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  const fade = () => signIn.evaluate((button) => getComputedStyle(button).transitionDuration);
  expect(await fade()).not.toBe('0s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await fade()).toBe('0s');
});

test('the favicon exists in both forms', async ({ request }) => {
  for (const icon of ['/favicon.ico', '/favicon.svg']) {
    const response = await request.get(icon);
    expect(response.status(), icon).toBe(200);
  }
});

test('the projects page, command palette and shortcuts pass axe in both themes', async ({ page, admin }) => {
  await signInViaUi(page, admin.email, admin.password);
  await inBothThemes(page, async (theme) => {
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Projects · Casting');
    await expectAccessible(page, `projects page, ${theme}`);

    await page.keyboard.press('Control+k');
    const jump = page.getByRole('combobox', { name: 'Jump to a project, page or action' });
    await jump.fill('Users');
    await expectAccessible(page, `command palette, ${theme}`);
    // The palette also lists the projects whose names loosely match, and the suite's other journeys make many
    // projects: choose the Users page itself rather than whatever ranks first.
    await page.getByRole('option', { name: 'Users Pages', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page).toHaveTitle('Users · Casting');
    await expectAccessible(page, `users page, ${theme}`);

    await page.getByRole('heading', { name: 'Users', level: 1 }).click();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Escape');
  });
});

/*
 * The main signed-in pages with fixed data. Every run starts on a fresh database (playwright.config.ts), so a director
 * whose address names the width ('look-375@e2e.test') is the same person with the same projects in every run;
 * what still differs between runs (the cover colour, taken from a random id; the session list's times and address) is
 * masked. Nothing shows today's date: the projects have no deadline.
 */
for (const width of WIDTHS) {
  test(`signed-in pages at ${width} px, light and dark`, async ({ page, request, browser, admin }) => {
    test.setTimeout(240_000);
    const director: Person = {
      firstName: 'Morgan',
      lastName: 'Ellery',
      email: `look-${width}@e2e.test`,
    };
    await signUpConfirmed(request, director);
    const api = await apiAs(request, director);
    await api('POST', '/v2/projects', { name: 'Quiet Bay' });
    const project = await api<{ id: string }>('POST', '/v2/projects', { name: 'Harbor Lights' });
    const lead = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Lead' });
    await api('POST', `/v2/projects/${project.id}/roles`, { name: 'Ferry captain' });
    for (const [firstName, lastName] of [
      ['Ada', 'Quinn'],
      ['Bea', 'Marlow'],
    ]) {
      await api('POST', '/projects/admin/applicants', {
        projectId: project.id,
        roleId: lead.id,
        firstName,
        lastName,
      });
    }

    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await signInViaUi(page, director.email, PASSWORD);

    const list = page.getByRole('list', { name: 'Projects' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').first()).toContainText('2 opportunities · 2 submissions');
    const covers = list.locator(':scope > li > span[aria-hidden="true"]');
    await snap(page, `projects-${width}`, `projects list, ${width} px`, [covers]);

    await list.getByRole('link', { name: 'Harbor Lights', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Harbor Lights', level: 1 })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Lead' })).toBeVisible();
    await snap(page, `overview-${width}`, `project overview, ${width} px`);

    await page.goto(`/projects/roles/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Lead', level: 3 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ferry captain', level: 3 })).toBeVisible();
    await snap(page, `opportunities-${width}`, `opportunities and folders, ${width} px`);

    await page.goto(`/projects/candidate/${project.id}?roleId=${lead.id}`);
    await expect(page.getByText('Ada Quinn').first()).toBeVisible();
    await expect(page.getByText('Bea Marlow').first()).toBeVisible();
    await snap(page, `candidates-${width}`, `candidates workspace, ${width} px`);

    await page.goto(`/projects/${project.id}/applicant-links`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snap(page, `applicant-links-${width}`, `applicant links, ${width} px`);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect(sessions.getByRole('listitem')).not.toHaveCount(0);
    await snap(page, `profile-${width}`, `profile, ${width} px`, [sessions]);

    // Users is the super admin's page: the director's row, found by the address, which is the same in every run.
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width, height: width < 500 ? 812 : 900 },
    });
    const adminPage = await context.newPage();
    await signInViaUi(adminPage, admin.email, admin.password);
    await adminPage.goto('/users');
    await adminPage.getByLabel('Search users').fill(director.email);
    const table = adminPage.getByRole('region', { name: 'Users table' });
    await expect(table.getByRole('rowheader')).toHaveCount(1);
    await expect(table.getByRole('rowheader')).toContainText('Morgan Ellery');
    // Every column is on screen at 375 px: nothing scrolls sideways and the row's last control is in view.
    const overflow = await table.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const deactivate = table.getByRole('button', { name: 'Deactivate Morgan Ellery' });
    const box = await deactivate.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await expect(table.getByRole('combobox', { name: 'Role of Morgan Ellery' })).toBeInViewport();
    await expect(
      table.getByRole('checkbox', { name: 'Required second factor for Morgan Ellery' }),
    ).toBeVisible();
    await snap(adminPage, `users-${width}`, `users, ${width} px`);

    // The audit log's rows change with every run, so it is checked without a baseline: no column off screen.
    await adminPage.goto('/audit');
    const events = adminPage.getByRole('region', { name: 'Audit events table' });
    await expect(events.getByRole('rowheader').first()).toBeVisible();
    expect(await events.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    await expect(events.getByRole('cell').first()).toBeInViewport();
    await inBothThemes(adminPage, (theme) => expectAccessible(adminPage, `audit log, ${width} px, ${theme}`));
    await context.close();
  });
}

/*
 * The pages without a baseline, checked by axe in both themes: the project form, the guest pages of the account
 * flows, the super admin's lookup values and the 404 page. The screens with baselines are checked above.
 */
test('the other pages pass axe in both themes', async ({ page, request, browser, admin }) => {
  test.setTimeout(120_000);
  for (const [path, heading] of [
    ['/auth/forgot-password', /forgot/i],
    ['/404', /not found|doesn.t exist|no page/i],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
    await inBothThemes(page, (theme) => expectAccessible(page, `${path}, ${theme}`));
  }

  const director: Person = { firstName: 'Rowan', lastName: 'Pike', email: 'look-axe@e2e.test' };
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const project = await api<{ id: string }>('POST', '/v2/projects', { name: 'Tidewater' });
  await signInViaUi(page, director.email, PASSWORD);
  for (const path of [
    '/projectv2/create',
    `/projectv2/edit/${project.id}`,
    `/projectv2/view/${project.id}`,
    '/profile/edit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await inBothThemes(page, (theme) => expectAccessible(page, `${path}, ${theme}`));
  }

  const adminContext = await browser.newContext({ reducedMotion: 'reduce' });
  const adminPage = await adminContext.newPage();
  await signInViaUi(adminPage, admin.email, admin.password);
  await adminPage.goto('/enums');
  await expect(adminPage.getByRole('heading', { level: 1 })).toBeVisible();
  await inBothThemes(adminPage, (theme) => expectAccessible(adminPage, `/enums, ${theme}`));
  await adminContext.close();
});
