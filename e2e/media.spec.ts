import type { Page, Request } from '@playwright/test';
import { MESSAGES } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import {
  accessTokenOf,
  mailedDownloadLink,
  makeJpeg,
  makeVideo,
  seedCandidate,
  uploadThroughApi,
} from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * Issue 11's web side: the upload queue against the real API (signed PUTs into local storage, multipart with
 * 5 MiB parts, resume through list-parts), the full-screen viewer, and the /downloads/{id} page of the e-mailed
 * zip link. Everything is on a 375 px phone screen.
 *
 * The upload and viewer journeys run through the candidate preview of the candidates workspace, where the
 * `CandidateMedia` panel (features/media) is embedded by the lead when the candidates and media branches meet.
 * Until that wiring exists in the tree, set MEDIA_PANEL_IN_PREVIEW=1 only where it does; without it they are
 * reported as fixme rather than failing for a missing page.
 */
const PANEL_WIRED = process.env.MEDIA_PANEL_IN_PREVIEW === '1';

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
    test.fixme(!PANEL_WIRED, 'CandidateMedia is not yet embedded in the candidate preview of this tree');
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
    // Part 3 fails three times (1 s and 2 s apart), then the file fails with the spec's toast.
    await expect(videoRow.getByText('Failed')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(MESSAGES.failedToUpload('selftape.mp4'))).toBeVisible();
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
    await panel.getByRole('button', { name: 'Open headshot.jpg' }).click();
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

  test('the e-mailed download link shows the zip and downloads it, and explains itself without its token', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { who, api } = await director(request);
    const seeded = await seedCandidate(api, 'Ivo', 'Brandt');
    const token = await accessTokenOf(request, who);
    await uploadThroughApi(request, token, seeded, 'headshot.jpg', await makeJpeg(), 'image/jpeg');

    const asked = await request.post('/api/applicants/download-zip', {
      headers: { Authorization: `Bearer ${token}` },
      data: { projectId: seeded.projectId, applicantIds: [seeded.rowId] },
    });
    expect(asked.status()).toBe(202);
    const link = await mailedDownloadLink(request, who.email);

    // Opened from the mail, signed out, on a phone.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Your download', level: 1 })).toBeVisible();
    const download = page.getByRole('link', { name: 'Download media.zip' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/1 file/)).toBeVisible();
    await expectAccessible(page, 'download page');
    const zip = await request.get((await download.getAttribute('href'))!);
    expect(zip.status()).toBe(200);
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');

    // The same page without the mail's token, signed out: nothing is shown, and signing in is offered.
    await page.goto(new URL(link, 'http://x').pathname);
    await expect(page.getByText(/or sign in with the account it was sent to/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'download page without its token');
  });
});
