import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { phone } from './support/links';
import { apiAs, PASSWORD, person, signInElsewhere, signUpConfirmed } from './support/projects';

/*
 * Chat. Two team members chat about a candidate from two browsers and see each other's messages (and
 * votes) arrive without reloading; the candidate answers through the private link of the e-mail the team's message
 * sent, on a phone, and the answer appears in the team's conversation.
 */

type Api = Awaited<ReturnType<typeof apiAs>>;

async function seed(request: APIRequestContext) {
  const director = person('Dana', 'Whitford');
  await signUpConfirmed(request, director);
  const api: Api = await apiAs(request, director);
  const project = await api<{ id: string; name: string }>('POST', '/v2/projects', {
    name: `Night Ferry ${randomUUID().slice(0, 6)}`,
  });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Pilot' });
  const email = `mara-${randomUUID().slice(0, 8)}@talent.test`;
  const candidate = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
    projectId: project.id,
    roleId: role.id,
    firstName: 'Mara',
    lastName: 'Quint',
    email,
  });
  const editor = person('Eli', 'Moreno');
  await api('POST', `/projects/${project.id}/accesses`, {
    invitations: [{ email: editor.email, scope: 'PROJECT_EDITOR' }],
  });
  await signUpConfirmed(request, editor);
  return { director, editor, api, project, role, candidate, email };
}

/** The reply link of the newest chat mail to an address, as a path on this site. */
async function mailedReplyLink(
  request: APIRequestContext,
  email: string,
  containing: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) => message.text.includes(containing));
        const found = mail?.text.match(/https?:\/\/\S+\/chat\/reply\/\S+/)?.[0];
        link = found ? new URL(found).pathname + new URL(found).search : undefined;
        return link !== undefined;
      },
      { message: `a chat mail to ${email}`, timeout: 20_000 },
    )
    .toBe(true);
  return link!;
}

