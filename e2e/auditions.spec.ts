import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, outbox, signInViaUi, test } from './support/fixtures';
import { apiAs, chooseOption, PASSWORD, person, signUpConfirmed } from './support/projects';

/*
 * Auditions: a director schedules a session of 10-minute slots and invites four candidates from the candidates list,
 * two of them represented by one agent (whose invitations go to the agent); a talent picks a slot on a phone in
 * another time zone and downloads the calendar file; the agent asks to move a client's slot and the director accepts;
 * the director places the last candidate by keyboard and swaps two by drag and drop; on the day the front desk checks
 * two in and marks one absent, the room's view shows who goes in next, the director rates them and fills a callback
 * from the ratings and one candidate added by hand.
 */

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/London' });

const INVITATION = /Audition for/;

/** The private page's path and query from the audition invitation mailed to `email` (about `client`, for an agent). */
async function mailedInvitation(request: APIRequestContext, email: string, client?: string) {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find(
          (message) =>
            INVITATION.test(message.subject) && (!client || message.text.includes(`your client ${client}`)),
        );
        path = mail?.text.match(/\/auditions\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/)?.[0];
        return path;
      },
      { timeout: 30_000, message: `the invitation mailed to ${email}` },
    )
    .toBeTruthy();
  return path!;
}

