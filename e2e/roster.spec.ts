import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { apiAs, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * Roster journeys against the real API: a director checks, pins (first hold), books and releases a
 * candidate on the project roster with notices to the talent, whose mailbox (the development outbox) then shows
 * them; and the office roster finds one person who applied to two projects.
 */

type Api = Awaited<ReturnType<typeof apiAs>>;

async function director(request: APIRequestContext) {
  const who = person('Rosa', 'Castell');
  await signUpConfirmed(request, who);
  return { who, api: await apiAs(request, who) };
}

/** A project with one opportunity and the talent as a candidate (added by hand, with their e-mail). */
async function projectWithCandidate(
  api: Api,
  talent: { firstName: string; lastName: string; email: string },
) {
  const project = await api<{ id: string; name: string }>('POST', '/v2/projects', {
    name: `Harbour Lights ${randomUUID().slice(0, 6)}`,
  });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, {
    name: 'Ferry captain',
  });
  const added = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
    projectId: project.id,
    roleId: role.id,
    ...talent,
  });
  return { ...project, roleId: role.id, rowId: added.id };
}

async function chooseInDialog(page: Page, field: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('the roster', () => {
  test('a director pins, books and releases a candidate, and the talent’s mailbox shows the notices', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { who, api } = await director(request);
    const talent = {
      firstName: 'Ines',
      lastName: 'Marlow',
      email: `ines-${randomUUID().slice(0, 8)}@talent.test`,
    };
    const project = await projectWithCandidate(api, talent);

    await signInViaUi(page, who.email, PASSWORD);
    await page.goto(`/projects/${project.id}/roster-management`);
    await expect(page.getByRole('heading', { name: 'Project roster' })).toBeVisible();
    await expect(page.getByText("Nobody is on this project's roster yet.")).toBeVisible();
    await expectAccessible(page, 'empty project roster');

    // Pin: a first hold on 18 to 25 June, the talent notified.
    await page.getByRole('button', { name: 'Add to roster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to the project roster' });
    await dialog.getByLabel('Find a candidate').fill('Marlow');
    await dialog.getByRole('button', { name: /Ines Marlow/ }).click();
    await expect(dialog.getByText('Chosen:')).toContainText('Ines Marlow');
    await chooseInDialog(page, 'Status', 'First hold');
    await dialog.getByLabel('First date').fill('2027-06-18');
    await dialog.getByLabel('Last date').fill('2027-06-25');
    await expect(dialog.getByLabel('Notify the talent (and their agent) by e-mail')).toBeChecked();
    await expectAccessible(page, 'hold dialog');
    await dialog.getByRole('button', { name: 'Save first hold' }).click();
    await expect(dialog).toBeHidden();
    const roster = page.getByRole('list', { name: 'Project roster' });
    const card = roster.getByRole('listitem').filter({ hasText: 'Ines Marlow' });
    await expect(card.getByText('First hold', { exact: true }).first()).toBeVisible();
    await expect(card).toContainText('2027-06-18 to 2027-06-25');

    // Book: the same dates, a rate and the part.
    await card.getByRole('button', { name: 'Change Ines Marlow' }).click();
    const change = page.getByRole('dialog', { name: 'Change Ines Marlow' });
    await chooseInDialog(page, 'Status', 'Booked');
    await change.getByLabel('Rate').fill('$1,200/day');
    await change.getByLabel('Booked as').fill('Captain Hale');
    await change.getByRole('button', { name: 'Save booked' }).click();
    await expect(change).toBeHidden();
    await expect(card.getByText('Booked', { exact: true }).first()).toBeVisible();
    await expect(card).toContainText('$1,200/day');

    // Release, with a note for the talent.
    await card.getByRole('button', { name: 'Release Ines Marlow' }).click();
    const release = page.getByRole('dialog', { name: 'Release Ines Marlow' });
    await release.getByLabel('Note').fill('The ferry scenes were cut. Thank you!');
    await release.getByRole('button', { name: 'Release', exact: true }).click();
    await expect(release).toBeHidden();
    await expect(card.getByText('Released', { exact: true }).first()).toBeVisible();

    // The history says who did what.
    await card.getByText(/^History/).click();
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card.getByRole('listitem').first()).toContainText('Released');
    await expect(card.getByRole('listitem').first()).toContainText('Rosa Castell');

    // The talent's mailbox: the three notices, each once (sent by a job: bounded by 20 s).
    await expect
      .poll(async () => (await outbox(request, talent.email)).map((mail) => mail.subject).sort(), {
        timeout: 20_000,
        intervals: [250],
      })
      .toEqual(
        [
          `First hold: ${project.name}`,
          `Booking confirmed: ${project.name}`,
          `Released: ${project.name}`,
        ].sort(),
      );
    const mails = await outbox(request, talent.email);
    const booking = mails.find((mail) => mail.subject.startsWith('Booking confirmed'));
    expect(booking?.text).toContain('Captain Hale');
    expect(booking?.text).toContain('$1,200/day');
    expect(mails.find((mail) => mail.subject.startsWith('Released'))?.text).toContain(
      'The ferry scenes were cut.',
    );

    // The candidate's preview in the workspace shows the roster status.
    await page.goto(
      `/projects/candidate/${project.id}?roleId=${project.roleId}&candidateId=${project.rowId}`,
    );
    const preview = page.getByRole('region', { name: 'Ines Marlow' });
    await expect(preview.getByRole('region', { name: 'Project roster' })).toContainText('Released');
    // The candidate's row says it too.
    await expect(
      page.getByRole('list', { name: 'Candidates' }).getByRole('listitem').filter({ hasText: 'Ines Marlow' }),
    ).toContainText('Roster: Released');
  });

  test('the roster search finds one person who applied to two projects', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { who, api } = await director(request);
    const last = `Quill${randomUUID().slice(0, 5)}`;
    const talent = {
      firstName: 'Océane',
      lastName: last,
      email: `oceane-${randomUUID().slice(0, 8)}@talent.test`,
    };
    const first = await projectWithCandidate(api, talent);
    const second = await projectWithCandidate(api, { ...talent, firstName: 'Oceane' });

    await signInViaUi(page, who.email, PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Roster' })
      .click();
    await expect(page).toHaveURL(/\/roster$/);
    await page.getByLabel('Search by name or e-mail').fill(`oceane ${last}`);
    const people = page.getByRole('list', { name: 'People' });
    await expect(people.getByRole('listitem')).toHaveCount(1);
    await expect(people.getByRole('listitem')).toContainText('2 projects');
    await expectAccessible(page, 'roster search');

    await people.getByRole('button', { name: `Océane ${last}` }).click();
    const profile = page.getByRole('dialog', { name: `Océane ${last}` });
    await expect(profile.getByText(first.name, { exact: true })).toBeVisible();
    await expect(profile.getByText(second.name, { exact: true })).toBeVisible();
    await profile.getByLabel('New office tag').fill('Boat handling');
    await profile.getByRole('button', { name: 'Add tag' }).click();
    await expect(profile.getByRole('button', { name: 'Remove the tag Boat handling' })).toBeVisible();
    await expectAccessible(page, 'person dialog');

    // Add to an opportunity of a third project: she becomes its candidate, still one person.
    const third = await api<{ id: string; name: string }>('POST', '/v2/projects', {
      name: `Lantern Bay ${randomUUID().slice(0, 6)}`,
    });
    await api('POST', `/v2/projects/${third.id}/roles`, { name: 'Deckhand' });
    await profile.getByLabel('Find a project').fill(third.name);
    await profile.getByRole('combobox', { name: 'Project', exact: true }).click();
    await page.getByRole('option', { name: third.name, exact: true }).click();
    await profile.getByRole('combobox', { name: 'Opportunity', exact: true }).click();
    await page.getByRole('option', { name: 'Deckhand', exact: true }).click();
    await profile.getByRole('button', { name: 'Add to the opportunity' }).click();
    await expect(page.getByText('Added to the opportunity.')).toBeVisible();
    const candidates = await api<{ items: { email: string | null }[] }>(
      'GET',
      `/projects/${third.id}/applicants`,
    );
    expect(candidates.items.map((item) => item.email)).toEqual([talent.email]);
    // The profile now lists the third application (the opportunity's name appears only there).
    await expect(profile.getByRole('listitem').filter({ hasText: 'Deckhand' }).first()).toContainText(
      third.name,
    );
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the roster and the project roster fit a 375 px screen', async ({ page, request }) => {
      test.setTimeout(120_000);
      const { who, api } = await director(request);
      const project = await projectWithCandidate(api, {
        firstName: 'Pia',
        lastName: 'Narrow',
        email: `pia-${randomUUID().slice(0, 8)}@talent.test`,
      });
      await api('POST', `/projects/${project.id}/roster-management`, {
        submissionId: project.rowId,
        status: 'SECOND_HOLD',
        startDate: '2027-07-01',
        endDate: '2027-07-03',
      });
      await signInViaUi(page, who.email, PASSWORD);
      for (const path of ['/roster', `/projects/${project.id}/roster-management`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        await expectAccessible(page, `${path} at 375 px`);
      }
      await expect(page.getByRole('list', { name: 'Project roster' })).toContainText('Second hold');
    });
  });
});
