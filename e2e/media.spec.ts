import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { MESSAGES } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import {
  accessTokenOf,
  heicPhoto,
  mailedDownloadLink,
  makeJpeg,
  makePdf,
  makeVideo,
  seedCandidate,
  uploadThroughApi,
} from './support/media';
import { acceptTerms, apiLink, phone, projectWithRoles } from './support/links';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * Media on the web: the upload queue against the real API (signed PUTs into local storage, multipart with
 * 5 MiB parts, resume through list-parts), the full-screen viewer, and the /downloads/{id} page of the e-mailed
 * zip link. Everything is on a 375 px phone screen.
 *
 * The upload and viewer journeys run through the candidate preview of the candidates workspace, where the
 * `CandidateMedia` panel (features/media) is embedded.
 */

test.use({ viewport: { width: 375, height: 740 } });

async function director(request: Parameters<typeof signUpConfirmed>[0]) {
  const who = person('Dana', 'Whitford');
  await signUpConfirmed(request, who);
  return { who, api: await apiAs(request, who) };
}

/** The candidate's preview (a full-screen sheet on a phone) with its media panel. */
async function openMediaPanel(
  page: Page,
  seeded: { projectId: string; roleId: string; rowId: string; applicantId: string },
  name: string,
) {
  await page.goto(
    `/projects/candidate/${seeded.projectId}?roleId=${seeded.roleId}&candidateId=${seeded.rowId}`,
  );
  const preview = page.getByRole('region', { name });
  await expect(preview).toBeVisible();
  const panel = preview.getByRole('region', { name: 'Media' });
  await panel.scrollIntoViewIfNeeded();
  return panel;
}

const partNumberOf = (request: Request) => new URL(request.url()).searchParams.get('partNumber');

