import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Locator, Page, Route } from '@playwright/test';
import { SELF_TAPE_TEXTS } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { phone } from './support/links';
import { makeVideo } from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed, type Person } from './support/projects';

/*
 * Self-tapes: a director requests tapes from three candidates of an opportunity (one represented by an agency with two
 * agents, with agency review); a talent on a phone opens the mailed link, uploads a video, replaces it and submits; the
 * represented talent hands theirs to the agency, whose agent forwards it; the director sees both arrive live on the
 * tracking page, plays them, closes the request and sends the release notice to the third candidate.
 */

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/London' });

const ZONE = 'Europe/London';
const REQUEST_MAIL = /^Self-tape request:/;

/** The private page's path from the newest self-tape request mailed to `email`. */
async function mailedPage(request: APIRequestContext, email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) => REQUEST_MAIL.test(message.subject));
        path = mail?.text.match(/\/self-tapes\/[A-Za-z0-9_-]{20,}/)?.[0];
        return path;
      },
      { timeout: 30_000, message: `the self-tape request mailed to ${email}` },
    )
    .toBeTruthy();
  return path!;
}

/** `days` from now on the London clock, as a `datetime-local` input takes it ("2026-12-09T18:00"). */
function londonLocal(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
  return parts.replace(' ', 'T');
}

/** A fresh browser context (someone else's device) on one page. */
async function elsewhere(browser: Browser): Promise<Page> {
  return (await browser.newContext({ timezoneId: ZONE })).newPage();
}

/** Uploads one take on a private page and waits until the page lists it as the take. */
async function uploadTake(page: Page, name: string, bytes: Buffer) {
  await page.getByTestId('file-picker-input').setInputFiles({ name, mimeType: 'video/mp4', buffer: bytes });
  await expect(
    page.getByRole('list', { name: SELF_TAPE_TEXTS.takesToSubmit }).getByRole('listitem'),
  ).toHaveText([name], { timeout: 30_000 });
}

/** Plays a video (muted, as autoplay rules ask) and waits for its time to move on: the tape really plays. */
async function plays(video: Locator) {
  await expect(video).toBeVisible();
  // Started, not awaited: play() settles only once playback begins, and the poll below bounds the wait and names it.
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play().catch(() => undefined);
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
}

