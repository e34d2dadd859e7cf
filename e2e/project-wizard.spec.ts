import { DRAFT_MESSAGES } from '@casting/domain';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { PASSWORD, person, signUpConfirmed } from './support/projects';

/**
 * The guided project creation saves a draft at every step; the person leaves, finds the draft on the
 * projects page, continues and finishes; the project then leaves the drafts for the list.
 */
test('a director sets up a project in the wizard, leaves, continues the draft and finishes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const director = person('Wendy', 'Wizard');
  const name = `Salt Marsh ${randomUUID().slice(0, 6)}`;
  await signUpConfirmed(request, director);
  await signInViaUi(page, director.email, PASSWORD);

  await page.getByRole('link', { name: 'Guided set-up' }).click();
  await expect(page.getByRole('heading', { name: 'Set up a project' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByText('1. Project')).toHaveAttribute(
    'aria-current',
    'step',
  );
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: `Set up ${name}` })).toBeVisible();
  // Step 1 reopened edits the draft's project; no second draft appears (checked on the projects page below).
  await page.getByRole('button', { name: 'Previous step' }).click();
  await expect(page.getByLabel('Project name')).toHaveValue(name);
  await page.getByLabel('Project name').fill(`${name} II`);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: `Set up ${name} II` })).toBeVisible();
  await page.getByRole('button', { name: 'Add opportunity' }).click();
  await page.getByLabel('Opportunity name').fill('Fisherman');
  await page.getByRole('button', { name: 'Create opportunity' }).click();
  await expect(page.getByText('Fisherman', { exact: true })).toBeVisible();
  await expectAccessible(page, 'wizard opportunities step');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();

  // Leave; the draft waits on the projects page, not in the project list.
  await page.getByRole('link', { name: 'Save and exit' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const drafts = page.getByRole('region', { name: 'Drafts' });
  await expect(drafts.getByText(`${name} II`)).toBeVisible();
  await expect(drafts.getByText(name, { exact: true })).toHaveCount(0);
  await expect(drafts.getByText('Step 3 of 4: Team')).toBeVisible();

  await drafts.getByRole('link', { name: `Continue ${name} II` }).click();
  await expect(page.getByRole('heading', { name: 'Team' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'First submission link' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/projects\/overview\//);
  await expect(page.getByText(DRAFT_MESSAGES.finished)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name} II`, level: 1 })).toBeVisible();
  // The finished draft is not read again as a draft: no refusal follows the success.
  await expect(page.getByText(DRAFT_MESSAGES.notADraft)).toHaveCount(0);

  await page.goto('/projects');
  await expect(page.getByRole('region', { name: 'Drafts' })).toHaveCount(0);
  await expect(page.getByText(`${name} II`).first()).toBeVisible();
});
