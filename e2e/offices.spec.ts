import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { API_TOKEN_TEXTS, docFromText, OFFICE_TEXTS, RETENTION_TEXTS, WEBHOOK_TEXTS } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { mailedInvitationPath, officeMenu, signUpViaUi, signUpWithOffice } from './support/offices';
import { startReceiver } from './support/webhooks';
import { accessTokenOf, seedCandidate } from './support/media';
import { apiAs, PASSWORD, person } from './support/projects';

/*
 * Journeys of casting offices: every sign-up makes an office of its own that nobody else sees into; an owner invites
 * people by e-mail, and someone invited works in that office only; a person in two offices moves between them. Each
 * office's name is unique to the run, so a journey never finds another's office by accident.
 */

const suffix = () => randomUUID().slice(0, 6);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Person = ReturnType<typeof person>;

/** One office's project, with a candidate and the roster person, made through its owner's API. */
async function seedOfficeData(
  request: APIRequestContext,
  owner: Person,
  firstName: string,
  lastName: string,
) {
  const api = await apiAs(request, owner);
  const seeded = await seedCandidate(api, firstName, lastName);
  const people = await api<{ items: { id: string }[] }>('GET', `/roster/people?q=${lastName}`);
  const personId = people.items[0]?.id ?? '';
  expect(personId).not.toBe('');
  const template = await api<{ id: string }>('POST', `/v2/projects/${seeded.projectId}/email-templates`, {
    name: 'Callback invite',
    subject: 'Hello {{firstName}}',
    body: docFromText('Hi {{firstName}}'),
  });
  const clientLink = await api<{ id: string }>('POST', `/v2/projects/${seeded.projectId}/client-links`, {
    title: 'Selects',
    submissionIds: [seeded.rowId],
  });
  return { ...seeded, personId, templateId: template.id, clientLinkId: clientLink.id };
}

type OfficeData = Awaited<ReturnType<typeof seedOfficeData>>;

/**
 * The other office's owner gets 404 for every id of that data, in that office's project or named through their own
 * project, and their own audit log names none of it.
 */
async function expectNothingFound(
  request: APIRequestContext,
  data: OfficeData,
  stranger: Person,
  strangers: OfficeData,
) {
  const headers = { Authorization: `Bearer ${await accessTokenOf(request, stranger)}` };
  for (const path of [
    `/v2/projects/${strangers.projectId}/email-templates/${data.templateId}`,
    `/v2/projects/${strangers.projectId}/client-links/${data.clientLinkId}`,
    `/projects/${strangers.projectId}/candidates/${data.applicantId}`,
    `/v2/projects/${data.projectId}`,
    `/projects/${data.projectId}/overview`,
    `/applicants/${data.applicantId}/media?projectId=${data.projectId}`,
    `/roster/people/${data.personId}`,
    `/v2/projects/${data.projectId}/email-templates`,
    `/v2/projects/${data.projectId}/client-links`,
  ]) {
    const answer = await request.get(`/api${path}`, { headers });
    expect(answer.status(), `GET /api${path} as the other office`).toBe(404);
  }
  const audit = await request.get('/api/offices/current/audit-events', { headers });
  expect(audit.status()).toBe(200);
  expect(await audit.text()).not.toContain(data.projectId);
}