test.describe('chat on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('two team members see each other’s messages and votes live; the candidate replies through the e-mailed link', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { director, editor, project, role, candidate, email } = await seed(request);

    // The director reviews the candidate; the editor has the same candidate open elsewhere.
    await signInViaUi(page, director.email, PASSWORD);
    const workspace = `/projects/candidate/${project.id}?roleId=${role.id}&candidateId=${candidate.id}`;
    await page.goto(workspace);
    const preview = page.getByRole('region', { name: 'Mara Quint' });
    await expect(preview).toBeVisible();
    const colleague = await signInElsewhere(browser, editor);
    await colleague.goto(workspace);
    const colleaguePreview = colleague.getByRole('region', { name: 'Mara Quint' });
    await expect(colleaguePreview.getByText('No messages yet. Write the first one below.')).toBeVisible();
    const colleagueRow = colleague.getByRole('list', { name: 'Candidates' }).getByRole('listitem').filter({
      hasText: 'Mara Quint',
    });
    await expect(colleagueRow.getByRole('img', { name: /^Votes: Yes 0/ })).toBeVisible();

    // The director writes (with markup that must stay text) and votes.
    const text = 'Hi Mara, <b>can</b> you send a tape? Details: https://example.com/sides';
    await preview.getByRole('textbox', { name: 'Message' }).fill(text);
    // From the keyboard: sections above the composer may still grow as they load and move the button.
    await preview.getByRole('button', { name: 'Send', exact: true }).press('Enter');
    await expect(preview.getByRole('list', { name: 'Messages' })).toContainText('you send a tape?', {
      timeout: 15_000,
    });
    await preview.getByRole('button', { name: 'Yes Y' }).click();

    // The editor sees both without reloading.
    const colleagueMessages = colleaguePreview.getByRole('list', { name: 'Messages' });
    await expect(colleagueMessages).toContainText(text, { timeout: 15_000 });
    await expect(colleagueMessages.locator('b')).toHaveCount(0);
    await expect(colleagueMessages.getByRole('link', { name: 'https://example.com/sides' })).toBeVisible();
    await expect(colleagueRow.getByRole('img', { name: /^Votes: Yes 1/ })).toBeVisible({ timeout: 15_000 });
    await expectAccessible(colleague, 'candidate preview with chat');

    // The editor answers from the chat page; the director's preview shows it without reloading.
    await colleague.goto(`/projects/chat/${project.id}`);
    await colleague.getByRole('button', { name: /Mara Quint/ }).click();
    await colleague.getByRole('textbox', { name: 'Message' }).fill('I will follow up on Friday.');
    await colleague.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(preview.getByRole('list', { name: 'Messages' })).toContainText(
      'I will follow up on Friday.',
      {
        timeout: 15_000,
      },
    );
    // The composer is ready again (its Send button no longer reads 'Sending…') before axe reads its colours: a button
    // turning from disabled back to enabled is mid-transition for a moment.
    await expect(colleague.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
    await expect(colleague.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    await expectAccessible(colleague, 'chat page');
    // Opened again with messages on a short window, the director's preview shows its top (name and votes), not the
    // end of the chat.
    await page.setViewportSize({ width: 1440, height: 560 });
    await page.reload();
    await expect(preview.getByRole('list', { name: 'Messages' })).toContainText(
      'I will follow up on Friday.',
    );
    await expect(preview.getByRole('heading', { name: 'Mara Quint', level: 2 })).toBeInViewport();
    // The editor moves on to the overview; the project navigation will count what arrives.
    await colleague.goto(`/projects/overview/${project.id}`);
    const chatLink = colleague
      .getByRole('navigation', { name: 'Project navigation' })
      .getByRole('link', { name: /^Chat/ });
    await expect(chatLink).toHaveText('Chat');

    // The candidate opens the link of the first message's e-mail on a phone and replies.
    const link = await mailedReplyLink(request, email, 'you send a tape?');
    const talent = await phone(browser);
    await talent.goto(link);
    await expect(talent.getByRole('heading', { name: `Conversation about ${project.name}` })).toBeVisible();
    await expect(talent.getByRole('list', { name: 'Messages' })).toContainText('you send a tape?');
    await expectAccessible(talent, 'chat reply page');
    await talent.getByRole('textbox', { name: 'Your reply' }).fill('Yes! Sending it tonight.');
    // With a file: the reply page takes attachments as the team's composer does.
    await talent.getByLabel('Attach files').setInputFiles({
      name: 'availability.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 available all week'),
    });
    await expect(talent.getByRole('list', { name: 'Files to attach' })).toContainText('availability.pdf');
    await talent.getByRole('button', { name: 'Send reply' }).click();
    await expect(talent.getByRole('status')).toHaveText('Your reply was sent to the casting team.');
    await expect(talent.getByRole('link', { name: 'availability.pdf' })).toBeVisible();

    // The director sees the reply and its file in the open preview, the editor the unread count in the navigation,
    // both without reloading.
    await expect(preview.getByRole('list', { name: 'Messages' })).toContainText('Yes! Sending it tonight.', {
      timeout: 15_000,
    });
    await expect(preview.getByRole('link', { name: 'availability.pdf' })).toBeVisible();
    await expect(chatLink).toHaveAccessibleName('Chat (1 unread)', { timeout: 15_000 });

    // A tampered link is refused with what to do next.
    await talent.goto(link.replace(/token=(.)/, (_m, c: string) => `token=${c === 'A' ? 'B' : 'A'}`));
    await expect(talent.getByRole('alert')).toHaveText(/This reply link is not valid/);
  });
});

test.describe('chat on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chat page shows the list, marks all read or one unread, then the open conversation with a way back', async ({
    page,
    request,
  }) => {
    const { director, editor, api, project, candidate } = await seed(request);
    const thread = await api<{ id: string }>('POST', '/conversation-management/threads', {
      projectId: project.id,
      applicantId: candidate.applicantId,
    });
    await api('POST', `/conversation-management/threads/${thread.id}/messages`, { text: 'Welcome aboard' });
    const editorApi: Api = await apiAs(request, editor);
    await editorApi('POST', `/conversation-management/threads/${thread.id}/messages`, {
      text: 'Tape received',
    });
    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/chat/${project.id}`);
    const row = page.getByRole('button', { name: /Mara Quint/ });
    await expect(row).toContainText('1 unread');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(row).not.toContainText('unread');
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await row.click();
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText('Tape received');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'chat page on a phone');
    // Unread closes the conversation (an open one reads itself) and counts the colleague's message again.
    await page.getByRole('button', { name: 'Mark as unread' }).click();
    await expect(row).toContainText('1 unread');
    await row.click();
    await page.getByRole('button', { name: /Back to conversations/ }).click();
    await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  });
});
