import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { AGENCY_REVIEW_TEXTS } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test, type Credentials } from './support/fixtures';
import { makeJpeg } from './support/media';
import { acceptTerms, agencyThroughLink, apiLink, phone, projectWithRoles } from './support/links';
import { apiAs, PASSWORD, person, signInElsewhere, signUpConfirmed, type Person } from './support/projects';

/**
 * The talent-submitter (agency) flow end to end, and an apply with a photo that the casting team
 * then sees on the candidate.
 */

const CSRF = { 'X-Requested-With': 'casting-web' };

/** A super admin's bearer-token calls (verifying agencies and agents is theirs alone). */
async function adminApi(request: APIRequestContext, admin: Credentials) {
  const signedIn = await request.post('/api/auth/sign-in', { headers: CSRF, data: admin });
  expect(signedIn.status(), 'POST /api/auth/sign-in as the super admin').toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  return async function call<T>(method: 'GET' | 'PATCH', path: string, data?: unknown): Promise<T> {
    const response = await request.fetch(`/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      data,
    });
    expect(response.ok(), `${method} /api${path} answered ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  };
}

const candidateRows = (page: Page) => page.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
const folderNav = (page: Page) => page.getByRole('navigation', { name: 'Opportunities and folders' });

async function signInAs(browser: Browser, credentials: Credentials): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaUi(page, credentials.email, credentials.password);
  return page;
}

