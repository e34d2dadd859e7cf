import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { accessTokenOf, makeVideo, seedCandidate, uploadThroughApi } from './support/media';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * Compare: a director picks three candidates in the headshot grid, compares them side by side at 1440 px, plays their
 * tapes together with the one common control and from the keyboard, votes on one of them from the compare view, and
 * opens the same comparison on a tablet.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('a director compares three candidates, plays their tapes together and votes on one', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const who = person('Noor', 'Castell');
  await signUpConfirmed(request, who);
  const api = await apiAs(request, who);
  const token = await accessTokenOf(request, who);
  const first = await seedCandidate(api, 'Ines', 'Marlow');
  const people = [first];
  for (const [firstName, lastName] of [
    ['Tomas', 'Reed'],
    ['Vera', 'Quill'],
  ] as const) {
    const added = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
      projectId: first.projectId,
      roleId: first.roleId,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}-${Date.now()}@talent.test`,
    });
    people.push({ ...first, applicantId: added.applicantId, rowId: added.id });
  }
  // A short tape each; the originals play while their conversion runs.
  const tape = makeVideo(1, 3);
  for (const [index, seeded] of people.entries()) {
    await uploadThroughApi(
      request,
      token,
      { projectId: seeded.projectId, applicantId: seeded.applicantId },
      `tape-${index}.mp4`,
      tape,
      'video/mp4',
    );
  }

  await signInViaUi(page, who.email, PASSWORD);
  await page.goto(`/projects/candidate/${first.projectId}?roleId=${first.roleId}`);
  await page.getByRole('group', { name: 'Show candidates as' }).getByRole('button', { name: 'Grid' }).click();
  const grid = page.getByRole('grid', { name: 'Candidate headshots' });
  await expect(grid.getByRole('gridcell')).toHaveCount(3);
  for (const name of ['Ines Marlow', 'Tomas Reed', 'Vera Quill']) {
    await grid.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('link', { name: 'Compare 3' }).click();

  await expect(page.getByRole('heading', { name: 'Compare candidates', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(3);
  const tapes = page.locator('video');
  await expect(tapes).toHaveCount(3);
  await expectAccessible(page, 'compare view');

  await page.getByRole('button', { name: /^Play all/ }).click();
  // Every linked tape moves on from one press.
  await expect
    .poll(() =>
      tapes.evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).currentTime > 0)),
    )
    .toEqual([true, true, true]);
  await page.getByRole('button', { name: /^Pause all/ }).click();
  await expect
    .poll(() => tapes.evaluateAll((videos) => videos.every((video) => (video as HTMLVideoElement).paused)))
    .toBe(true);

  // The keyboard drives the same control: Space plays and pauses every tape, an arrow seeks them all, a number
  // focuses that candidate (their card marked, the others' sound off).
  await page.getByRole('heading', { name: 'Compare candidates', level: 1 }).click();
  const times = () =>
    tapes.evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).currentTime));
  const before = await times();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await times()).every((time, index) => time > before[index]!)).toBe(true);
  await page.keyboard.press('Space');
  await expect
    .poll(() => tapes.evaluateAll((videos) => videos.every((video) => (video as HTMLVideoElement).paused)))
    .toBe(true);
  const paused = await times();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await times()).every((time, index) => time < paused[index]!)).toBe(true);
  await page.keyboard.press('2');
  await expect(cards.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(() => tapes.evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).muted)))
    .toEqual([true, false, true]);

  const tomas = cards.filter({ has: page.getByRole('heading', { name: 'Tomas Reed' }) });
  await tomas.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(tomas.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The comparison has its own address: a reload (or a colleague's link) shows the same three and the vote, here
  // on a tablet held upright, where the cards fit the width without scrolling sideways.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.reload();
  await expect(cards).toHaveCount(3);
  await expect(tomas.getByRole('button', { name: 'Yes', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expect(page.getByRole('button', { name: /^Play all/ })).toBeInViewport();
  await expectAccessible(page, 'compare view on a tablet');
});