test.describe('offices', () => {
  test('two strangers sign up: each works in an empty office of their own and never sees the other’s projects', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const dana = person('Dana', 'Harbor');
    const noor = person('Noor', 'Northwind');
    const harbor = `Harbor Casting ${suffix()}`;
    const northwind = `Northwind Casting ${suffix()}`;

    await signUpViaUi(page, request, dana, harbor);
    await expect(officeMenu(page, harbor)).toBeVisible();
    await expect(page.getByText('No projects yet.')).toBeVisible();
    await expectAccessible(page, 'a new office’s empty projects page');

    // The second stranger signs up on a phone.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const noorPage = await phone.newPage();
    await signUpViaUi(noorPage, request, noor, northwind);
    await expect(officeMenu(noorPage, northwind)).toBeVisible();
    await expect(noorPage.getByText('No projects yet.')).toBeVisible();
    await expectAccessible(noorPage, 'the empty projects page at 375 px');
    // Her office menu lists her office only, and fits the phone's width.
    await officeMenu(noorPage, northwind).click();
    await expect(noorPage.getByRole('menuitemradio')).toHaveCount(1);
    await expect(noorPage.getByRole('menuitemradio', { name: new RegExp(northwind) })).toBeChecked();
    await expectAccessible(noorPage, 'the office menu at 375 px');
    await noorPage.keyboard.press('Escape');
    const overflow = await noorPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'no sideways scrolling at 375 px').toBeLessThanOrEqual(0);

    // Dana's project stays in Dana's office.
    const projectName = `Harbor Lights ${suffix()}`;
    await (
      await apiAs(request, dana)
    )('POST', '/v2/projects', { name: projectName });
    await page.reload();
    await expect(page.getByText(projectName)).toBeVisible();
    await noorPage.reload();
    await expect(noorPage.getByText('No projects yet.')).toBeVisible();
    await expect(noorPage.getByText(projectName)).toHaveCount(0);

    // Knowing the ids does not help, either way: each office's project, its candidate, the person, the templates and
    // the client links are not found for the other office's owner, and the other's audit log names none of them.
    const danaData = await seedOfficeData(request, dana, 'Iris', 'Quay');
    const noorData = await seedOfficeData(request, noor, 'Omar', 'Reed');
    await expectNothingFound(request, danaData, noor, noorData);
    await expectNothingFound(request, noorData, dana, danaData);
    await noorPage.goto(`/projects/overview/${danaData.projectId}`);
    await expect(noorPage.getByText('Project not found')).toBeVisible();
    await expect(noorPage.getByText(/Tidewater/)).toHaveCount(0);
    await phone.close();
  });

  test('an owner invites an assistant by e-mail, who signs up through the link and works in that office only', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = person('Omar', 'Owner');
    const assistant = person('Ari', 'Assistant');
    const office = `Lighthouse Casting ${suffix()}`;
    await signUpWithOffice(request, owner, office);

    await signInViaUi(page, owner.email, PASSWORD);
    await officeMenu(page, office).click();
    await page.getByRole('menuitem', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/office\/members$/);
    await expect(page.getByRole('rowheader', { name: /Omar Owner/ })).toBeVisible();
    await expectAccessible(page, 'members page');

    await page.getByRole('button', { name: 'Invite a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('E-mail address').fill(assistant.email);
    await dialog.getByRole('combobox', { name: 'Their role' }).click();
    await page.getByRole('option', { name: 'Casting Assistant', exact: true }).click();
    await expectAccessible(page, { label: 'invite dialog', include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await expect(pending.getByText(assistant.email)).toBeVisible();

    // The assistant opens the mailed link on a computer of their own, with no account yet.
    const link = await mailedInvitationPath(request, assistant.email);
    const theirs = await browser.newContext();
    const assistantPage = await theirs.newPage();
    await assistantPage.goto(link);
    await expect(assistantPage.getByRole('heading', { name: `Join ${office}` })).toBeVisible();
    await expect(assistantPage.getByText(assistant.email)).toBeVisible();
    await expectAccessible(assistantPage, 'invitation page, signed out');
    await assistantPage.getByRole('link', { name: 'Create an account' }).click();
    await expect(assistantPage).toHaveURL(/\/auth\/sign-up\?invitation=/);
    await expect(assistantPage.getByText(OFFICE_TEXTS.joiningByInvitation)).toBeVisible();
    await expect(assistantPage.getByLabel('Name of your casting office')).toHaveCount(0);
    await expectAccessible(assistantPage, 'sign-up through an invitation');
    await signUpViaUi(assistantPage, request, assistant, null);

    // Signed in, the assistant works in the inviting office, and in no other.
    await expect(officeMenu(assistantPage, office)).toBeVisible();
    await officeMenu(assistantPage, office).click();
    await expect(assistantPage.getByRole('menuitemradio')).toHaveCount(1);
    await expect(assistantPage.getByRole('menuitem', { name: 'Office settings' })).toHaveCount(0);
    await assistantPage.getByRole('menuitem', { name: 'Members' }).click();
    await expect(assistantPage.getByRole('combobox', { name: 'Role of Ari Assistant' })).toBeDisabled();
    await expect(assistantPage.getByRole('button', { name: 'Invite a member' })).toHaveCount(0);
    await expectAccessible(assistantPage, 'members page as an assistant');
    await theirs.close();

    await page.reload();
    await expect(page.getByRole('rowheader', { name: /Ari Assistant/ })).toBeVisible();
    await expect(pending.getByText(assistant.email)).toHaveCount(0);
  });

  test('an owner lets people at the office’s own domain join; a colleague signs up and works there', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const domain = `harbor-${suffix()}.test`;
    const owner = { firstName: 'Hana', lastName: 'Harbor', email: `hana@${domain}` };
    const colleague = { firstName: 'Cole', lastName: 'Quay', email: `cole@${domain}` };
    const office = `Harbor Domain Casting ${suffix()}`;
    await signUpWithOffice(request, owner, office);

    await signInViaUi(page, owner.email, PASSWORD);
    await page.goto('/office/settings');
    const section = page.getByRole('group', { name: OFFICE_TEXTS.memberSignUpSection });
    await expect(section.getByText(OFFICE_TEXTS.byInvitationOnly)).toBeVisible();
    await section.getByLabel(OFFICE_TEXTS.newMemberDomain).fill('gmail.com');
    await section.getByRole('button', { name: OFFICE_TEXTS.addMemberDomain }).click();
    await expect(section.getByLabel(OFFICE_TEXTS.newMemberDomain)).toHaveAccessibleDescription(
      new RegExp(escapeRegExp('Anyone can have an address at gmail.com')),
    );
    await section.getByLabel(OFFICE_TEXTS.newMemberDomain).fill(domain);
    await section.getByRole('button', { name: OFFICE_TEXTS.addMemberDomain }).click();
    await expect(section.getByRole('list', { name: OFFICE_TEXTS.memberDomains })).toContainText(domain);
    await expectAccessible(page, 'office settings with a member domain');

    // The colleague signs up on a phone of their own; once the address is confirmed, they work in that office.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    const colleaguePage = await phone.newPage();
    await signUpViaUi(colleaguePage, request, colleague, null);
    await expect(officeMenu(colleaguePage, office)).toBeVisible();
    await officeMenu(colleaguePage, office).click();
    await expect(colleaguePage.getByRole('menuitemradio')).toHaveCount(1);
    await expect(colleaguePage.getByRole('menuitem', { name: 'Office settings' })).toHaveCount(0);
    await phone.close();

    await page.goto('/office/members');
    await expect(page.getByRole('rowheader', { name: /Cole Quay/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Role of Cole Quay' })).toHaveText(/Casting Assistant/);
  });

  test('an owner invited into a second office accepts signed in and moves between the two', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const dana = person('Dana', 'Twooffices');
    const noor = person('Noor', 'Inviter');
    const harbor = `Harbor Casting ${suffix()}`;
    const northwind = `Northwind Casting ${suffix()}`;
    const harborProject = `Harbor Lights ${suffix()}`;
    await signUpWithOffice(request, dana, harbor);
    await signUpWithOffice(request, noor, northwind);
    await (
      await apiAs(request, dana)
    )('POST', '/v2/projects', { name: harborProject });
    await (
      await apiAs(request, noor)
    )('POST', '/offices/current/invitations', {
      email: dana.email,
      role: 'CASTING_DIRECTOR',
    });

    await signInViaUi(page, dana.email, PASSWORD);
    await expect(page.getByText(harborProject)).toBeVisible();
    await page.goto(await mailedInvitationPath(request, dana.email));
    await expect(page.getByRole('heading', { name: `Join ${northwind}` })).toBeVisible();
    await expectAccessible(page, 'invitation page, signed in with the invited address');
    await page.getByRole('button', { name: 'Accept invitation' }).click();

    await expect(page).toHaveURL(/\/projects$/);
    await expect(officeMenu(page, northwind)).toBeVisible();
    await expect(page.getByText(`You joined ${northwind}`)).toBeVisible();
    await expect(page.getByText(harborProject)).toHaveCount(0);

    // Back to Harbor with the keyboard: the menu opens on Enter, arrows move, Enter chooses.
    await officeMenu(page, northwind).focus();
    await page.keyboard.press('Enter');
    const harborEntry = page.getByRole('menuitemradio', { name: new RegExp(harbor) });
    await expect(page.getByRole('menuitemradio')).toHaveCount(2);
    await expectAccessible(page, 'office menu with two offices');
    // Arrows move the focus through the open menu until Harbor has it; a bounded wait, never an endless loop.
    await expect(async () => {
      if (!(await harborEntry.evaluate((element) => element === document.activeElement))) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(harborEntry).toBeFocused({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await page.keyboard.press('Enter');

    await expect(officeMenu(page, harbor)).toBeVisible();
    await expect(page.getByText(`You are now working in ${harbor}`)).toBeVisible();
    await expect(page.getByText(harborProject)).toBeVisible();

    // Harbor is Dana's own: its settings are hers to change.
    await officeMenu(page, harbor).click();
    await page.getByRole('menuitem', { name: 'Office settings' }).click();
    await expect(page).toHaveURL(/\/office\/settings$/);
    await expect(page.getByLabel('Office name')).toHaveValue(harbor);
    await expectAccessible(page, 'office settings page');
    const renamed = `${harbor} & Co`;
    await page.getByLabel('Office name').fill(renamed);
    await page.getByLabel('Age of majority').fill('12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Age of majority')).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(OFFICE_TEXTS.ageOfMajorityRange)),
    );
    await page.getByLabel('Age of majority').fill('18');
    const purges = page.getByRole('group', { name: RETENTION_TEXTS.section });
    await expect(purges.getByText(RETENTION_TEXTS.off)).toBeVisible();
    await page.getByLabel(OFFICE_TEXTS.retentionDays).fill('30');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Office settings saved')).toBeVisible();
    await expect(officeMenu(page, renamed)).toBeVisible();
    // With a retention set, the coming purges are previewed: none while no project of the office is archived.
    await expect(purges.getByText(RETENTION_TEXTS.intro(30))).toBeVisible();
    await expect(purges.getByText(RETENTION_TEXTS.none)).toBeVisible();
  });

  test('an owner connects other tools: an API token shown once and revoked, a webhook endpoint and its delivery log', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = person('Tova', 'Tooling');
    await signUpWithOffice(request, owner, `Tooling Casting ${suffix()}`);
    await signInViaUi(page, owner.email, PASSWORD);
    await page.goto('/office/settings');

    // A token with one scope: its secret is shown once, works for that scope, and is gone from the page after.
    const tokens = page.getByRole('group', { name: API_TOKEN_TEXTS.section });
    await tokens.getByRole('button', { name: API_TOKEN_TEXTS.create }).click();
    const creating = page.getByRole('dialog', { name: API_TOKEN_TEXTS.createTitle });
    await creating.getByLabel(API_TOKEN_TEXTS.name).fill('Website sync');
    await creating.getByRole('checkbox', { name: 'projects:read' }).check();
    await creating.getByRole('button', { name: API_TOKEN_TEXTS.create }).click();
    const shown = page.getByRole('dialog', { name: API_TOKEN_TEXTS.secretTitle });
    await expect(shown.getByText(API_TOKEN_TEXTS.secretWarning)).toBeVisible();
    const secret = await shown.getByLabel(API_TOKEN_TEXTS.secretLabel).inputValue();
    await expectAccessible(page, { label: 'new API token', include: '[role="dialog"]' });
    const bearer = { Authorization: `Bearer ${secret}` };
    expect((await request.get('/api/projects', { headers: bearer })).status()).toBe(200);
    await shown.getByRole('button', { name: API_TOKEN_TEXTS.done }).click();
    expect(await page.content()).not.toContain(secret);
    await tokens.getByRole('button', { name: API_TOKEN_TEXTS.revokeNamed('Website sync') }).click();
    const revoking = page.getByRole('dialog', { name: API_TOKEN_TEXTS.revokeTitle });
    await revoking.getByRole('button', { name: API_TOKEN_TEXTS.revoke }).click();
    await expect(tokens.getByText(/^Revoked /)).toBeVisible();
    expect((await request.get('/api/projects', { headers: bearer })).status()).toBe(401);

    // An endpoint on the journey's own receiver (test servers allow loopback): a test event arrives signed, and is logged.
    const receiver = await startReceiver();
    try {
      const hooks = page.getByRole('group', { name: WEBHOOK_TEXTS.section });
      await hooks.getByRole('button', { name: WEBHOOK_TEXTS.add }).click();
      const adding = page.getByRole('dialog', { name: WEBHOOK_TEXTS.createTitle });
      await adding.getByLabel(WEBHOOK_TEXTS.url).fill(receiver.url);
      await adding.getByRole('checkbox', { name: 'vote.changed' }).check();
      await adding.getByRole('button', { name: WEBHOOK_TEXTS.create }).click();
      const signing = await hooks.getByLabel(WEBHOOK_TEXTS.secretTitle).inputValue();
      await hooks.getByRole('button', { name: WEBHOOK_TEXTS.done }).click();
      await expect(hooks.getByText(receiver.url)).toBeVisible();
      await hooks.getByRole('button', { name: WEBHOOK_TEXTS.sendTest }).click();
      await expect(page.getByText(WEBHOOK_TEXTS.testSent)).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(1);
      const { body, headers } = receiver.received[0]!;
      expect(() => new Webhook(signing).verify(body, headers)).not.toThrow();
      await page.reload();
      await hooks.getByRole('button', { name: WEBHOOK_TEXTS.showDeliveries }).click();
      const log = hooks.getByRole('list', { name: WEBHOOK_TEXTS.showDeliveries });
      await expect(log.getByText('webhook.test')).toBeVisible();
      await expect(log.getByText(WEBHOOK_TEXTS.status.SUCCEEDED)).toBeVisible();
      await expect(log.getByText(/^HTTP 200 in \d+ ms$/)).toBeVisible();
      await expectAccessible(page, 'office settings with a webhook delivery log');
    } finally {
      await receiver.close();
    }
  });

  test('the operator sees the installation’s offices', async ({ page, request, admin }) => {
    const owner = person('Olga', 'Operated');
    const office = `Old Mill Casting ${suffix()}`;
    await signUpWithOffice(request, owner, office);

    await signInViaUi(page, admin.email, admin.password);
    await page.goto('/operator/offices');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Any status' }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: office }) });
    await expect(card).toBeVisible();
    await expectAccessible(page, 'operator offices page');
    await card.getByRole('button', { name: `Suspend ${office}` }).click();
    const confirm = page.getByRole('dialog', { name: `Suspend ${office}?` });
    await expectAccessible(page, { label: 'suspend confirmation', include: '[role="dialog"]' });
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText(`${office} is suspended`)).toBeVisible();
  });
});
