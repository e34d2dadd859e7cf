import { randomUUID } from 'node:crypto';
import { PERSON_DATA_MESSAGES, ROSTER_MESSAGES, UI_TEXTS } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { accessTokenOf, makeJpeg, uploadThroughApi } from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * A person's data, in the browser: a director exports everything the office holds about a candidate (the export's
 * progress, then its download), follows the export-ready e-mail back to them, and erases them on their request. Then
 * the roster, the candidates page and the exports hold nothing of them, and the export's file is gone.
 */

test('a director exports a person’s data, then erases them everywhere', async ({ page, request }) => {
  test.setTimeout(180_000);
  const who = person('Rhea', 'Lindqvist');
  await signUpConfirmed(request, who);
  const api = await apiAs(request, who);
  const last = `Saltmarsh${randomUUID().slice(0, 5)}`;
  const talent = { firstName: 'Nell', lastName: last, email: `nell-${randomUUID().slice(0, 8)}@talent.test` };
  const name = `${talent.firstName} ${talent.lastName}`;
  const project = await api<{ id: string }>('POST', '/v2/projects', {
    name: `Tideline ${randomUUID().slice(0, 6)}`,
  });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Ferry pilot' });
  const added = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
    projectId: project.id,
    roleId: role.id,
    ...talent,
  });
  await uploadThroughApi(
    request,
    await accessTokenOf(request, who),
    { projectId: project.id, applicantId: added.applicantId },
    'headshot.jpg',
    await makeJpeg(),
    'image/jpeg',
  );
  // Once processed, the headshot is stored with its thumbnail: their addresses are checked again after the erasure.
  type Media = { items: { status: string; downloadUrl: string; thumbnailUrl: string | null }[] };
  const mediaPath = `/applicants/${added.applicantId}/media?projectId=${project.id}`;
  await expect
    .poll(async () => (await api<Media>('GET', mediaPath)).items[0]?.status, { timeout: 60_000 })
    .toBe('PROCESSED');
  const [headshot] = (await api<Media>('GET', mediaPath)).items;
  const stored = [headshot!.downloadUrl, headshot!.thumbnailUrl!];
  for (const url of stored) expect((await request.get(url)).status(), url).toBe(200);
  const found = await api<{ items: { id: string }[] }>('GET', `/roster/people?q=${encodeURIComponent(last)}`);
  const personId = found.items[0]!.id;

  await signInViaUi(page, who.email, PASSWORD);
  await page.goto('/roster');
  await page.getByLabel('Search by name or e-mail').fill(last);
  const people = page.getByRole('list', { name: 'People' });
  await people.getByRole('button', { name }).click();
  const profile = page.getByRole('dialog', { name });

  // Export: queued, then ready with its download.
  await profile.getByRole('button', { name: PERSON_DATA_MESSAGES.exportData }).click();
  await expect(page.getByText(PERSON_DATA_MESSAGES.exportQueued)).toBeVisible();
  const exports = profile.getByRole('list', { name: PERSON_DATA_MESSAGES.exportsLabel });
  const download = exports.getByRole('link', { name: /^Download \(2 files, / });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const zip = await request.get(new URL((await download.getAttribute('href'))!, page.url()).toString());
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await expectAccessible(page, { label: 'person dialog with an export', include: '[role="dialog"]' });

  // The export-ready mail names no one and leads back to the person.
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, who.email)).find(
          (message) => message.subject === PERSON_DATA_MESSAGES.exportReadySubject,
        );
        link = mail?.text.match(/https?:\/\/\S+\/roster\?export=\S+/)?.[0] ?? '';
        return mail ? !mail.text.includes(last) && link !== '' : false;
      },
      { timeout: 30_000, message: 'the export-ready mail' },
    )
    .toBe(true);
  const exportId = new URL(link).searchParams.get('export')!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`person=${personId}`));

  // Erase, on a phone: the dialog says what goes, and wants the name or e-mail retyped.
  await page.setViewportSize({ width: 375, height: 740 });
  await page
    .getByRole('dialog', { name })
    .getByRole('button', { name: PERSON_DATA_MESSAGES.erasePerson })
    .click();
  const confirm = page.getByRole('dialog', { name: PERSON_DATA_MESSAGES.eraseTitle(name) });
  await expect(confirm.getByText(PERSON_DATA_MESSAGES.eraseIrreversible)).toBeVisible();
  const erase = confirm.getByRole('button', { name: PERSON_DATA_MESSAGES.erasePerson });
  await expect(erase).toBeDisabled();
  await confirm
    .getByRole('textbox', { name: PERSON_DATA_MESSAGES.confirmLabel(name, talent.email) })
    .fill(talent.email);
  await expectAccessible(page, { label: 'erase dialog', include: '[role="dialog"]' });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the erase dialog scrolls sideways').toBeLessThanOrEqual(0);
  await erase.click();
  await expect(page.getByText(PERSON_DATA_MESSAGES.erased(name))).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The roster no longer lists them.
  await expect(page.getByText(ROSTER_MESSAGES.nothingFound)).toBeVisible();
  // Nor does the candidates page.
  await page.goto(`/projects/candidate/${project.id}?roleId=${role.id}`);
  await expect(page.getByText(UI_TEXTS.noCandidatesYet)).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  // Nor do the exports: the person and their export are not found, and the zip is purged.
  const headers = { Authorization: `Bearer ${await accessTokenOf(request, who)}` };
  expect((await request.get(`/api/roster/people/${personId}/exports`, { headers })).status()).toBe(404);
  expect((await request.get(`/api/roster/exports/${exportId}`, { headers })).status()).toBe(404);
  await expect
    .poll(async () => (await request.get(zip.url())).status(), {
      timeout: 30_000,
      message: 'the export zip is purged',
    })
    .not.toBe(200);
  // And the headshot and its thumbnail are deleted from storage: their signed addresses find nothing.
  for (const url of stored) {
    await expect
      .poll(async () => (await request.get(url)).status(), { timeout: 30_000, message: `${url} is purged` })
      .not.toBe(200);
  }
});
