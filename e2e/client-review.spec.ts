import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { adminUpdateUser } from './support/identity';
import { phone } from './support/links';
import { accessTokenOf, makeVideo, seedCandidate, uploadThroughApi } from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * A director shares two candidates with a producer, who has no account and reviews on a 375 px phone: she
 * identifies with the code mailed to her, watches a tape, votes and comments; the director sees the vote arrive
 * without reloading, exports the feedback (mailed), gives the link a new address (the old one stops, her vote stays),
 * then revokes the link, and the producer's next request shows the revoked page.
 */

/** The producer identifies on a link's page with the code mailed to her (a code other than `previous`). */
async function identifyOnPhone(
  producer: Page,
  request: APIRequestContext,
  link: URL,
  email: string,
  previous?: string,
) {
  await producer.goto(link.pathname);
  await expect(producer).toHaveURL(/\/client\/review-submission\/auth\?link=/);
  await producer.getByRole('textbox', { name: 'Your name' }).fill('Paula Producer');
  await producer.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await producer.getByRole('button', { name: 'Send me a code' }).click();
  let code = '';
  await expect
    .poll(async () => {
      code = /is (\d{6})\./.exec(await newestMail(request, email, /review code/i))?.[1] ?? '';
      return code !== '' && code !== previous;
    })
    .toBe(true);
  await producer.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await producer.getByRole('button', { name: 'Open the review' }).click();
  await expect(producer.getByRole('heading', { name: 'Lighthouse selects' })).toBeVisible();
  return code;
}

async function newestMail(request: APIRequestContext, email: string, subject: RegExp) {
  let text = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) => subject.test(message.subject));
        text = mail?.text ?? '';
        return text;
      },
      { timeout: 30_000, message: `a mail matching ${subject} to ${email}` },
    )
    .not.toBe('');
  return text;
}