test.describe('the talent-submitter (agency) flow', () => {
  test('an agent on the team makes an agency-review link, submits a client, the team sees it only in the submitter folders while the agency reviews, and the agent sends it on', async ({
    page,
    request,
    browser,
    admin,
  }) => {
    test.setTimeout(240_000);
    const suffix = randomUUID().slice(0, 6);
    const director = person('Dana', 'Okafor');
    const agent = person('Ari', 'Mendes');
    const talentEditor = person('Tomas', 'Reyes');
    const client: Person = person('Lia', 'Moreno');
    const agencyName = `Northside Talent ${suffix}`;
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Harbor Lights ${suffix}`, ['Lead']);
    // The agency and its agent exist because a talent once named the agent on an apply page; a super admin then
    // verifies both, so the agent may pre-fill links with their agency.
    const setup = await apiLink(request, director, project.id, {
      title: 'Setup',
      roleIds: [project.roles.Lead],
    });
    await agencyThroughLink(request, setup.token, agencyName, agent);
    const asAdmin = await adminApi(request, admin);
    const found = await asAdmin<{ items: { id: string; agents: { id: string }[] }[] }>(
      'GET',
      `/users/agencies/search?text=${encodeURIComponent(agencyName)}`,
    );
    const agency = found.items[0]!;
    await asAdmin('PATCH', `/users/agencies/${agency.id}`, { isVerified: true });
    await asAdmin('PATCH', `/users/agents/${agency.agents[0]!.id}`, { isVerified: true });
    // The director shares the Lead opportunity with the agency (a link pre-filled with it): a talent submitter works
    // only in the opportunities shared with their agency.
    await apiLink(request, director, project.id, {
      title: 'For Northside',
      roleIds: [project.roles.Lead],
      agencyIds: [agency.id],
    });
    // The director adds the agent to the team as a talent submitter, and a talent editor.
    const asDirector = await apiAs(request, director);
    await asDirector('POST', `/projects/${project.id}/accesses`, {
      invitations: [
        { email: agent.email, scope: 'TALENT_SUBMITTER' },
        { email: talentEditor.email, scope: 'TALENT_EDITOR' },
      ],
    });
    // The agent signs up with the e-mail their agent record carries: the record becomes theirs.
    await signUpConfirmed(request, agent);
    await signUpConfirmed(request, talentEditor);

    // The agent makes a link: only the review and communication settings, their agency filled in for them.
    await signInViaUi(page, agent.email, PASSWORD);
    await page.goto(`/projects/${project.id}/applicant-links`);
    await expect(page.getByRole('heading', { name: 'Candidate submission links' })).toBeVisible();
    await page.getByRole('button', { name: 'Create link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Candidate Submission Link(s)' });
    await expect(dialog.getByLabel('Agencies and agents')).toHaveCount(0);
    await expect(dialog.getByRole('switch', { name: 'Show project details' })).toHaveCount(0);
    await expect(dialog.getByRole('switch', { name: 'Change Agency' })).toHaveCount(0);
    await dialog.getByLabel('Title').fill('Northside clients');
    await dialog.getByLabel('Lead').check();
    const review = dialog.getByRole('switch', { name: 'Agency review' });
    await review.check();
    await expect(review).toBeChecked();
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Candidate submission link created successfully')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Northside clients' });
    await expect(row).toContainText(agencyName);
    // Copying (cloning) a link is the casting team's, not a talent submitter's.
    await expect(row.getByRole('button', { name: /^Clone/ })).toHaveCount(0);
    const asAgent = await apiAs(request, agent);
    const links = await asAgent<{ items: { id: string; title: string; link: string }[] }>(
      'GET',
      `/v2/projects/${project.id}/share-links?limit=50`,
    );
    const agencyLink = links.items.find((item) => item.title === 'Northside clients')!;
    const address = agencyLink.link;

    // The agent submits a client through it, naming themself as the representative.
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Northside clients', level: 1 })).toBeVisible();
    await page.getByLabel('First name').fill(client.firstName);
    await page.getByLabel('Last name').fill(client.lastName);
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Phone number').fill('2025550188');
    await page.getByLabel(`${agent.firstName} ${agent.lastName}, ${agencyName}`).check();
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Review submission' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm submission' });
    await expect(confirm).toContainText(`${client.firstName} ${client.lastName}`);
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: /Your submission has been received/ })).toBeVisible();

    // The agent sees the client in their For Review folder; nobody else acts there.
    const workspace = `/projects/candidate/${project.id}?roleId=${project.roles.Lead}`;
    const clientName = `${client.firstName} ${client.lastName}`;
    await page.goto(workspace);
    await folderNav(page)
      .getByRole('link', { name: /^For Review/ })
      .click();
    await expect(candidateRows(page).filter({ hasText: clientName })).toHaveCount(1);

    // The agent chats about their own client from the preview and sees the team's answer arrive live.
    await candidateRows(page)
      .filter({ hasText: clientName })
      .getByRole('button', { name: new RegExp(clientName) })
      .click();
    const preview = page.getByRole('region', { name: clientName });
    await preview.getByRole('textbox', { name: 'Message' }).fill('Lia is free all week.');
    // Sent from the keyboard: the preview may still scroll to its top as its sections load, and a pointer click
    // aimed at the button's old place would land elsewhere (a busy CI run lost one that way).
    await preview.getByRole('button', { name: 'Send', exact: true }).press('Enter');
    const messages = preview.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText('Lia is free all week.', { timeout: 15_000 });
    const threads = await asDirector<{ items: { id: string }[] }>(
      'GET',
      `/conversation-management/threads?projectId=${project.id}`,
    );
    await asDirector('POST', `/conversation-management/threads/${threads.items[0]!.id}/messages`, {
      text: 'Thanks, noted.',
    });
    await expect(messages).toContainText('Thanks, noted.', { timeout: 15_000 });

    // The agent invites someone through their link: the person waits in the agency's Invited folder.
    const templates = await asAgent<{ items: { id: string; starterKey: string | null }[] }>(
      'GET',
      `/v2/projects/${project.id}/email-templates`,
    );
    await asAgent('POST', `/v2/projects/${project.id}/candidate-invitations`, {
      roleId: project.roles.Lead,
      shareLinkId: agencyLink.id,
      templateId: templates.items.find((item) => item.starterKey === 'INVITATION')!.id,
      people: [{ email: `noor-${suffix}@talent.test`, firstName: 'Noor', lastName: 'Haddad' }],
    });
    await page.goto(workspace);
    await folderNav(page)
      .getByRole('link', { name: /^Invited/ })
      .click();
    await expect(candidateRows(page).filter({ hasText: 'Noor Haddad' })).toHaveCount(1);

    // The talent editor works in the casting folders: no submitter folders, and neither the client (while the agency
    // reviews them) nor the invitee (until they apply) is anywhere of theirs, not even in New Submissions or Everyone.
    const editorPage = await signInElsewhere(browser, talentEditor);
    await editorPage.goto(workspace);
    await expect(folderNav(editorPage).getByRole('link', { name: /^Selects/ })).toBeVisible();
    await expect(folderNav(editorPage).getByRole('link', { name: /^For Review/ })).toHaveCount(0);
    await expect(
      folderNav(editorPage).getByRole('link', { name: 'New Submissions 0 candidates' }),
    ).toBeVisible();
    await expect(editorPage.getByText('No candidates yet.')).toBeVisible();
    await expect(editorPage.getByRole('checkbox', { name: `Select ${clientName}` })).toHaveCount(0);
    await expect(editorPage.getByRole('button', { name: 'Show submitter folders' })).toHaveCount(0);
    // What the agency still holds is in none of the team's folders, so the office is told how many wait, and where.
    const waitingLine = AGENCY_REVIEW_TEXTS.waiting(1, [{ agencyName, count: 1 }]);
    await expect(editorPage.getByRole('status').filter({ hasText: waitingLine })).toBeVisible();
    await expectAccessible(
      editorPage,
      'candidates workspace, the casting team told what waits in agency review',
    );

    // The office's owner (the director who signed up) acts as SA in its projects: they switch to the submitter
    // folders and find the client under review.
    const adminPage = await signInAs(browser, { email: director.email, password: PASSWORD });
    await adminPage.goto(workspace);
    await adminPage.getByRole('button', { name: 'Show submitter folders' }).click();
    await folderNav(adminPage)
      .getByRole('link', { name: /^For Review/ })
      .click();
    await expect(candidateRows(adminPage).filter({ hasText: clientName })).toHaveCount(1);
    await adminPage.context().close();

    // The agent sends the client on to casting from the candidate's preview in For Review, after a question that
    // names how many go and who will see them; the client leaves the agency's folder.
    await page.goto(workspace);
    await folderNav(page)
      .getByRole('link', { name: /^For Review/ })
      .click();
    await candidateRows(page)
      .filter({ hasText: clientName })
      .getByRole('button', { name: new RegExp(clientName) })
      .click();
    await page
      .getByRole('region', { name: clientName })
      .getByRole('button', { name: AGENCY_REVIEW_TEXTS.sendToCasting })
      .click();
    const ask = page
      .getByRole('alertdialog', { name: AGENCY_REVIEW_TEXTS.confirmTitle(1) })
      .or(page.getByRole('dialog', { name: AGENCY_REVIEW_TEXTS.confirmTitle(1) }));
    await expect(ask).toContainText(AGENCY_REVIEW_TEXTS.confirmMessage(1));
    await expectAccessible(page, 'candidates workspace, talent submitter asked before sending to casting');
    await ask.getByRole('button', { name: AGENCY_REVIEW_TEXTS.confirmSend(1) }).click();
    await expect(page.getByText(AGENCY_REVIEW_TEXTS.sent(1))).toBeVisible();
    await expect(candidateRows(page).filter({ hasText: clientName })).toHaveCount(0);
    // Nothing waits for the agency's review any more on the links page either.
    await page.goto(`/projects/${project.id}/applicant-links`);
    const waiting = page.getByRole('region', { name: 'Waiting for your review' });
    await expect(waiting.getByText('Nothing waiting for review.')).toBeVisible();
    await expectAccessible(page, 'applicant links page, talent submitter');

    // Now the talent editor finds the client in New Submissions.
    await editorPage.reload();
    await folderNav(editorPage)
      .getByRole('link', { name: /^New Submissions/ })
      .click();
    await expect(candidateRows(editorPage).filter({ hasText: clientName })).toHaveCount(1);
    await expect(editorPage.getByText(waitingLine)).toHaveCount(0);
    await editorPage.context().close();
  });
});

test.describe('apply with a photo', () => {
  test('a talent adds a headshot through the upload queue on a phone; the casting team sees it on the candidate', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const suffix = randomUUID().slice(0, 6);
    const director = person('Noor', 'Haddad');
    const talent = person('Tess', 'Alvarez');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Night Shift ${suffix}`, ['Lead']);
    const created = await apiLink(request, director, project.id, {
      title: 'Open call',
      roleIds: [project.roles.Lead],
    });

    const mobile = await phone(browser);
    await mobile.goto(created.link);
    await expect(mobile.getByRole('heading', { name: 'Open call', level: 1 })).toBeVisible();
    await mobile.getByLabel('First name').fill(talent.firstName);
    await mobile.getByLabel('Last name').fill(talent.lastName);
    await mobile.getByLabel('Email').fill(talent.email);
    await mobile.getByLabel('Phone number').fill('2025550143');
    await mobile.getByLabel(/^Gender/).selectOption({ label: 'Female' });
    const representation = mobile.getByLabel('I don’t have representation');
    if (await representation.count()) await representation.check();
    await mobile
      .getByTestId('file-picker-input')
      .setInputFiles([{ name: 'headshot.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg() }]);
    const queue = mobile.getByRole('list', { name: 'Uploads' });
    await expect(queue.getByRole('listitem').filter({ hasText: 'headshot.jpg' })).toContainText(
      /Uploaded|Processing|Done/,
      { timeout: 30_000 },
    );
    await acceptTerms(mobile);
    await mobile.getByRole('button', { name: 'Review submission' }).click();
    const confirm = mobile.getByRole('dialog', { name: 'Confirm submission' });
    await expect(confirm.getByText('Files')).toBeVisible();
    await expect(confirm).toContainText('1');
    await confirm.getByRole('button', { name: 'Submit' }).click();
    await expect(mobile.getByRole('heading', { name: /Your submission has been received/ })).toBeVisible();

    // The director finds the talent in New Submissions with the headshot as their picture.
    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/candidate/${project.id}?roleId=${project.roles.Lead}`);
    const row = candidateRows(page).filter({ hasText: `${talent.firstName} ${talent.lastName}` });
    await expect(row).toHaveCount(1);
    const picture = row.locator('img');
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  });
});
