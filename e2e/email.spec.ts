import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { apiLink, projectWithRoles } from './support/links';
import { apiAs, chooseOption, PASSWORD, person, signUpConfirmed } from './support/projects';
import type { Person } from './support/projects';

/*
 * E-mail: a director e-mails candidates picked in the workspace with a template, and invites people to
 * apply from a pasted list. Projects, opportunities, candidates and links are set up through the API; choosing,
 * previewing and sending happen in the browser; the development outbox shows what was "sent".
 */

async function signedInDirector(request: APIRequestContext): Promise<Person> {
  const director = person('Dana', 'Whitford');
  await signUpConfirmed(request, director);
  return director;
}

test.describe('e-mail to candidates', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a director sends a templated e-mail to three selected candidates; each gets a personalised message', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const director = await signedInDirector(request);
    const project = await projectWithRoles(request, director, `Tidewater ${randomUUID().slice(0, 6)}`, [
      'Captain Mara Holt',
    ]);
    const roleId = project.roles['Captain Mara Holt']!;
    const api = await apiAs(request, director);
    const tag = randomUUID().slice(0, 6);
    const people = [
      ['Ava', 'Lindgren'],
      ['Bea', 'Okafor'],
      ['Zoë', "O'Hara-Brennan"],
    ] as const;
    const addresses: Record<string, string> = {};
    for (const [firstName, lastName] of people) {
      addresses[firstName] = `${firstName.toLowerCase().replace('ë', 'e')}-${tag}@talent.test`;
      await api('POST', '/projects/admin/applicants', {
        projectId: project.id,
        roleId,
        firstName,
        lastName,
        email: addresses[firstName],
      });
    }

    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/candidate/${project.id}?roleId=${roleId}`);
    for (const [firstName, lastName] of people) {
      await page.getByRole('checkbox', { name: `Select ${firstName} ${lastName}` }).check();
    }
    await page
      .getByRole('toolbar', { name: 'Actions for the selected candidates' })
      .getByRole('button', { name: 'Send e-mail' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/projects/email/${project.id}/send\\?selection=`));
    await expect(page.getByText('To 3 selected candidates.')).toBeVisible();

    await chooseOption(page, 'Template', 'Callback');
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Callback for {{opportunityName}} ({{projectName}})',
    );
    // The preview is the first selected candidate's message, merge fields filled.
    await expect(page.getByTestId('preview-subject')).toHaveText(
      /^Callback for Captain Mara Holt \(Tidewater/,
      {
        timeout: 20_000,
      },
    );
    await expect(
      page.frameLocator('iframe[title="E-mail preview"]').getByText(/^Hi (Ava|Bea|Zoë),$/),
    ).toBeVisible();
    // The preview frame holds the e-mail itself (a sandbox without scripts, which axe cannot enter).
    await expectAccessible(page, { label: 'send e-mail page', exclude: ['iframe[title="E-mail preview"]'] });

    await page.getByRole('button', { name: 'Send to 3' }).click();
    const recipients = page.getByRole('list', { name: /^Recipients of Callback for/ });
    await expect(recipients.getByText('Sent', { exact: true })).toHaveCount(3, { timeout: 20_000 });

    for (const [firstName] of people) {
      const [message] = await outbox(request, addresses[firstName]!);
      expect(message?.subject).toMatch(/^Callback for Captain Mara Holt \(Tidewater /);
      expect(message?.text).toContain(`Hi ${firstName},`);
      expect(message?.text).toContain('Dana Whitford');
      expect(message?.replyTo).toBe(director.email);
      expect(message?.html).toContain(`Hi ${firstName === 'Zoë' ? 'Zoë' : firstName},`);
    }

    // The history on the templates page keeps the send with its counts.
    await page.getByRole('link', { name: 'All sent e-mails' }).click();
    await expect(page.getByRole('list', { name: 'Sent e-mails' }).getByText('3 sent')).toBeVisible();
    await expectAccessible(page, 'e-mail templates page');
  });

  test('a director invites people from a pasted list; bad and repeated addresses are shown before sending', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const director = await signedInDirector(request);
    const project = await projectWithRoles(request, director, `Lighthouse ${randomUUID().slice(0, 6)}`, [
      'Keeper',
    ]);
    const roleId = project.roles.Keeper!;
    const link = await apiLink(request, director, project.id, { title: 'Open call', roleIds: [roleId] });
    const noah = `noah-${randomUUID().slice(0, 6)}@talent.test`;

    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/invite-candidates/${project.id}`);
    await expect(page.getByRole('heading', { name: 'Invite candidates' })).toBeVisible();
    // Sending before the choices are made says what is missing; each message goes as soon as its choice is made.
    await page.getByRole('textbox', { name: 'E-mail addresses' }).fill(`Noah Park <${noah}>`);
    await page.getByRole('button', { name: 'Check addresses' }).click();
    await page.getByRole('button', { name: 'Send 1 invitation' }).click();
    await expect(page.getByText('Choose an opportunity.')).toBeVisible();
    await expect(page.getByText('Choose a submission link, or create one.')).toBeVisible();
    await chooseOption(page, 'Opportunity', 'Keeper');
    await expect(page.getByText('Choose an opportunity.')).toBeHidden();
    // A link created in place is the one chosen afterwards (over the existing 'Open call').
    await page.getByRole('button', { name: 'Create a link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Candidate Submission Link(s)' });
    await dialog.getByLabel('Title').fill('Keeper call');
    await dialog.getByLabel('Keeper').check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Submission link' })).toContainText('Keeper call');
    await expect(page.getByText('Choose a submission link, or create one.')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Template' })).toContainText('Invitation to apply');
    await page
      .getByRole('textbox', { name: 'E-mail addresses' })
      .fill(`Noah Park <${noah}>\nnot-an-address\n${noah.toUpperCase()}`);
    await page.getByRole('button', { name: 'Check addresses' }).click();
    const leftOut = page.getByRole('list', { name: 'Addresses left out' });
    await expect(leftOut.getByRole('listitem')).toHaveText([
      'Line 2: not-an-address – Not a valid e-mail address',
      `Line 3: ${noah} – Listed more than once`,
    ]);
    await expectAccessible(page, 'invite candidates page');

    await page.getByRole('button', { name: 'Send 1 invitation' }).click();
    const invited = page.getByRole('list', { name: 'Invited people' }).getByRole('listitem');
    await expect(invited).toHaveCount(1);
    await expect(invited.first()).toContainText('Noah Park');
    await expect(invited.first().getByText('Invited', { exact: true })).toBeVisible({ timeout: 20_000 });

    const [message] = await outbox(request, noah);
    expect(message?.subject).toMatch(/^Invitation to apply: Keeper \(Lighthouse /);
    expect(message?.text).toContain('Hi Noah,');
    expect(message?.text).toMatch(/https?:\/\/\S+/);
    expect(message?.text).not.toContain(link.link);
    expect(message?.text).toMatch(/Unsubscribe: \S+\/email\/opt-out\/[A-Za-z0-9_-]{24}/);

    // The unsubscribe link works from the message, without an account.
    const optOutUrl = /Unsubscribe: (\S+)/.exec(message!.text)![1]!;
    const stranger = await page.context().browser()!.newPage();
    await stranger.goto(new URL(optOutUrl).pathname);
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(stranger.getByRole('status')).toContainText('You will no longer receive e-mails');
    await stranger.close();
  });
});

test.describe('e-mail templates on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a director writes a template with merge fields from the menu and previews it for a chosen candidate', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const director = await signedInDirector(request);
    const project = await projectWithRoles(request, director, `Harbor ${randomUUID().slice(0, 6)}`, ['Lead']);
    const api = await apiAs(request, director);
    await api('POST', '/projects/admin/applicants', {
      projectId: project.id,
      roleId: project.roles.Lead,
      firstName: '<b>Kit</b>',
      lastName: 'Marlowe & Sons',
      email: `kit-${randomUUID().slice(0, 6)}@talent.test`,
    });

    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/${project.id}/email-templates`);
    // The starter templates: four for candidates and four roster notices (decision 0052).
    await expect(page.getByRole('list', { name: 'E-mail templates' }).getByRole('listitem')).toHaveCount(8);
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('textbox', { name: 'Template name' }).fill('Wardrobe fitting');
    await page.getByRole('textbox', { name: 'Subject' }).fill('Fitting for ');
    await page.getByRole('button', { name: 'Insert in subject' }).click();
    await page.getByRole('menuitem', { name: /Opportunity name/ }).click();
    await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Fitting for {{opportunityName}}',
    );
    const body = page.getByRole('textbox', { name: 'Message', exact: true });
    await body.click();
    await page.keyboard.type('Hello ');
    await page.getByRole('button', { name: 'Insert merge field' }).click();
    await page.getByRole('menuitem', { name: /First name/ }).click();
    // The menu closes and hands the focus back to the editor after the field is in: typing before that would reach
    // the closing menu, and the first keys would be lost.
    await expect(body).toHaveText('Hello {{firstName}}');
    await expect(body).toBeFocused();
    await page.keyboard.type(', see you Tuesday.');
    await expect(body).toHaveText('Hello {{firstName}}, see you Tuesday.');

    // Preview for a candidate whose name looks like markup: shown as typed, never as markup.
    await page.getByRole('searchbox', { name: 'Preview for a candidate' }).fill('Marlowe');
    await page.getByRole('button', { name: /Marlowe & Sons/ }).click();
    const preview = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(preview.getByText('Hello <b>Kit</b>, see you Tuesday.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('preview-subject')).toHaveText('Fitting for Lead');

    await page.getByRole('button', { name: 'Save template' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/email-templates/[0-9a-f-]{36}$`));
    await expectAccessible(page, {
      label: 'template editor at 375 px',
      exclude: ['iframe[title="E-mail preview"]'],
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: 'Back to the templates' }).click();
    await expect(
      page.getByRole('list', { name: 'E-mail templates' }).getByText('Wardrobe fitting'),
    ).toBeVisible();
  });
});
