import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';

/*
 * Look and feel (issue 13): screenshots of the pages whose content does not depend on other tests'
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
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test(`sign-in and sign-up at ${width} px, ${theme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      const failed: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') failed.push(message.text());
      });

      await page.goto('/auth/sign-in');
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await settle(page);
      await expect(page).toHaveTitle('Sign in · Casting');
      await expect(page).toHaveScreenshot(`sign-in-${width}-${theme}.png`, TOLERANCE);
      await expectAccessible(page, `sign-in page, ${theme}`);
      // A signed-out load asks nothing of the session API, so the console stays clean.
      expect(failed).toEqual([]);

      await page.goto('/auth/sign-up');
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await settle(page);
      await expect(page).toHaveScreenshot(`sign-up-${width}-${theme}.png`, TOLERANCE);
      await expectAccessible(page, `sign-up page, ${theme}`);
    });
  }
}

test('the favicon exists in both forms', async ({ request }) => {
  for (const icon of ['/favicon.ico', '/favicon.svg']) {
    const response = await request.get(icon);
    expect(response.status(), icon).toBe(200);
  }
});

for (const theme of THEMES) {
  test(`the projects page, command palette and shortcuts pass axe in the ${theme} theme`, async ({
    page,
    admin,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInViaUi(page, admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Projects · Casting');
    await expectAccessible(page, `projects page, ${theme}`);

    await page.keyboard.press('Control+k');
    const jump = page.getByRole('combobox', { name: 'Jump to a project, page or action' });
    await jump.fill('Users');
    await expectAccessible(page, `command palette, ${theme}`);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/users$/);
    await expect(page).toHaveTitle('Users · Casting');
    await expectAccessible(page, `users page, ${theme}`);

    await page.getByRole('heading', { name: 'Users', level: 1 }).click();
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  });
}