test('a director shares two candidates; a producer on a phone reviews them; the director sees it live, exports and revokes', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const director = person('Dana', 'Whitford');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const seeded = await seedCandidate(api, 'Rae', 'Holm');
  await api('POST', '/projects/admin/applicants', {
    projectId: seeded.projectId,
    roleId: seeded.roleId,
    firstName: 'Theo',
    lastName: 'Marsh',
    email: `theo-${randomUUID().slice(0, 6)}@talent.test`,
  });
  const token = await accessTokenOf(request, director);
  await uploadThroughApi(
    request,
    token,
    { projectId: seeded.projectId, applicantId: seeded.applicantId },
    'rae-selftape.mp4',
    makeVideo(1, 2),
    'video/mp4',
  );

  // The director selects both candidates and shares them.
  await signInViaUi(page, director.email, PASSWORD);
  await page.goto(`/projects/candidate/${seeded.projectId}?roleId=${seeded.roleId}`);
  await page.getByRole('checkbox', { name: 'Select Rae Holm' }).check();
  await page.getByRole('checkbox', { name: 'Select Theo Marsh' }).check();
  await page.getByRole('button', { name: 'Share with client' }).click();
  const share = page.getByRole('dialog', { name: 'Share with a client' });
  await expect(share.getByText('2 selected candidates')).toBeVisible();
  await share.getByRole('textbox', { name: 'Title' }).fill('Lighthouse selects');
  await share.getByRole('textbox', { name: 'Message to the client' }).fill('Two favourites for the keeper.');
  await share.getByRole('checkbox', { name: 'Allow downloads' }).check();
  await share.getByRole('button', { name: 'Create link' }).click();
  const linkField = share.getByRole('textbox', { name: 'Review link' });
  await expect(linkField).toHaveValue(/\/client\/review-submission\/[A-Za-z0-9_-]{24}$/);
  const link = new URL(await linkField.inputValue());
  await share.getByRole('button', { name: 'Done' }).click();

  // The director keeps the link's feedback open.
  await page.getByRole('button', { name: 'Client links' }).click();
  const links = page.getByRole('dialog', { name: 'Client review links' });
  await links.getByRole('button', { name: /Lighthouse selects/ }).click();
  await expect(links.getByLabel('Tally for Rae Holm')).toHaveText('Yes 0 · No 0 · Maybe 0');

  // The producer, on a phone, with no account.
  const producer = await phone(browser);
  const producerEmail = `paula-${randomUUID().slice(0, 8)}@studio.test`;
  const firstCode = await identifyOnPhone(producer, request, link, producerEmail);
  await expect(producer.getByRole('heading', { name: '2 candidates' })).toBeVisible();
  await expect(producer.getByText('Reviewing as Paula Producer')).toBeVisible();
  await expectAccessible(producer, 'client review list on a phone');
  const width = await producer.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  await producer.getByRole('button', { name: /Rae Holm/ }).click();
  await expect(producer.getByRole('heading', { name: 'Rae Holm' })).toBeVisible();
  const tape = producer.getByLabel('Self-tape: rae-selftape.mp4');
  await expect(tape).toBeVisible();
  await tape.evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
  });
  await expect
    .poll(() => tape.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  // Her e-mail is written across the tape, here and in the full-screen viewer.
  await expect(producer.locator(`[data-watermark="${producerEmail}"]`).getByText(producerEmail)).toHaveCount(
    3,
  );
  await producer.getByRole('button', { name: 'Full screen' }).click();
  const viewer = producer.getByRole('dialog', { name: /rae-selftape\.mp4/ });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(producerEmail)).toHaveCount(3);
  await viewer.getByRole('button', { name: 'Close viewer' }).click();
  await expect(viewer).toBeHidden();
  await producer.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(producer.getByRole('status').filter({ hasText: 'Vote saved: Yes' })).toBeVisible();
  await producer
    .getByRole('textbox', { name: 'Comment for the casting team' })
    .fill('Perfect weathered look.');
  await producer.getByRole('button', { name: 'Save comment' }).click();
  await expect(producer.getByRole('status').filter({ hasText: 'Comment saved' })).toBeVisible();
  // Download applicant videos: the download dialog, shifted upward in a client view; the zip goes to her address.
  await producer.getByRole('button', { name: 'Download videos' }).click();
  const download = producer.getByRole('dialog', { name: 'Download applicant videos' });
  await expect(download.getByRole('textbox', { name: 'Sent to' })).toHaveValue(producerEmail);
  expect((await download.boundingBox())!.y).toBeLessThan(0.15 * producer.viewportSize()!.height);
  await download.getByRole('button', { name: 'Yes' }).click();
  await expect(download.getByRole('status')).toHaveText('Download link sent to your email');
  await download.getByRole('button', { name: 'Close' }).click();
  await expectAccessible(producer, 'client candidate review on a phone');
  const zipMail = await newestMail(request, producerEmail, /Your download is ready/);
  const zipUrl = new URL(/(http\S+\/downloads\/\S+)/.exec(zipMail)![1]!);

  // The director sees the vote and comment without reloading.
  await expect(links.getByLabel('Tally for Rae Holm')).toHaveText('Yes 1 · No 0 · Maybe 0', {
    timeout: 20_000,
  });
  await expect(links.getByText('“Perfect weathered look.”')).toBeVisible();
  await expect(links.getByRole('cell', { name: 'Paula Producer' }).first()).toBeVisible();

  // The export says on screen where it goes, and arrives by e-mail holding the feedback.
  await links.getByRole('button', { name: 'Export feedback' }).click();
  await expect(links.getByText(/Exporting the feedback on “Lighthouse selects”/)).toBeVisible();
  const exportMail = await newestMail(request, director.email, /Client feedback export/);
  const csvUrl = new URL(/Spreadsheet \(CSV\): (\S+)/.exec(exportMail)![1]!);
  const csv = await request.get(csvUrl.pathname + csvUrl.search);
  expect(csv.status()).toBe(200);
  const body = await csv.text();
  expect(body).toContain('"Paula Producer","YES","Perfect weathered look."');
  const pdfUrl = new URL(/Presentation \(PDF\): (\S+)/.exec(exportMail)![1]!);
  const pdf = await request.get(pdfUrl.pathname + pdfUrl.search);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The producer, signed out, opens the mailed link: the downloads page offers the zip.
  const zipPage = await producer.context().newPage();
  await zipPage.goto(zipUrl.pathname + zipUrl.search);
  await expect(zipPage.getByText('Your zip is ready.')).toBeVisible({ timeout: 30_000 });
  await zipPage.close();

  // A new address for the same link: the old one stops at once, and the producer finds her vote through the new one.
  await links.getByRole('button', { name: 'New address' }).click();
  const renew = page.getByRole('dialog', { name: /^A new address for “/ });
  await expect(renew).toContainText('The candidates, votes and comments stay.');
  await renew.getByRole('button', { name: 'New address' }).click();
  const renewed = links.getByRole('region', { name: 'New address' });
  const newField = renewed.getByRole('textbox', { name: 'Review link' });
  await expect(newField).toHaveValue(/\/client\/review-submission\/[A-Za-z0-9_-]{24}$/);
  const newLink = new URL(await newField.inputValue());
  expect(newLink.pathname).not.toBe(link.pathname);
  await renewed.getByRole('button', { name: 'Done' }).click();
  await producer.goto(link.pathname);
  await expect(producer.getByRole('heading', { name: 'This review link does not exist' })).toBeVisible();
  await identifyOnPhone(producer, request, newLink, producerEmail, firstCode);
  await producer.getByRole('button', { name: /Rae Holm/ }).click();
  await expect(producer.getByRole('button', { name: 'Yes', exact: true, pressed: true })).toBeVisible();

  // Revoked: the producer's next request shows the revoked page.
  await links.getByRole('button', { name: 'Revoke link' }).click();
  const confirm = page.getByRole('dialog', { name: /^Revoke “/ });
  await expect(confirm).toContainText('the zips they downloaded through it stop working');
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(links.getByText('Revoked', { exact: true }).first()).toBeVisible();
  await producer.getByRole('button', { name: 'Maybe', exact: true }).click();
  await expect(producer.getByRole('heading', { name: 'This review link has been turned off' })).toBeVisible();
  await expectAccessible(producer, 'revoked review link');
  // The zip ended with the link: its mailed address no longer serves it.
  const endedZip = await producer.context().newPage();
  await endedZip.goto(zipUrl.pathname + zipUrl.search);
  await expect(endedZip.getByText(/This download link has expired/)).toBeVisible();
  await endedZip.close();

  // The clients' answers stay with the candidates: on the row beside the team's votes, and in the preview.
  await page.keyboard.press('Escape');
  await expect(links).toBeHidden();
  await page.reload();
  await expect(page.getByText('Clients: 1 yes, 1 comment')).toBeVisible();
  await page.getByRole('button', { name: /^Rae Holm/ }).click();
  const feedback = page
    .getByRole('region', { name: 'Rae Holm' })
    .getByRole('region', { name: 'Client feedback' });
  await expect(feedback).toContainText('Paula Producer on “Lighthouse selects”: Yes');
  await expect(feedback).toContainText('Perfect weathered look.');
});

