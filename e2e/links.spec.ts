import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { acceptTerms, agencyThroughLink, apiLink, phone, projectWithRoles } from './support/links';
import { makeJpeg } from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/** Submission links from the dialog to a talent's phone, the agent's claim, a closed link. */

test.describe('submission links', () => {
  test('a director creates a link for two opportunities with an agency; a talent applies on a phone; the agent confirms', async ({
    page,
    request,
    browser,
    context,
  }) => {
    test.setTimeout(120_000);
    const director = person('Dana', 'Okafor');
    const agent = person('Ari', 'Mendes');
    const suffix = randomUUID().slice(0, 6);
    const agencyName = `Northside Talent ${suffix}`;
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Harbor Lights ${suffix}`, ['Lead', 'Extra']);
    // The agency exists because a talent once named its agent on an apply page.
    const setup = await apiLink(request, director, project.id, {
      title: 'Setup',
      roleIds: [project.roles.Lead],
    });
    await agencyThroughLink(request, setup.token, agencyName, agent);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/${project.id}/applicant-links`);
    await expect(page.getByRole('heading', { name: 'Candidate submission links' })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Project navigation' })
        .getByRole('link', { name: 'Applicant links' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Create link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Candidate Submission Link(s)' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Title').fill('Setup');
    await expect(dialog.getByText(/already exists for this project/)).toBeVisible();
    await dialog.getByLabel('Title').fill('Open call — spring');
    await dialog.getByLabel('Agencies and agents').fill(agencyName);
    // The search answers for the whole name (one agency) before anything is clicked: an answer arriving later would
    // reflow the dialog under the pointer.
    await expect(dialog.getByRole('button', { name: /Add agency$/ })).toHaveCount(1);
    await dialog.getByRole('button', { name: `${agencyName} Add agency` }).click();
    await expect(dialog.getByRole('list', { name: 'Chosen representation' })).toContainText(agencyName);
    await dialog.getByLabel('Lead').check();
    await dialog.getByLabel('Extra').check();
    await expect(
      dialog.getByText('Please select a default opportunity when multiple opportunities are chosen'),
    ).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Default opportunity' }).click();
    await page.getByRole('option', { name: 'Extra', exact: true }).click();
    // No Agency is off and locked while Change Agency is off.
    await expect(dialog.getByRole('switch', { name: 'No Agency' })).toBeDisabled();
    await expect(dialog.getByText(`1 link pre-filled with ${agencyName}`)).toBeVisible();
    // Enabled first: the button's colour change is a transition, which the accessibility check waits out only once it
    // has started.
    await expect(create).toBeEnabled();
    await expectAccessible(page, { label: 'link dialog', include: '[role="dialog"]' });
    await create.click();
    await expect(page.getByText('Candidate submission link created successfully')).toBeVisible();

    const row = page.getByRole('listitem').filter({ hasText: 'Open call — spring' });
    await expect(row).toContainText('Lead, Extra');
    await expect(row).toContainText(agencyName);
    await expectAccessible(page, 'applicant links page');
    await row.getByRole('button', { name: 'Share Open call — spring' }).click();
    const share = page.getByRole('dialog', { name: 'Share Open call — spring' });
    await share.getByRole('button', { name: 'Copy Link' }).click();
    await expect(share.getByRole('button', { name: 'Copied' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/castingcall\/apply\/[A-Za-z0-9_-]{16,}$/);
    // 'Copied' goes back to 'Copy Link' after 1.5 s.
    await expect(share.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 3_000 });
    const download = page.waitForEvent('download');
    await share.getByRole('button', { name: /Download the QR code/ }).click();
    expect((await download).suggestedFilename()).toBe('QR_Code.png');

    // A talent opens the copied link on a phone.
    const talent = person('Tess', 'Alvarez');
    const mobile = await phone(browser);
    await mobile.goto(link);
    await expect(mobile.getByRole('heading', { name: 'Open call — spring', level: 1 })).toBeVisible();
    await expectAccessible(mobile, 'apply page at 375 px');
    const scrollWidth = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await mobile.getByLabel('Lead').check();
    await mobile.getByLabel('First name').fill(talent.firstName);
    await mobile.getByLabel('Last name').fill(talent.lastName);
    await mobile.getByLabel('Email').fill(talent.email);
    await mobile.getByLabel('Phone number').fill('2025550143');
    await mobile.getByLabel(`${agent.firstName} ${agent.lastName}, ${agencyName}`).check();
    // US ZIP suggestions fill in the city and state.
    await mobile.locator('summary', { hasText: 'Address' }).click();
    await mobile.getByLabel('ZIP code').fill('10001');
    await mobile.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();
    await expect(mobile.getByLabel('City or town', { exact: true })).not.toHaveValue('');
    await expect(mobile.getByLabel('State', { exact: true })).not.toHaveValue('');
    await acceptTerms(mobile);
    await mobile.getByRole('button', { name: 'Review submission' }).click();
    const confirm = mobile.getByRole('dialog', { name: 'Confirm submission' });
    await expect(confirm).toContainText('+12025550143');
    await expect(confirm).toContainText('Lead');
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expect(mobile.getByRole('heading', { name: /Your submission has been received/ })).toBeVisible();
    await expect(mobile.getByText(/check your e-mail/i)).toBeVisible();

    // The submission is in the chosen opportunity's New submissions folder.
    const api = await apiAs(request, director);
    const listed = await api<{ items: { email: string | null }[] }>(
      'GET',
      `/projects/${project.id}/applicants?roleId=${project.roles.Lead}&systemAlias=NEW_SUBMISSIONS`,
    );
    expect(listed.items.map((item) => item.email)).toContain(talent.email);

    // The talent's private link from the confirmation e-mail opens their submission.
    let privateLink = '';
    await expect
      .poll(async () => {
        const mail = (await outbox(request, talent.email)).find((message) =>
          /private link/.test(message.text),
        );
        privateLink = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return privateLink;
      })
      .not.toBe('');
    await mobile.goto(privateLink);
    await expect(mobile.getByRole('heading', { name: 'Your submission' })).toBeVisible();
    await expect(mobile.getByLabel('First name')).toHaveValue(talent.firstName);
    // The talent changes their phone there; the change is kept.
    await mobile.getByLabel('Phone').fill('+12025550199');
    await mobile.getByRole('button', { name: 'Save changes' }).click();
    await expect(mobile.getByText('Your details are saved.')).toBeVisible();
    await mobile.reload();
    await expect(mobile.getByLabel('Phone')).toHaveValue('+12025550199');
    // There the talent adds a photo to their submission, then removes it again (to replace it, they would add another).
    const files = mobile.getByRole('region', { name: 'Your photos, tapes and documents' });
    await files
      .getByTestId('file-picker-input')
      .setInputFiles([
        { name: 'new-headshot.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(160, 200) },
      ]);
    await expect(files.getByRole('link', { name: 'new-headshot.jpg' })).toBeVisible({ timeout: 30_000 });
    await files.getByRole('button', { name: 'Remove new-headshot.jpg from your submission' }).click();
    await mobile
      .getByRole('dialog', { name: 'Remove new-headshot.jpg' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(files.getByText('new-headshot.jpg was removed.')).toBeVisible();
    // From the same page the talent takes a selfie (the phone's front camera; here a file); the team's list marks it.
    await mobile
      .locator('#selfie')
      .getByTestId('file-picker-input')
      .setInputFiles([{ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(120, 160) }]);
    await expect(mobile.getByText('Your selfie is saved. Thank you!')).toBeVisible({ timeout: 30_000 });
    const marked = await api<{ items: { email: string | null; hasSelfie: boolean }[] }>(
      'GET',
      `/projects/${project.id}/applicants?roleId=${project.roles.Lead}&systemAlias=NEW_SUBMISSIONS`,
    );
    expect(marked.items.find((item) => item.email === talent.email)?.hasSelfie).toBe(true);

    // The agent confirms the claim from the e-mailed link.
    let claimLink = '';
    await expect
      .poll(async () => {
        const mail = (await outbox(request, agent.email)).find((message) =>
          /Confirm or decline/.test(message.text),
        );
        claimLink = mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '';
        return claimLink;
      })
      .not.toBe('');
    const agentPage = await (await browser.newContext()).newPage();
    await agentPage.goto(claimLink);
    await expect(agentPage.getByRole('heading', { name: 'Confirm representation' })).toBeVisible();
    await expectAccessible(agentPage, 'claim confirmation');
    await agentPage.getByRole('button', { name: 'Yes, I represent them' }).click();
    await expect(agentPage.getByRole('status')).toContainText(/confirmed/i);
  });

  test('a closed link shows talent a clear page instead of a form', async ({ page, request, browser }) => {
    const director = person('Noor', 'Haddad');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Night Shift ${randomUUID().slice(0, 6)}`, [
      'Lead',
    ]);
    const created = await apiLink(request, director, project.id, {
      title: 'Walk-ins',
      roleIds: [project.roles.Lead],
    });

    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/${project.id}/applicant-links`);
    const row = page.getByRole('listitem').filter({ hasText: 'Walk-ins' });
    await row.getByRole('button', { name: 'Close link: Walk-ins' }).click();
    await page
      .getByRole('dialog', { name: 'Close link' })
      .getByRole('button', { name: 'Close link' })
      .click();
    await expect(row.getByText('Closed', { exact: true })).toBeVisible();

    const mobile = await phone(browser);
    await mobile.goto(created.link);
    await expect(mobile.getByRole('heading', { name: 'This link is closed' })).toBeVisible();
    await expect(mobile.getByRole('button', { name: 'Review submission' })).toHaveCount(0);
    await expectAccessible(mobile, 'closed link page');
  });

  test('a director edits a link, gives it an expiry date and removes it, and reopens it after closing', async ({
    page,
    request,
  }) => {
    const director = person('Ines', 'Duarte');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Tide Pool ${randomUUID().slice(0, 6)}`, [
      'Lead',
    ]);
    await apiLink(request, director, project.id, { title: 'Open call', roleIds: [project.roles.Lead] });

    await signInViaUi(page, director.email, PASSWORD);
    // From the candidates page, a created link takes the director to the links page.
    await page.goto(`/projects/candidate/${project.id}?roleId=${project.roles.Lead}`);
    await page.getByRole('button', { name: 'Create submission link' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Candidate Submission Link(s)' });
    await create.getByLabel('Title').fill('From candidates');
    await create.getByLabel('Lead').check();
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/applicant-links$`));
    await expect(page.getByRole('listitem').filter({ hasText: 'From candidates' })).toBeVisible();

    const row = page.getByRole('listitem').filter({ hasText: 'Open call' });
    await row.getByRole('button', { name: 'Edit Open call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit submission link' });
    await dialog.getByLabel('Title').fill('Open call, spring');
    await dialog.getByRole('switch', { name: 'Agency review' }).check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Submission link updated')).toBeVisible();
    const edited = page.getByRole('listitem').filter({ hasText: 'Open call, spring' });
    await expect(edited).toContainText('Agency review');

    await edited.getByRole('button', { name: 'Set expiry: Open call, spring' }).click();
    const expiry = page.getByRole('dialog', { name: 'Set expiry date' });
    // The link closes at the start of the chosen day (UTC): the picker offers tomorrow first, never a day it refuses.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await expect(expiry.getByLabel('Expiry date')).toHaveAttribute('min', tomorrow);
    await expiry.getByLabel('Expiry date').fill('2099-01-31');
    await expiry.getByRole('button', { name: 'Save expiry' }).click();
    await expect(edited.getByText('Open until 2099-01-31')).toBeVisible();
    await expectAccessible(page, 'applicant links page, link with expiry');
    await edited.getByRole('button', { name: 'Change expiry: Open call, spring' }).click();
    await expect(expiry.getByLabel('Expiry date')).toHaveValue('2099-01-31');
    await expiry.getByRole('button', { name: 'Remove expiry' }).click();
    await expect(edited.getByText('Open', { exact: true })).toBeVisible();

    await edited.getByRole('button', { name: 'Close link: Open call, spring' }).click();
    await page
      .getByRole('dialog', { name: 'Close link' })
      .getByRole('button', { name: 'Close link' })
      .click();
    await expect(edited.getByText('Closed', { exact: true })).toBeVisible();
    await edited.getByRole('button', { name: 'Reopen link: Open call, spring' }).click();
    await expect(edited.getByText('Open', { exact: true })).toBeVisible();
  });

  test('the terms and privacy pages open from an apply page on a phone', async ({ request, browser }) => {
    const director = person('Omar', 'Sato');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Low Tide ${randomUUID().slice(0, 6)}`, [
      'Lead',
    ]);
    const created = await apiLink(request, director, project.id, {
      title: 'Beach call',
      roleIds: [project.roles.Lead],
    });
    const mobile = await phone(browser);
    await mobile.goto(created.link);
    await mobile.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(mobile.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(mobile.getByText(/You need no account/)).toBeVisible();
    await expectAccessible(mobile, 'terms page, phone');
    await mobile.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(mobile.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    await expectAccessible(mobile, 'privacy page, phone');
  });

  test('a super admin verifies an agency and its agent on the agencies page', async ({
    page,
    request,
    admin,
  }) => {
    const director = person('Rita', 'Voss');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Dune ${randomUUID().slice(0, 6)}`, ['Lead']);
    const setup = await apiLink(request, director, project.id, {
      title: 'Setup',
      roleIds: [project.roles.Lead],
    });
    const agencyName = `Verity Talent ${randomUUID().slice(0, 6)}`;
    const agent = person('Vic', 'Mora');
    await agencyThroughLink(request, setup.token, agencyName, agent);

    await signInViaUi(page, admin.email, admin.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Agencies' })
      .click();
    await expect(page.getByRole('heading', { name: 'Agencies', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search agencies' }).fill(agencyName);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: agencyName }) });
    await expect(card).toContainText(agent.email);
    await card.getByRole('button', { name: `Verify agency ${agencyName}` }).click();
    await expect(card.getByRole('button', { name: `Unverify agency ${agencyName}` })).toBeVisible();
    await card.getByRole('button', { name: `Verify agent ${agent.firstName} ${agent.lastName}` }).click();
    await expect(
      card.getByRole('button', { name: `Unverify agent ${agent.firstName} ${agent.lastName}` }),
    ).toBeVisible();
    await expectAccessible(page, 'agencies page');
  });
});