test('a director schedules auditions, a talent picks a slot on a phone, the front desk checks in and a callback is filled', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const director = person('Rhea', 'Lindqvist');
  const agent = person('Ari', 'Mendes');
  await signUpConfirmed(request, director);
  const api = await apiAs(request, director);
  const suffix = randomUUID().slice(0, 6);
  const project = await api<{ id: string }>('POST', '/v2/projects', { name: `Saltmarsh ${suffix}` });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, { name: 'Ferryman' });
  const talentEmail = `ines-${suffix}@talent.test`;
  const otherEmail = `tomas-${suffix}@talent.test`;
  // Tomas and Uma are represented by the same agent; Ines and Vera answer for themselves.
  for (const [firstName, lastName, email, represented] of [
    ['Ines', 'Marlow', talentEmail, false],
    ['Tomas', 'Reed', otherEmail, true],
    ['Uma', 'Okafor', `uma-${suffix}@talent.test`, true],
    ['Vera', 'Holt', `vera-${suffix}@talent.test`, false],
  ] as const) {
    const added = await api<{ applicantId: string }>('POST', '/projects/admin/applicants', {
      projectId: project.id,
      roleId: role.id,
      firstName,
      lastName,
      email,
    });
    if (represented) {
      await api('POST', `/v2/projects/${project.id}/applicants/${added.applicantId}/representatives`, {
        agent: { firstName: agent.firstName, lastName: agent.lastName, email: agent.email },
        agency: { name: `Tidewater Talent ${suffix}` },
      });
    }
  }

  // A session of 10-minute slots, from the project's navigation.
  await signInViaUi(page, director.email, PASSWORD);
  await page.goto(`/projects/overview/${project.id}`);
  await page
    .getByRole('navigation', { name: 'Project navigation' })
    .getByRole('link', { name: 'Auditions' })
    .click();
  await page.getByRole('button', { name: 'New session' }).click();
  const create = page.getByRole('dialog', { name: 'New session' });
  await create.getByLabel('Name', { exact: true }).fill('Harbour readings');
  await create.getByLabel('Day', { exact: true }).fill('2031-06-10');
  await create.getByLabel('Ends', { exact: true }).fill('11:00');
  await create.getByLabel('Address').fill('1 Studio Lane, London');
  await create.getByRole('button', { name: 'Create session' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour readings', level: 1 })).toBeVisible();
  const slots = page.getByRole('list', { name: 'Slots' });
  await expect(slots.getByRole('listitem', { name: /^Slot / })).toHaveCount(6);

  // Ines and Vera are invited from the list's selection to pick their own times; Tomas and Uma, through their agent,
  // are given slots by the office.
  const inviteFromList = async (names: string[], mode: string | null) => {
    await page.goto(`/projects/candidate/${project.id}?roleId=${role.id}`);
    for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Invite to audition' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite to an audition session' });
    if (mode) await chooseOption(page, 'Times', mode);
    await invite.getByRole('button', { name: 'Send invitations' }).click();
    await expect(page.getByRole('heading', { name: 'Harbour readings', level: 1 })).toBeVisible();
  };
  await inviteFromList(['Ines Marlow', 'Vera Holt'], 'Candidates pick a slot');
  await expect(page.getByRole('region', { name: 'Not placed yet' })).toContainText('Vera Holt');
  await inviteFromList(['Tomas Reed', 'Uma Okafor'], null);
  await expect(slots).toContainText('Tomas Reed');
  await expect(slots).toContainText('Uma Okafor');
  await expectAccessible(page, 'audition schedule');

  // The represented candidates' invitations went to the agent (one per client), not to the talent.
  const tomasPage = await mailedInvitation(request, agent.email, 'Tomas Reed');
  await mailedInvitation(request, agent.email, 'Uma Okafor');
  expect((await outbox(request, otherEmail)).some((mail) => INVITATION.test(mail.subject))).toBe(false);

  // The talent, on a phone in New York, picks 10:20 London time and downloads the calendar file.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
  });
  const talent = await phone.newPage();
  await talent.goto(await mailedInvitation(request, talentEmail));
  await expect(talent.getByRole('heading', { name: `Your invitation: Saltmarsh ${suffix}` })).toBeVisible();
  await talent
    .getByRole('button', { name: 'Pick this time: Tue 10 Jun 2031, 05:20 (America/New_York)' })
    .click();
  await expect(talent.getByText('You confirmed. See you there.')).toBeVisible();
  const [calendar] = await Promise.all([
    talent.waitForEvent('download'),
    talent.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
  ]);
  const ics = fs.readFileSync(await calendar.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  await phone.close();

  // The answer reaches the director's schedule live.
  await expect(slots.getByRole('listitem', { name: 'Slot 10:20–10:30' })).toContainText('Ines Marlow');

  // The agent asks to move Tomas to 10:40; the director sees the request arrive and accepts it.
  const desk = await browser.newContext({ timezoneId: 'Europe/London' });
  const agentPage = await desk.newPage();
  await agentPage.goto(tomasPage);
  await agentPage.getByLabel('Message to the casting team').fill('Tomas is on set until half past ten.');
  await agentPage
    .getByRole('button', { name: 'Ask for another time: Tue 10 Jun 2031, 10:40 (Europe/London)' })
    .click();
  await expect(agentPage.getByText('Your request is with the casting team.')).toBeVisible();
  await desk.close();
  await expect(page.getByText('Asked for 10:40–10:50')).toBeVisible();
  await page.getByRole('button', { name: 'Give Tomas Reed the time asked for' }).click();
  await expect(slots.getByRole('listitem', { name: 'Slot 10:40–10:50' })).toContainText('Tomas Reed');

  // On a phone-sized screen (the grid is a list) Vera, who has not picked, is placed by keyboard, then she and Ines
  // swap places by drag and drop; each change shows its conflicts first.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Move Vera Holt to' }).click();
  await page.getByRole('button', { name: 'Move here: 10:30–10:40' }).click();
  const pending = page.getByRole('region', { name: 'Change to save' });
  await expect(pending).toContainText('No conflicts.');
  await pending.getByRole('button', { name: 'Save change' }).click();
  await expect(slots.getByRole('listitem', { name: 'Slot 10:30–10:40' })).toContainText('Vera Holt');
  const card = (name: string) => slots.locator('li li').filter({ hasText: name });
  await card('Vera Holt').dragTo(card('Ines Marlow'));
  await expect(pending).toContainText('No conflicts.');
  await pending.getByRole('button', { name: 'Save change' }).click();
  await expect(slots.getByRole('listitem', { name: 'Slot 10:20–10:30' })).toContainText('Vera Holt');
  await expect(slots.getByRole('listitem', { name: 'Slot 10:30–10:40' })).toContainText('Ines Marlow');

  // The day's schedule, from the sessions list, holds the session's grid with the day's totals.
  await page.getByRole('link', { name: 'All sessions' }).click();
  await page.getByRole('link', { name: 'Open the schedule of the day Tue 10 Jun 2031' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule of Tue 10 Jun 2031', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals of the day' })).toContainText(
    '4 candidates scheduled',
  );
  await expect(slots.getByRole('listitem', { name: 'Slot 10:20–10:30' })).toContainText('Vera Holt');
  await expectAccessible(page, 'the day’s schedule on a phone');
  await page.getByRole('link', { name: 'Harbour readings' }).click();
  await expect(page.getByRole('heading', { name: 'Harbour readings', level: 1 })).toBeVisible();

  // On the day, the front desk (a phone) checks two in and marks one absent; the director rates them.
  await page.getByRole('link', { name: 'Front desk check-in' }).click();
  for (const [name, mark] of [
    ['Ines Marlow', 'Arrived'],
    ['Tomas Reed', 'Arrived'],
    ['Uma Okafor', 'No-show'],
  ] as const) {
    const button = page
      .getByRole('group', { name: `Attendance of ${name}` })
      .getByRole('button', { name: mark });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  // The room's view sends in the first who arrived, in running order; once Ines is in, Tomas is next.
  const next = page.getByRole('region', { name: 'Next in the room' });
  await expect(next).toContainText('Ines Marlow');
  await page
    .getByRole('group', { name: 'Attendance of Ines Marlow' })
    .getByRole('button', { name: 'In the room' })
    .click();
  await expect(page.getByRole('region', { name: 'In the room now' })).toContainText('Ines Marlow');
  await expect(next).toContainText('Tomas Reed');
  for (const [name, mark] of [
    ['Ines Marlow', '5'],
    ['Tomas Reed', '4'],
    ['Uma Okafor', '2'],
  ] as const) {
    const radio = page.getByRole('group', { name: `Rating for ${name}` }).getByLabel(mark, { exact: true });
    await radio.click();
    await expect(radio).toBeChecked();
  }
  await expectAccessible(page, 'check-in');
  await page.screenshot({ path: test.info().outputPath('check-in-375.png'), fullPage: true });
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(fs.readFileSync(await csv.path(), 'utf8')).toContain('Marlow');

  // A callback from the ratings (4 and up), with Vera added by hand: Ines, Tomas and Vera fill its first slots.
  await page.getByRole('button', { name: 'Fill a callback from ratings' }).click();
  const callback = page.getByRole('dialog', { name: 'Fill a callback from ratings' });
  await callback.getByLabel('Day', { exact: true }).fill('2031-06-12');
  await callback.getByRole('checkbox', { name: 'Vera Holt' }).check();
  await callback.getByRole('button', { name: 'Create callback and invite' }).click();
  await expect(page.getByRole('heading', { name: 'Callback: Harbour readings', level: 1 })).toBeVisible();
  const firstThree = slots.getByRole('listitem', { name: /^Slot 10:(00–10:10|10–10:20|20–10:30)$/ });
  for (const name of ['Ines Marlow', 'Tomas Reed', 'Vera Holt'])
    await expect(firstThree.filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByText('Uma Okafor')).toHaveCount(0);
  // The office can still take someone off: the invitation is cancelled and the slot frees.
  await page.getByRole('button', { name: 'Cancel invitation: Ines Marlow' }).click();
  await page
    .getByRole('dialog', { name: 'Cancel invitation: Ines Marlow' })
    .getByRole('button', { name: 'Cancel invitation' })
    .click();
  await expect(page.getByText('Ines Marlow: Cancelled')).toBeVisible();
});