test('a director publishes the project page; anyone on a phone reads it, link previews carry its title; a deep link opens it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const director = person('Mina', 'Okafor');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const seeded = await seedCandidate(api, 'Ivo', 'Lind');
  await signInViaUi(page, director.email, PASSWORD);
  await page.goto(`/projects/overview/${seeded.projectId}`);
  const section = page.getByRole('region', { name: 'Public page' });
  await section.getByRole('button', { name: 'Publish' }).click();
  await expect(section.getByRole('button', { name: 'Unpublish' })).toBeVisible();

  const visitor = await phone(browser);
  await visitor.goto(`/project-share/${seeded.projectId}`);
  await expect(visitor.getByRole('heading', { name: 'Opportunities' })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Lighthouse keeper' })).toBeVisible();
  await expectAccessible(visitor, 'public project page on a phone');
  const html = await (
    await request.get(`/project-share/${seeded.projectId}`, { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toMatch(/<meta property="og:title" content="Tidewater [0-9a-f]{6}" \/>/);

  // A message's deep link opens the page it names.
  await visitor.goto(`/deep-linking?path=${encodeURIComponent(`/project-share/${seeded.projectId}`)}`);
  await expect(visitor).toHaveURL(new RegExp(`/project-share/${seeded.projectId}$`));
  await expect(visitor.getByRole('heading', { name: 'Lighthouse keeper' })).toBeVisible();

  await section.getByRole('button', { name: 'Unpublish' }).click();
  await expect(section.getByRole('button', { name: 'Publish' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'This project page is not available' })).toBeVisible();

  // A deep link to a page that needs an account: the signed-out person signs in and lands on that page.
  const signedOut = await phone(browser);
  await signedOut.goto(`/deep-linking?path=${encodeURIComponent(`/projects/overview/${seeded.projectId}`)}`);
  await expect(signedOut).toHaveURL(/\/auth\/sign-in$/);
  await signedOut.getByLabel('Email', { exact: true }).fill(director.email);
  await signedOut.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signedOut.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signedOut).toHaveURL(new RegExp(`/projects/overview/${seeded.projectId}$`));
  await expect(signedOut.getByRole('region', { name: 'Public page' })).toBeVisible();
});

test('a client account reviews a project it was invited to, on a phone, and may change nothing', async ({
  request,
  browser,
  admin,
}) => {
  test.setTimeout(120_000);
  const director = person('Lena', 'Park');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const seeded = await seedCandidate(api, 'Noor', 'Haddad');
  const client = person('Colin', 'Agency');
  await api('POST', `/projects/${seeded.projectId}/accesses`, {
    invitations: [{ email: client.email, scope: 'TALENT_EDITOR' }],
  });
  await signUpConfirmed(request, client);
  await adminUpdateUser(request, admin, client.email, { roleCode: 'CLIENT' });

  // A client account lands on its project's review (its only one) in the client layout, not on /projects.
  const clientPhone = await phone(browser);
  await clientPhone.goto('/auth/sign-in');
  await clientPhone.getByLabel('Email', { exact: true }).fill(client.email);
  await clientPhone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await clientPhone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(clientPhone).toHaveURL(new RegExp(`/client/review-project/${seeded.projectId}$`));
  const account = clientPhone.getByRole('navigation', { name: 'Your account' });
  await expect(account.getByRole('link')).toHaveText(['Your Profile']);
  await expect(clientPhone.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  // The back office is not its own: its pages send it back to its review.
  await clientPhone.goto(`/projects/candidate/${seeded.projectId}`);
  await expect(clientPhone).toHaveURL(new RegExp(`/client/review-project/${seeded.projectId}$`));
  await clientPhone.getByRole('button', { name: /Noor Haddad/ }).click();
  await expect(clientPhone.getByRole('heading', { name: 'Noor Haddad' })).toBeVisible();
  await expect(clientPhone.getByText('Team: 0 up · 0 maybe · 0 down')).toBeVisible();
  await expect(clientPhone.getByRole('button', { name: 'Share with client' })).toHaveCount(0);
  await expectAccessible(clientPhone, 'client account review on a phone');
});