test.describe('media on a phone', () => {
  test('a director uploads a photo and a video, sees progress, survives a dropped connection and steps through the media with the keyboard', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const { who, api } = await director(request);
    const seeded = await seedCandidate(api, 'Rae', 'Holm');
    const photo = await makeJpeg();
    const video = makeVideo(14);
    expect(video.length).toBeGreaterThan(10 * 1024 * 1024);

    await signInViaUi(page, who.email, PASSWORD);
    const panel = await openMediaPanel(page, seeded, 'Rae Holm');
    await expect(panel.getByRole('button', { name: 'Upload media' })).toBeVisible();

    // The connection drops while the video's third part is on its way: every try of that part fails.
    const partPuts: string[] = [];
    page.on('request', (sent) => {
      const part = partNumberOf(sent);
      if (sent.method() === 'PUT' && part) partPuts.push(part);
    });
    let networkDown = true;
    await page.route(
      (url) => url.searchParams.get('partNumber') === '3',
      async (route) => {
        if (networkDown) await route.abort('internetdisconnected');
        else await route.continue();
      },
    );

    await panel.getByTestId('file-picker-input').setInputFiles([
      { name: 'headshot.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'selftape.mp4', mimeType: 'video/mp4', buffer: video },
    ]);
    const queue = panel.getByRole('list', { name: 'Uploads' });
    const videoRow = queue.getByRole('listitem').filter({ hasText: 'selftape.mp4' });
    // Progress shows while the video goes up (the photo is done first: one file at a time).
    await expect(videoRow.getByRole('progressbar')).toBeVisible();
    await expect(queue.getByRole('listitem').filter({ hasText: 'headshot.jpg' })).not.toContainText(
      'Pending',
    );
    // Part 3 fails three times (1 s and 2 s apart), then the file fails with the catalogue toast.
    await expect(videoRow.getByText('Failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    const failure = page.getByRole('listitem').filter({ hasText: MESSAGES.failedToUpload('selftape.mp4') });
    await expect(failure).toBeVisible();
    // Closed now, so it is not caught mid-fade by the accessibility check further on.
    await failure.getByRole('button', { name: 'Close toast' }).click();
    await expect(failure).toBeHidden();
    expect(partPuts.filter((part) => part === '3')).toHaveLength(3);

    // The network is back; Retry resumes: list-parts, then only the missing part is sent.
    networkDown = false;
    const before = partPuts.length;
    const listParts = page.waitForRequest((sent) =>
      sent.url().endsWith('/api/media-management/multipart/list-parts'),
    );
    await videoRow.getByRole('button', { name: 'Retry selftape.mp4' }).click();
    await listParts;
    await expect(videoRow.getByText(/Uploaded|Processing/)).toBeVisible({ timeout: 30_000 });
    expect(partPuts.slice(before)).toEqual(['3']);

    // Both items are the candidate's now; the viewer steps through them with the keyboard.
    await expect(panel.getByRole('button', { name: 'Open selftape.mp4' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'candidate media panel with its upload queue');
    // The first photo became the primary one, shown above the list too: open it from the list of media.
    await panel
      .getByRole('list', { name: 'Media' })
      .getByRole('button', { name: 'Open headshot.jpg' })
      .click();
    const viewer = page.getByRole('dialog', { name: /headshot\.jpg/ });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText('1 of 2')).toBeVisible();
    await expectAccessible(page, 'media viewer on a phone');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: /selftape\.mp4/ }).getByText('2 of 2')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: /headshot\.jpg/ })).toBeVisible();

    // Report an issue with the photo from the viewer.
    await page.getByRole('button', { name: 'Report issue' }).click();
    const report = page.getByRole('dialog', { name: 'Report media issue' });
    await report.getByRole('textbox', { name: /Describe the issue/ }).fill('The photo is sideways.');
    await report.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(MESSAGES.issueReported)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('media-viewer')).toBeHidden();
  });

  test('a talent uploads photos, a video and a PDF on the apply page at 375 px, sees progress, and the team gets them processed', async ({
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { who } = await director(request);
    const project = await projectWithRoles(request, who, `Harbour Lights ${Date.now().toString(36)}`, [
      'Lead',
    ]);
    const created = await apiLink(request, who, project.id, {
      title: 'Self-tapes',
      roleIds: [project.roles.Lead],
    });
    const photo = await makeJpeg();
    // Over 10 MiB: the video goes up in 5 MiB parts under the link's upload grant.
    const video = makeVideo(12);

    const talent = person('Ines', 'Okafor');
    const mobile = await phone(browser);
    await mobile.goto(created.link);
    await expect(mobile.getByRole('heading', { name: 'Self-tapes', level: 1 })).toBeVisible();
    // One opportunity: it is chosen for the talent, no checkbox.
    await mobile.getByLabel('First name').fill(talent.firstName);
    await mobile.getByLabel('Last name').fill(talent.lastName);
    await mobile.getByLabel('Email').fill(talent.email);
    await mobile.getByLabel('Phone number').fill('2025550177');
    await mobile.getByLabel('I don’t have representation').check();

    // The video's last part waits until its progress has been seen: on loopback the whole file could otherwise be up
    // before the page is looked at.
    let releaseLastPart!: () => void;
    const lastPartHeld = new Promise<void>((resolve) => (releaseLastPart = resolve));
    await mobile.route(
      (url) => url.searchParams.get('partNumber') === '3',
      async (route) => {
        await lastPartHeld;
        await route.continue();
      },
    );
    await mobile.getByTestId('file-picker-input').setInputFiles([
      { name: 'headshot.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'selftape.mp4', mimeType: 'video/mp4', buffer: video },
      // A phone photo and a résumé: converted in threads of their own (HEIC through libheif, PDF through MuPDF).
      { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: heicPhoto() },
      { name: 'resume.pdf', mimeType: 'application/pdf', buffer: makePdf() },
    ]);
    const queue = mobile.getByRole('list', { name: 'Uploads' });
    const videoRow = queue.getByRole('listitem').filter({ hasText: 'selftape.mp4' });
    // Progress shows while the video goes up, then both files are done. The queue sends files one after another, so
    // the video starts once the photos before it are up: on a busy machine that takes longer than the default wait.
    await expect(videoRow.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
    releaseLastPart();
    await expect(videoRow.getByText('Uploaded')).toBeVisible({ timeout: 60_000 });
    for (const name of ['headshot.jpg', 'IMG_0042.HEIC', 'resume.pdf']) {
      await expect(queue.getByRole('listitem').filter({ hasText: name })).toContainText('Uploaded', {
        timeout: 30_000,
      });
    }
    const scrollWidth = await mobile.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await expectAccessible(mobile, 'apply page with its upload queue at 375 px');

    await acceptTerms(mobile);
    await mobile.getByRole('button', { name: 'Review submission' }).click();
    await mobile
      .getByRole('dialog', { name: 'Confirm submission' })
      .getByRole('button', { name: 'Submit' })
      .click();
    await expect(mobile.getByRole('heading', { name: /Your submission has been received/ })).toBeVisible();

    // The team sees the new candidate with both files, processed into what reviewers need.
    const api = await apiAs(request, who);
    const listed = await api<{ items: { email: string | null; applicantId: string }[] }>(
      'GET',
      `/projects/${project.id}/applicants?roleId=${project.roles.Lead}`,
    );
    const row = listed.items.find((item) => item.email === talent.email);
    expect(row).toBeDefined();
    await expect
      .poll(
        async () => {
          const media = await api<{ items: { name: string; kind: string; status: string }[] }>(
            'GET',
            `/applicants/${row!.applicantId}/media?projectId=${project.id}`,
          );
          return media.items
            .map((item) => `${item.name} ${item.kind} ${item.status}`)
            .sort()
            .join(', ');
        },
        { timeout: 90_000 },
      )
      .toBe(
        'IMG_0042.HEIC image PROCESSED, headshot.jpg image PROCESSED, resume.pdf document PROCESSED, ' +
          'selftape.mp4 video PROCESSED',
      );
  });

  test('a talent reloads the apply page mid-upload, chooses the same video again, and it resumes from the parts already sent', async ({
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { who } = await director(request);
    const project = await projectWithRoles(request, who, `Tidewater ${Date.now().toString(36)}`, ['Lead']);
    const created = await apiLink(request, who, project.id, {
      title: 'Tapes',
      roleIds: [project.roles.Lead],
    });
    // A file on disk, so the browser sees the same name, size and last-modified time both times it is chosen.
    const videoPath = path.join(os.tmpdir(), `resume-${Date.now().toString(36)}.mp4`);
    fs.writeFileSync(videoPath, makeVideo(12));

    const mobile = await phone(browser);
    const partPuts: string[] = [];
    mobile.on('request', (sent) => {
      const part = partNumberOf(sent);
      if (sent.method() === 'PUT' && part) partPuts.push(part);
    });
    // The line is cut after the first 5 MiB part: every later part fails until the page is reloaded.
    await mobile.route(
      (url) => ['2', '3'].includes(url.searchParams.get('partNumber') ?? ''),
      (route) => route.abort('internetdisconnected'),
    );
    await mobile.goto(created.link);
    const firstPart = mobile.waitForResponse(
      (res) => res.request().method() === 'PUT' && partNumberOf(res.request()) === '1',
    );
    await mobile.getByTestId('file-picker-input').setInputFiles(videoPath);
    expect((await firstPart).status()).toBe(200);

    // The tab is reloaded while the line is still down (so no retried part slips through), then the line is back.
    await mobile.reload();
    partPuts.length = 0;
    await mobile.unrouteAll({ behavior: 'ignoreErrors' });
    const listParts = mobile.waitForRequest((sent) =>
      sent.url().endsWith('/api/media-management/multipart/list-parts'),
    );
    await mobile.getByTestId('file-picker-input').setInputFiles(videoPath);
    await listParts;
    const row = mobile.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect(row).toContainText('Uploaded', { timeout: 60_000 });
    // Only the parts the server did not have were sent after the reload.
    expect([...partPuts].sort()).toEqual(['2', '3']);
    fs.rmSync(videoPath, { force: true });
  });

  test('a director zips a selection from the candidates workspace; the e-mailed link shows the zip and downloads it, and explains itself without its token', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { who, api } = await director(request);
    const seeded = await seedCandidate(api, 'Ivo', 'Brandt');
    const token = await accessTokenOf(request, who);
    await uploadThroughApi(request, token, seeded, 'headshot.jpg', await makeJpeg(), 'image/jpeg');

    // The selection's media, from the workspace's Download media.
    await signInViaUi(page, who.email, PASSWORD);
    await page.goto(`/projects/candidate/${seeded.projectId}?roleId=${seeded.roleId}`);
    await page.getByRole('checkbox', { name: 'Select Ivo Brandt' }).click();
    await page.getByRole('button', { name: 'Download media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download applicant videos' });
    await expect(dialog.getByText(/zip of the media of the 1 selected candidate\./)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveValue(who.email);
    await expectAccessible(page, 'download media dialog at 375 px');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(MESSAGES.downloadLinkSent)).toBeVisible();
    // The mailed link, absolute (the visitor's fresh context is on the same app).
    const link = new URL(await mailedDownloadLink(request, who.email), page.url()).toString();

    // Opened from the mail, signed out, on a phone.
    const visitor = await phone(browser);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Your download', level: 1 })).toBeVisible();
    const download = visitor.getByRole('link', { name: 'Download media.zip' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByText(/1 file/)).toBeVisible();
    await expectAccessible(visitor, 'download page');
    const zip = await request.get((await download.getAttribute('href'))!);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

    // The same page without the mail's token, signed out: nothing is shown, and signing in is offered.
    const withoutToken = new URL(link);
    withoutToken.search = '';
    await visitor.goto(withoutToken.toString());
    await expect(visitor.getByText(/or sign in with the account it was sent to/)).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(visitor, 'download page without its token');
  });
});
