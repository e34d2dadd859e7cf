import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { accessTokenOf, makeVideo, seedCandidate, uploadThroughApi } from './support/media';
import { apiAs, PASSWORD, person, signInElsewhere, signUpConfirmed } from './support/projects';

/*
 * Deciding faster: a director leaves a time-coded note on a tape that a colleague watching the same tape sees appear,
 * rates two candidates side by side, builds a presentation in her order and shares it; a producer on the client link
 * sees it in that order with her e-mail over the tape and adds a time-coded note, which the colleague watching that
 * tape sees arrive; the presentation's PDF downloads.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The newest mailed review code to `email`. */
async function reviewCode(request: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) => /review code/i.test(message.subject));
        code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  return code;
}

/** Opens a candidate's tape in the team's media viewer and waits until its length is known (markers need it). */
async function openTape(page: Page, preview: Locator, name: string): Promise<Locator> {
  await preview.getByRole('button', { name: `Open ${name}` }).click();
  const viewer = page.getByRole('dialog', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(viewer).toBeVisible();
  await expect
    .poll(() => viewer.locator('video').evaluate((video: HTMLVideoElement) => video.duration || 0))
    .toBeGreaterThan(0);
  return viewer;
}

test('a director notes and rates, presents in her order; a producer reviews it in order and notes; the PDF downloads', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const director = person('Noor', 'Castell');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const token = await accessTokenOf(request, director);
  const ines = await seedCandidate(api, 'Ines', 'Marlow');
  const added = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
    projectId: ines.projectId,
    roleId: ines.roleId,
    firstName: 'Tomas',
    lastName: 'Reed',
    email: `tomas-${randomUUID().slice(0, 6)}@talent.test`,
  });
  const tomas = { ...ines, applicantId: added.applicantId, rowId: added.id };
  for (const [seeded, name] of [
    [ines, 'ines-tape.mp4'],
    [tomas, 'tomas-tape.mp4'],
  ] as const) {
    await uploadThroughApi(request, token, seeded, name, makeVideo(1, 3), 'video/mp4');
  }
  const editor = person('Eli', 'Moreno');
  await api('POST', `/projects/${ines.projectId}/accesses`, {
    invitations: [{ email: editor.email, scope: 'PROJECT_EDITOR' }],
  });
  await signUpConfirmed(request, editor);

  // Director and colleague both watch Ines's tape.
  const workspace = `/projects/candidate/${ines.projectId}?roleId=${ines.roleId}`;
  await signInViaUi(page, director.email, PASSWORD);
  await page.goto(`${workspace}&candidateId=${ines.rowId}`);
  const viewer = await openTape(page, page.getByRole('region', { name: 'Ines Marlow' }), 'ines-tape.mp4');
  const colleague = await signInElsewhere(browser, editor);
  await colleague.goto(`${workspace}&candidateId=${ines.rowId}`);
  const colleagueViewer = await openTape(
    colleague,
    colleague.getByRole('region', { name: 'Ines Marlow' }),
    'ines-tape.mp4',
  );
  const marker = 'Note by Noor Castell at 0:01';
  await expect(colleagueViewer.getByRole('button', { name: marker })).toHaveCount(0);

  // The director notes a moment of the tape, for the team and client links.
  await viewer.locator('video').evaluate((video: HTMLVideoElement) => {
    video.pause();
    video.currentTime = 1.5;
  });
  await viewer.getByRole('button', { name: 'Add a note at 0:01' }).click();
  await viewer.getByRole('textbox', { name: 'Add a note at 0:01' }).fill('Lovely pause before the line');
  await viewer.getByRole('combobox', { name: 'Visible to' }).selectOption('CLIENT_LINKS');
  await viewer.getByRole('button', { name: 'Add note' }).click();
  await expect(viewer.getByRole('button', { name: marker })).toBeVisible();
  // The colleague's marker arrives without a reload.
  await expect(colleagueViewer.getByRole('button', { name: marker })).toBeVisible({ timeout: 15_000 });
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  // The colleague moves on to Tomas's tape, where the client's note will arrive.
  await colleague.goto(`${workspace}&candidateId=${tomas.rowId}`);
  const tomasTape = await openTape(
    colleague,
    colleague.getByRole('region', { name: 'Tomas Reed' }),
    'tomas-tape.mp4',
  );

  // Both candidates, side by side: the director rates each beside her votes.
  await page.goto(workspace);
  for (const name of ['Ines Marlow', 'Tomas Reed']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('link', { name: 'Compare 2' }).click();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  for (const [name, score] of [
    ['Ines Marlow', 4],
    ['Tomas Reed', 5],
  ] as const) {
    const rating = page.getByRole('group', { name: `Your rating: ${name}` });
    await rating.getByRole('button', { name: `Rate ${score} of 5` }).click();
    await expect(rating.getByRole('button', { name: `Rate ${score} of 5` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  // A presentation of the two, named on creation, Tomas first (dragged above Ines).
  await page.goto(workspace);
  for (const name of ['Ines Marlow', 'Tomas Reed']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('button', { name: 'Create presentation' }).click();
  const naming = page.getByRole('dialog', { name: 'Name the presentation' });
  await naming.getByRole('textbox', { name: 'Title' }).fill('Keeper shortlist');
  await naming.getByRole('button', { name: 'Create' }).click();
  const editorView = page.getByRole('region', { name: 'Keeper shortlist' });
  const items = editorView.getByTestId('presentation-item');
  await expect(items).toHaveCount(2);
  const order = () => items.evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent));
  const first = (await order())[0];
  const [top, bottom] = first === 'Ines Marlow' ? [items.nth(0), items.nth(1)] : [items.nth(1), items.nth(0)];
  await bottom.dragTo(top);
  await expect.poll(order).toEqual(['Tomas Reed', 'Ines Marlow']);
  // The same from the keyboard, and back.
  await editorView.getByRole('button', { name: 'Move Tomas Reed down' }).press('Enter');
  await expect.poll(order).toEqual(['Ines Marlow', 'Tomas Reed']);
  await editorView.getByRole('button', { name: 'Move Tomas Reed up' }).press('Enter');
  await expect.poll(order).toEqual(['Tomas Reed', 'Ines Marlow']);
  await expect(page.getByRole('navigation', { name: 'Project navigation' })).toContainText('Presentations');
  await expectAccessible(page, 'presentation editor');

  await editorView.getByRole('button', { name: 'Share with a client' }).click();
  const address = editorView.getByRole('textbox', { name: 'Client link address' });
  await expect(address).toHaveValue(/\/client\/review-submission\/[A-Za-z0-9_-]{24}$/);
  const link = new URL(await address.inputValue());
  await editorView.getByRole('button', { name: 'Make PDF' }).click();

  // The producer identifies on the link and finds the candidates in the director's order.
  const producerContext = await browser.newContext();
  const producer = await producerContext.newPage();
  const producerEmail = `paula-${randomUUID().slice(0, 8)}@studio.test`;
  await producer.goto(link.pathname);
  await producer.getByRole('textbox', { name: 'Your name' }).fill('Paula Producer');
  await producer.getByRole('textbox', { name: 'Your e-mail' }).fill(producerEmail);
  await producer.getByRole('button', { name: 'Send me a code' }).click();
  await producer
    .getByRole('textbox', { name: '6-digit code' })
    .fill(await reviewCode(request, producerEmail));
  await producer.getByRole('button', { name: 'Open the review' }).click();
  await expect(producer.getByRole('heading', { name: 'Keeper shortlist' })).toBeVisible();
  const shown = producer.getByRole('button', { name: /Tomas Reed|Ines Marlow/ });
  await expect(shown).toHaveCount(2);
  expect(await shown.allInnerTexts()).toEqual([
    expect.stringContaining('Tomas Reed'),
    expect.stringContaining('Ines Marlow'),
  ]);
  await shown.first().click();
  await expect(producer.getByRole('heading', { name: 'Tomas Reed' })).toBeVisible();
  await expect(producer.locator(`[data-watermark="${producerEmail}"]`).first()).toBeVisible();

  // In the full-screen viewer she adds a note at a moment of the tape.
  await producer.getByRole('button', { name: 'Full screen' }).click();
  const clientViewer = producer.getByRole('dialog', { name: /tomas-tape\.mp4/ });
  await expect(clientViewer.getByText(producerEmail).first()).toBeVisible();
  await expect
    .poll(() => clientViewer.locator('video').evaluate((video: HTMLVideoElement) => video.duration || 0))
    .toBeGreaterThan(0);
  await clientViewer.locator('video').evaluate((video: HTMLVideoElement) => {
    video.pause();
    video.currentTime = 2.2;
  });
  await clientViewer.getByRole('button', { name: 'Add a note at 0:02' }).click();
  await clientViewer.getByRole('textbox', { name: 'Add a note at 0:02' }).fill('Love this reading');
  await clientViewer.getByRole('button', { name: 'Add note' }).click();
  const clientMarker = 'Note by Paula Producer at 0:02';
  await expect(clientViewer.getByRole('button', { name: clientMarker })).toBeVisible();
  await producerContext.close();
  // The team watching that tape sees the client's note arrive.
  await expect(tomasTape.getByRole('button', { name: clientMarker })).toBeVisible({ timeout: 15_000 });
  await colleague.context().close();

  // The PDF is ready and its download link works.
  await expect(editorView.getByRole('status').filter({ hasText: 'PDF ready' })).toBeVisible({
    timeout: 60_000,
  });
  const download = page.waitForEvent('download');
  await editorView.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Keeper shortlist.pdf');
  expect((await file.failure()) ?? null).toBeNull();
});
