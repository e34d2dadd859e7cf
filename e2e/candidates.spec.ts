import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@casting/domain';
import { expectAccessible } from './support/axe';
import {
  addCandidate,
  genders,
  openFilters,
  rowNames,
  rows,
  seedProject,
  signedInDirector,
  type Option,
} from './support/candidates';
import { expect, signInViaUi, test } from './support/fixtures';
import { PASSWORD, person, signInElsewhere, signUpConfirmed } from './support/projects';

/*
 * The review workspace. The project, its opportunities, tags and candidates are set up through the API
 * (`POST /api/projects/admin/applicants`); filtering, voting, moving and reordering happen in the browser.
 */

test.describe('candidates workspace on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a director filters, votes with the keyboard, moves a selection and reorders a folder; a colleague sees the votes live', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { director, api } = await signedInDirector(request);
    const seeded = await seedProject(api, `Harbor Lights ${randomUUID().slice(0, 6)}`);
    const gender = await genders(api);
    const dancer = await api<Option>('POST', '/projects/lookups/tags-lookup', {
      projectId: seeded.projectId,
      name: 'Dancer',
    });
    const ids: Record<string, string> = {};
    for (const [firstName, lastName, age, who, inCallbacks] of [
      ['Ava', 'Lindgren', 30, 'Female', true],
      ['Bea', 'Okafor', 26, 'Female', true],
      ['Eve', 'Santos', 29, 'Female', true],
      ['Cleo', 'Marsh', 46, 'Female', false],
      ['Dev', 'Patel', 31, 'Male', false],
    ] as const) {
      ids[firstName] = await addCandidate(api, seeded, {
        firstName,
        lastName,
        age,
        genderId: gender[who]!,
        folderIds: inCallbacks ? [seeded.callbacks.id] : [],
      });
    }
    await api('POST', `/projects/${seeded.projectId}/applicants/tags/add`, {
      applicantIds: [ids.Ava, ids.Bea, ids.Cleo, ids.Dev],
      tagIds: [dancer.value],
    });
    const editor = person('Eli', 'Moreno');
    await api('POST', `/projects/${seeded.projectId}/accesses`, {
      invitations: [{ email: editor.email, scope: 'PROJECT_EDITOR' }],
    });
    await signUpConfirmed(request, editor);

    await signInViaUi(page, director.email, PASSWORD);
    await page.goto(`/projects/overview/${seeded.projectId}`);
    await page.getByRole('link', { name: '5 candidates for Captain Mara Holt' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/projects/candidate/${seeded.projectId}\\?roleId=${seeded.lead}$`),
    );
    await expect(page).toHaveTitle(/Candidates/);
    // Newest first.
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Dev Patel', 'Cleo Marsh', 'Eve Santos', 'Bea Okafor', 'Ava Lindgren']);
    await expectAccessible(page, 'candidates workspace');

    // Age, gender and tag filters; each shows as a chip and lives in the URL.
    await openFilters(page);
    await page.getByLabel('Minimum age').fill('25');
    await page.getByLabel('Maximum age').fill('35');
    await page.getByLabel('Maximum age').press('Enter');
    await page.getByRole('button', { name: 'Gender' }).click();
    await page.getByRole('checkbox', { name: 'Female', exact: true }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'With tags' }).click();
    await page.getByRole('checkbox', { name: 'Dancer' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => rowNames(page)).toEqual(['Bea Okafor', 'Ava Lindgren']);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText(['Age 25–35', 'Gender: Female', 'Tag: Dancer']);
    await expectAccessible(page, 'candidates workspace with filters open');

    await page.reload();
    await expect(chips.getByRole('listitem')).toHaveText(['Age 25–35', 'Gender: Female', 'Tag: Dancer']);
    await expect.poll(() => rowNames(page)).toEqual(['Bea Okafor', 'Ava Lindgren']);
    await chips.getByRole('button', { name: 'Remove filter Tag: Dancer' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Eve Santos', 'Bea Okafor', 'Ava Lindgren']);

    // A colleague has the same page open and sees the votes arrive without reloading.
    const colleague = await signInElsewhere(browser, editor);
    await colleague.goto(page.url());
    const colleagueRow = colleague.getByRole('list', { name: 'Candidates' }).getByRole('listitem').filter({
      hasText: 'Eve Santos',
    });
    await expect(colleagueRow.getByRole('img', { name: /^Votes: Yes 0/ })).toBeVisible();

    // Votes by keyboard through the preview.
    await rows(page)
      .filter({ hasText: 'Eve Santos' })
      .getByRole('button', { name: /Eve Santos/ })
      .click();
    const preview = page.getByRole('region', { name: 'Eve Santos' });
    await expect(preview).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`candidateId=${ids.Eve}`));
    await page.keyboard.press('y');
    await expect(preview.getByRole('button', { name: 'Yes Y' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('j');
    const bea = page.getByRole('region', { name: 'Bea Okafor' });
    await expect(bea).toBeVisible();
    await page.keyboard.press('n');
    await expect(bea.getByRole('button', { name: 'No N' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('k');
    await expect(
      page.getByRole('region', { name: 'Eve Santos' }).getByRole('button', { name: 'Yes Y' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(colleagueRow.getByRole('img', { name: /^Votes: Yes 1/ })).toBeVisible({ timeout: 10_000 });

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByText('Vote yes on the open candidate')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview, 'Escape closes the shortcuts, the top layer, only').toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await colleague.context().close();

    // Move a selection (click, shift-click) to the other opportunity.
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => rows(page).count()).toBe(5);
    await page.getByRole('checkbox', { name: 'Select Dev Patel' }).click();
    await page.getByRole('checkbox', { name: 'Select Cleo Marsh' }).click({ modifiers: ['Shift'] });
    const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected candidates' });
    await expect(toolbar.getByText('2 candidates selected')).toBeVisible();
    await toolbar.getByRole('button', { name: 'Move', exact: true }).click();
    const move = page.getByRole('dialog', { name: 'Move candidates to an opportunity' });
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(move.getByText(MESSAGES.opportunityRequiredForCopy)).toBeVisible();
    await move.getByLabel('Opportunity').selectOption({ label: 'Deckhand' });
    // Hidden and All Submissions are never a destination; New Submissions only for an import.
    await expect(move.getByRole('checkbox', { name: 'Hidden' })).toHaveCount(0);
    await expect(move.getByRole('checkbox', { name: 'New Submissions' })).toHaveCount(0);
    await move.getByRole('checkbox', { name: 'Selects' }).check();
    await expectAccessible(page, 'move dialog');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(page.getByText(MESSAGES.copyMoveSucceeded('MOVE'))).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual(['Eve Santos', 'Bea Okafor', 'Ava Lindgren']);
    await page.getByLabel('Opportunity').selectOption({ label: 'Deckhand' });
    // Both moved together, so their order among themselves is the API's; what matters is that both arrived.
    await expect.poll(async () => (await rowNames(page)).sort()).toEqual(['Cleo Marsh', 'Dev Patel']);

    // Copy one to an opportunity of another project the director runs.
    const sequel = await api<{ id: string }>('POST', '/v2/projects', {
      name: `Sequel ${randomUUID().slice(0, 6)}`,
    });
    await api('POST', `/v2/projects/${sequel.id}/roles`, { name: 'Lighthouse Keeper' });
    await page.getByLabel('Opportunity').selectOption({ label: 'Captain Mara Holt' });
    await expect.poll(() => rows(page).count()).toBe(3);
    await page.getByRole('checkbox', { name: 'Select Eve Santos' }).check();
    await toolbar.getByRole('button', { name: 'Copy', exact: true }).click();
    const copy = page.getByRole('dialog', { name: 'Copy candidates to an opportunity' });
    await copy
      .getByLabel('Project')
      .selectOption({ label: (await api<{ name: string }>('GET', `/v2/projects/${sequel.id}`)).name });
    await copy.getByLabel('Opportunity').selectOption({ label: 'Lighthouse Keeper' });
    await copy.getByRole('checkbox', { name: 'Selects' }).check();
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText(MESSAGES.copyMoveSucceeded('COPY'))).toBeVisible();
    const copied = await api<{ items: { name: string }[] }>('GET', `/projects/${sequel.id}/applicants`);
    expect(copied.items.map((item) => item.name)).toEqual(['Eve Santos']);

    // Reorder the Callbacks folder by keyboard; the order survives a reload.
    await page.getByLabel('Opportunity').selectOption({ label: 'Captain Mara Holt' });
    await page
      .getByRole('navigation', { name: 'Opportunities and folders' })
      .getByRole('link', { name: 'Callbacks' })
      .click();
    await openFilters(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Manual order' });
    await expect(page).toHaveURL(/sort=manual/);
    // The handles appear once the folder's own order has arrived (not while the previous list stands in).
    await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(3);
    const before = await rowNames(page);
    const second = before[1]!;
    await page.getByRole('button', { name: `Reorder ${second}` }).focus();
    // Each step waits for what a screen reader hears, so the keys land on a drag that has started and moved.
    await page.keyboard.press('Space');
    await expect(page.getByText(`${second} is now at position 2 of 3.`)).toBeAttached();
    // The keyboard sensor listens for arrows from the task after the drag starts; an arrow pressed sooner is not seen,
    // so press until the move is heard (a second press at the top moves nothing).
    await expect(async () => {
      await page.keyboard.press('ArrowUp');
      await expect(page.getByText(`${second} is now at position 1 of 3.`)).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Space');
    await expect(page.getByText('New order saved')).toBeVisible();
    const after = [second, before[0]!, before[2]!];
    await expect.poll(() => rowNames(page)).toEqual(after);
    // And by dragging with the pointer: the last row to the top. The open filter panel pushes the rows down, so the
    // handles are brought into view first (the mouse only acts on what is on screen).
    const last = after[2]!;
    await page.getByRole('button', { name: `Reorder ${last}` }).scrollIntoViewIfNeeded();
    const handle = await page.getByRole('button', { name: `Reorder ${last}` }).boundingBox();
    const top = await page.getByRole('button', { name: `Reorder ${after[0]!}` }).boundingBox();
    // The new order is saved by a call the page makes after the drop: the reload below waits for its answer, as a
    // person sees the toast before leaving (a reload while it is on its way would show the order before it).
    const saved = page.waitForResponse(
      (response) =>
        /\/applicant-sort$/.test(new URL(response.url()).pathname) && response.request().method() === 'PUT',
    );
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle!.x + handle!.width / 2, top!.y, { steps: 12 });
    await page.mouse.move(handle!.x + handle!.width / 2, top!.y - 4, { steps: 4 });
    await page.mouse.up();
    const dragged = [last, after[0]!, after[1]!];
    await expect.poll(() => rowNames(page)).toEqual(dragged);
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual(dragged);
    await expectAccessible(page, 'folder in manual order');

    // Hide from the selection; a removal from a folder is undone from its toast.
    const folderNav = page.getByRole('navigation', { name: 'Opportunities and folders' });
    await folderNav.getByRole('link', { name: 'Everyone in this opportunity' }).click();
    await page.getByRole('checkbox', { name: 'Select Ava Lindgren' }).check();
    await toolbar.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(page.getByText('1 candidate hidden')).toBeVisible();
    await folderNav.getByRole('link', { name: 'Hidden' }).click();
    await expect.poll(() => rowNames(page)).toEqual(['Ava Lindgren']);
    await page.getByRole('checkbox', { name: 'Select Ava Lindgren' }).check();
    await toolbar.getByRole('button', { name: 'Remove from folder', exact: true }).click();
    await expect(page.getByText('No candidates in “Hidden” yet.')).toBeVisible();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: '1 candidate removed from “Hidden”' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect.poll(() => rowNames(page)).toEqual(['Ava Lindgren']);
    // Every picked row is hidden, so the toolbar offers Unhide: she is shown again and leaves Hidden.
    await page.getByRole('checkbox', { name: 'Select Ava Lindgren' }).check();
    await toolbar.getByRole('button', { name: 'Unhide', exact: true }).click();
    await expect(page.getByText('1 candidate shown again')).toBeVisible();
    await expect(page.getByText('No candidates in “Hidden” yet.')).toBeVisible();
  });
});

test.describe('candidates workspace on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a talent editor reviews every candidate in the casting folders; a talent submitter sees only the submitter folders', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(150_000);
    const { api } = await signedInDirector(request);
    const seeded = await seedProject(api, `Low Tide ${randomUUID().slice(0, 6)}`);
    const gender = await genders(api);
    const selects = seeded.folders.find((item) => item.systemAlias === 'SELECTS')!.id;
    for (const [firstName, lastName, folderIds] of [
      ['Rae', 'Holm', [selects]],
      ['Sol', 'Ibarra', [selects]],
      ['Tam', 'Quist', []],
    ] as const) {
      await addCandidate(api, seeded, {
        firstName,
        lastName,
        age: 30,
        genderId: gender.Female!,
        folderIds: [...folderIds],
      });
    }
    const talentEditor = person('Tomas', 'Reyes');
    const submitter = person('Sana', 'Mirza');
    await api('POST', `/projects/${seeded.projectId}/accesses`, {
      invitations: [
        { email: talentEditor.email, scope: 'TALENT_EDITOR' },
        { email: submitter.email, scope: 'TALENT_SUBMITTER' },
      ],
    });
    await signUpConfirmed(request, talentEditor);
    await signUpConfirmed(request, submitter);
    const workspace = `/projects/candidate/${seeded.projectId}?roleId=${seeded.lead}`;

    // The talent editor reviews every candidate with the casting folders, but may not reorder.
    await signInViaUi(page, talentEditor.email, PASSWORD);
    await page.goto(workspace);
    await expect.poll(() => rows(page).count()).toBe(3);
    const folders = page.getByRole('navigation', { name: 'Opportunities and folders' });
    await expect(folders.getByRole('link', { name: 'Selects' })).toBeVisible();
    await expect(folders.getByRole('link', { name: 'For Review' })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Select Rae Holm' }).check();
    const toolbar = page.getByRole('toolbar', { name: 'Actions for the selected candidates' });
    for (const action of ['Copy', 'Move', 'Hide', 'Tags', 'Delete']) {
      await expect(toolbar.getByRole('button', { name: action, exact: true })).toBeVisible();
    }
    await toolbar.getByRole('button', { name: 'Clear selection' }).click();
    await folders.getByRole('link', { name: 'Selects' }).click();
    await openFilters(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Manual order' });
    await expect.poll(() => rows(page).count()).toBe(2);
    await expect(page.getByRole('button', { name: /^Reorder / })).toHaveCount(0);
    // On a phone the preview is a full-screen sheet with its own close button.
    const [first, other] = await rowNames(page);
    await page.getByRole('button', { name: new RegExp(`^${first}`) }).click();
    await expect(page.getByRole('region', { name: first })).toBeVisible();
    // A No moves the candidate out of Selects (into Viewed): the review goes on with the one who took its place.
    await page.keyboard.press('n');
    const preview = page.getByRole('region', { name: other });
    await expect(preview).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([other]);
    await expect(preview.getByRole('button', { name: 'Yes Y' })).toBeVisible();
    await expectAccessible(page, 'candidate preview on a phone, talent editor');
    await preview.getByRole('button', { name: 'Close the preview' }).click();
    await expect(preview).toBeHidden();
    // "Review now" opens the new submissions with the first of them, so the vote keys act at once.
    await page
      .getByRole('region', { name: 'Reminder to vote' })
      .getByRole('button', { name: 'Review now' })
      .click();
    await expect(page).toHaveURL(/candidateId=/);
    await expect(page.getByRole('button', { name: 'Close the preview' })).toBeVisible();

    // The talent submitter sees only the submitter folders and only the candidates in them: none of these yet
    // (candidates reach them through submission links; the action table per folder is unit-tested).
    const submitterPage = await signInElsewhere(browser, submitter);
    await submitterPage.setViewportSize({ width: 375, height: 812 });
    await submitterPage.goto(workspace);
    const theirFolders = submitterPage.getByRole('navigation', { name: 'Opportunities and folders' });
    for (const name of ['For Review', 'Hold for Later', 'Invited']) {
      await expect(theirFolders.getByRole('link', { name })).toBeVisible();
    }
    await expect(theirFolders.getByRole('link', { name: 'Selects' })).toHaveCount(0);
    await expect(submitterPage.getByText('No candidates yet.')).toBeVisible();
    await expect(submitterPage.getByRole('checkbox', { name: 'Select Rae Holm' })).toHaveCount(0);
    await expect(submitterPage.getByRole('button', { name: 'Show submitter folders' })).toHaveCount(0);
    await expectAccessible(submitterPage, 'candidates workspace on a phone, talent submitter');
    await submitterPage.context().close();
  });
});