test('a director requests self-tapes, a talent submits from a phone, an agent forwards another, the director plays them and releases the third', async ({
  page,
  request,
  browser,
}) => {
  // About a minute on a quiet machine; four people's browsers and three video uploads took close to two beside
  // another journey on a busy 2-core machine.
  test.setTimeout(180_000);
  const suffix = randomUUID().slice(0, 6);
  const director = person('Rhea', 'Lindqvist');
  const agent = person('Ari', 'Mendes');
  const coAgent = person('Bea', 'Santos');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const project = await api<{ id: string }>('POST', '/v2/projects', { name: `Saltmarsh ${suffix}` });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Ferryman' });
  const email = (name: string) => `${name.toLowerCase()}-${suffix}@talent.test`;
  const candidates: Record<string, string> = {};
  for (const [firstName, lastName] of [
    ['Ines', 'Marlow'],
    ['Tomas', 'Reed'],
    ['Vera', 'Quill'],
  ] as const) {
    const added = await api<{ applicantId: string }>('POST', '/projects/admin/applicants', {
      projectId: project.id,
      roleId: role.id,
      firstName,
      lastName,
      email: email(firstName),
    });
    candidates[firstName] = added.applicantId;
  }
  // Tomas is represented by an agency with two agents: the second joins the agency the first one made.
  const named = (who: Person) => ({ firstName: who.firstName, lastName: who.lastName, email: who.email });
  const first = await api<{ agency: { agencyId: string } }>(
    'POST',
    `/v2/projects/${project.id}/applicants/${candidates.Tomas}/representatives`,
    { agent: named(agent), agency: { name: `Tidewater Talent ${suffix}` } },
  );
  await api('POST', `/v2/projects/${project.id}/applicants/${candidates.Tomas}/representatives`, {
    agent: named(coAgent),
    agencyId: first.agency.agencyId,
  });
  const take = makeVideo(1, 3);

  await test.step('the director requests tapes from the three candidates', async () => {
    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/candidate/${project.id}?roleId=${role.id}`);
    for (const name of ['Ines Marlow', 'Tomas Reed', 'Vera Quill']) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    }
    await page.getByRole('button', { name: SELF_TAPE_TEXTS.request }).click();
    const dialog = page.getByRole('dialog', { name: SELF_TAPE_TEXTS.dialogTitle });
    await dialog.getByLabel(SELF_TAPE_TEXTS.title, { exact: true }).fill('Ferry scene');
    await dialog
      .getByLabel(SELF_TAPE_TEXTS.instructions, { exact: true })
      .fill('Read the ferry scene, both pages.');
    await dialog.getByLabel(`${SELF_TAPE_TEXTS.deadline} (${ZONE})`).fill(londonLocal(10));
    await dialog.getByLabel(SELF_TAPE_TEXTS.agencyReview).check();
    await dialog.getByLabel(`${SELF_TAPE_TEXTS.agencyDeadline} (${ZONE})`).fill(londonLocal(8));
    await expectAccessible(page, { label: 'self-tape request dialog', include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: SELF_TAPE_TEXTS.send }).click();
    await expect(
      page.getByRole('heading', { name: `${SELF_TAPE_TEXTS.tracking}: Ferry scene` }),
    ).toBeVisible();
    // Ines and Vera directly; Tomas through both agents and, for the agency's review, himself.
    await expect(
      page.getByText(SELF_TAPE_TEXTS.totals({ recipients: 5, submitted: 0, declined: 0 })),
    ).toBeVisible();
    await expectAccessible(page, 'self-tape tracking page');
  });

  const recipients = page.getByRole('list', { name: SELF_TAPE_TEXTS.recipients });
  const row = (name: string) =>
    recipients.getByRole('listitem').filter({ hasText: name }).filter({ hasNotText: '@' });

  await test.step('a talent on a phone uploads a video, replaces it and submits', async () => {
    const talent = await phone(browser);
    await talent.goto(await mailedPage(request, email('Ines')));
    await expect(talent.getByRole('heading', { name: 'Ferry scene', level: 1 })).toBeVisible();
    await expect(talent.getByText(/^Due in \d+ d \d+ h, /)).toBeVisible();
    // The office sees the link opened, without reloading.
    await expect(row('Ines Marlow')).toContainText(SELF_TAPE_TEXTS.statuses.OPENED);
    await expectAccessible(talent, 'self-tape private page at 375 px');
    await uploadTake(talent, 'ines-take-1.mp4', take);
    await expect(talent.getByText(SELF_TAPE_TEXTS.replace)).toBeVisible();
    // While the new take goes up (held here until the page has been looked at), submitting would send the old one:
    // the button waits for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holdFilePut = async (route: Route) => {
      if (route.request().method() === 'PUT' && !route.request().url().includes('/api/self-tape-page/'))
        await held;
      await route.fallback();
    };
    await talent.route('**/*', holdFilePut);
    const submit = talent.getByRole('button', { name: SELF_TAPE_TEXTS.submit });
    const replaced = uploadTake(talent, 'ines-take-2.mp4', take);
    await expect(talent.getByRole('list', { name: 'Uploads' })).toContainText('ines-take-2.mp4');
    await expect(submit).toBeDisabled();
    release();
    await replaced;
    await talent.unroute('**/*', holdFilePut);
    const width = await talent.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await submit.click();
    await expect(talent.getByRole('status')).toHaveText(SELF_TAPE_TEXTS.submitted);
    await talent.context().close();
    await expect(row('Ines Marlow')).toContainText(SELF_TAPE_TEXTS.statuses.SUBMITTED);
  });

  await test.step('the represented talent hands in to the agency; an agent forwards it', async () => {
    const talent = await elsewhere(browser);
    await talent.goto(await mailedPage(request, email('Tomas')));
    await uploadTake(talent, 'tomas-take.mp4', take);
    await talent.getByRole('button', { name: SELF_TAPE_TEXTS.submit }).click();
    await expect(talent.getByRole('status')).toHaveText(SELF_TAPE_TEXTS.awaitingReview);
    // Handed in, the takes wait for the agent: nothing is offered that would be refused meanwhile.
    await expect(talent.getByRole('button')).toHaveCount(0);
    await talent.context().close();
    // Nothing reaches the office while the agency reviews.
    await expect(
      page.getByText(SELF_TAPE_TEXTS.totals({ recipients: 5, submitted: 1, declined: 0 })),
    ).toBeVisible();
    // Both agents of the agency were asked.
    await mailedPage(request, coAgent.email);
    const agentPage = await elsewhere(browser);
    await agentPage.goto(await mailedPage(request, agent.email));
    const review = agentPage.getByRole('region', { name: SELF_TAPE_TEXTS.reviewTakes });
    await expect(review).toContainText(SELF_TAPE_TEXTS.reviewStates.PENDING);
    // The agent watches the take on the page before answering.
    await plays(review.getByLabel('tomas-take.mp4', { exact: true }));
    await review.getByRole('button', { name: SELF_TAPE_TEXTS.forward }).click();
    await expect(review).toContainText(SELF_TAPE_TEXTS.reviewStates.FORWARDED);
    await agentPage.context().close();
    await expect(row('Tomas Reed')).toContainText(SELF_TAPE_TEXTS.statuses.SUBMITTED);
    await expect(
      page.getByText(SELF_TAPE_TEXTS.totals({ recipients: 5, submitted: 2, declined: 0 })),
    ).toBeVisible();
  });

  await test.step('the director plays the tapes received', async () => {
    await page.getByRole('link', { name: SELF_TAPE_TEXTS.receivedView }).click();
    const list = page.getByRole('list', { name: 'Candidates' }).getByRole('listitem');
    await expect(list).toHaveCount(2);
    for (const [name, file] of [
      ['Ines Marlow', 'ines-take-2.mp4'],
      ['Tomas Reed', 'tomas-take.mp4'],
    ] as const) {
      await list
        .filter({ hasText: name })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      const media = page.getByRole('region', { name }).getByRole('region', { name: 'Media' });
      // One tape each: the take Ines replaced never reached the office.
      await expect(media.getByRole('list', { name: 'Media' }).getByRole('listitem')).toHaveCount(1);
      await media.getByRole('button', { name: `Open ${file}` }).click();
      const viewer = page.getByRole('dialog', { name: new RegExp(file.replace('.', '\\.')) });
      await plays(viewer.getByLabel(file, { exact: true }));
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();
    }
  });

  await test.step('the director closes the request and releases the third candidate', async () => {
    // Back to the request through the project's list of requests.
    await page.getByRole('link', { name: SELF_TAPE_TEXTS.requests }).click();
    await expect(page.getByRole('heading', { name: SELF_TAPE_TEXTS.requests, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Ferry scene' }).click();
    await page.getByRole('button', { name: SELF_TAPE_TEXTS.closeRequest }).click();
    const keep = page.getByRole('group', { name: SELF_TAPE_TEXTS.keepLegend });
    await keep.getByRole('checkbox', { name: 'Ines Marlow' }).check();
    await keep.getByRole('checkbox', { name: 'Tomas Reed' }).check();
    await page.getByRole('button', { name: SELF_TAPE_TEXTS.sendRelease }).click();
    await expect(page.getByRole('status').filter({ hasText: SELF_TAPE_TEXTS.releaseDone(1) })).toBeVisible();
    await expect
      .poll(async () => (await outbox(request, email('Vera'))).map((mail) => mail.subject), {
        message: 'the release notice mailed to Vera',
      })
      .toContain(`Update on Saltmarsh ${suffix}`);
    for (const kept of ['Ines', 'Tomas']) {
      const subjects = (await outbox(request, email(kept))).map((mail) => mail.subject);
      expect(subjects).not.toContain(`Update on Saltmarsh ${suffix}`);
    }
    // Vera's link now tells her the request is closed, and offers nothing that would be refused.
    const vera = await phone(browser);
    await vera.goto(await mailedPage(request, email('Vera')));
    await expect(vera.getByRole('status')).toHaveText(SELF_TAPE_TEXTS.requestClosed);
    await expect(vera.getByRole('button')).toHaveCount(0);
    await vera.context().close();
  });
});
