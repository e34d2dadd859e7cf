import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@casting/domain';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import {
  apiAs,
  chooseOption,
  fullName,
  PASSWORD,
  person,
  signInElsewhere,
  signUpConfirmed,
} from './support/projects';

/*
 * Journeys in the casting office's workspace. People are created through the API and confirmed with
 * the code the outbox recorded; everything a person does on the project pages happens in the browser.
 */

test.describe('projects workspace', () => {
  test('a casting director builds a project and an invited project editor works in it', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const director = person('Dana', 'Whitford');
    const editor = person('Eli', 'Moreno');
    const projectName = `Harbor Lights ${randomUUID().slice(0, 6)}`;
    await signUpConfirmed(request, director);

    await signInViaUi(page, director.email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
    await expectAccessible(page, 'projects list, no projects yet');

    await page.getByRole('link', { name: 'New project' }).click();
    await expect(page).toHaveURL(/\/projectv2\/create$/);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByLabel('Project name')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await expectAccessible(page, 'create project form with a field error');

    await page.getByLabel('Project name').fill(projectName);
    await chooseOption(page, 'Project type', 'Feature Film');
    await page.getByLabel('Production company').fill('Northlight Pictures');
    await page.getByLabel('Submission deadline').fill('2031-03-01');
    await page.getByLabel('Keep each applicant in only one folder').check();
    await page.getByRole('button', { name: 'Create project' }).click();

    await expect(page).toHaveURL(/\/projects\/roles\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    const projectId = page.url().split('/').pop() ?? '';

    for (const role of ['Captain Mara Holt', 'Deckhand']) {
      await page.getByRole('button', { name: 'Add opportunity' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add opportunity' });
      await dialog.getByLabel('Opportunity name').fill(role);
      await dialog.getByLabel('Minimum age').fill('25');
      await dialog.getByLabel('Maximum age').fill('40');
      await dialog.getByRole('button', { name: 'Create opportunity' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('heading', { name: role, level: 3 })).toBeVisible();
    }

    const folders = page.getByRole('list', { name: 'Folders of Captain Mara Holt' });
    await expect(folders.getByText('New Submissions')).toBeVisible();
    await page.getByRole('button', { name: 'Add folder' }).click();
    await page.getByLabel('New folder name').fill('Callbacks');
    await page.getByLabel('New folder name').press('Enter');
    const callbacks = folders.getByRole('button', { name: 'Rename folder Callbacks', exact: true });
    await expect(callbacks).toBeVisible();

    // The editable label: Escape abandons a change, the dot marks one, Enter saves it.
    await callbacks.click();
    await page.getByLabel('Folder name', { exact: true }).fill('Scrapped');
    await expect(page.getByText('Unsaved change')).toBeAttached();
    await page.getByLabel('Folder name', { exact: true }).press('Escape');
    await expect(callbacks).toBeVisible();
    await callbacks.click();
    await page.getByLabel('Folder name', { exact: true }).fill('Callbacks Day 1');
    await page.getByLabel('Folder name', { exact: true }).press('Enter');
    await expect(folders.getByRole('button', { name: 'Rename folder Callbacks Day 1' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Rename folder Callbacks Day 1' })).toBeVisible();
    await expectAccessible(page, 'opportunities and folders');

    await page.getByRole('button', { name: 'Invite team members' }).click();
    const team = page.getByRole('dialog', { name: 'Invite team members' });
    await expect(team.getByRole('list', { name: 'Team members' })).toContainText(fullName(director));
    await team.getByLabel('Email', { exact: true }).fill(editor.email);
    await chooseOption(page, 'Role', 'Project Editor');
    await team.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(MESSAGES.teamMemberAdded)).toBeVisible();
    await expect(team.getByRole('list', { name: 'Team members' })).toContainText(editor.email);
    await expectAccessible(page, 'invite team members dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/projects/overview/${projectId}`);
    // The project navigation offers inviting candidates to every member who may submit talent (owner and editor).
    await expect(page.getByRole('link', { name: 'Invite candidates' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Deckhand/ })).toBeVisible();
    await expectAccessible(page, 'project overview as owner');

    // The colleague signs up with the invited address and finds the project waiting.
    await signUpConfirmed(request, editor);
    const colleague = await signInElsewhere(browser, editor);
    await colleague.getByRole('link', { name: projectName, exact: true }).click();
    await expect(colleague.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    await expect(colleague.getByRole('row', { name: /Captain Mara Holt/ })).toBeVisible();
    await expect(colleague.getByRole('heading', { name: 'Applicant management' })).toHaveCount(0);
    await expect(colleague.getByRole('link', { name: 'Invite candidates' })).toBeVisible();
    await expectAccessible(colleague, 'project overview as project editor');

    await colleague
      .getByRole('navigation', { name: 'Project navigation' })
      .getByRole('link', { name: 'Opportunities' })
      .click();
    await colleague.getByRole('button', { name: 'Edit Deckhand' }).click();
    const edit = colleague.getByRole('dialog', { name: 'Edit Deckhand' });
    await edit.getByLabel('Description').fill('Works the nets; some sailing experience.');
    await edit.getByRole('button', { name: 'Save opportunity' }).click();
    await expect(edit).toBeHidden();
    await expect(colleague.getByText('Works the nets; some sailing experience.')).toBeVisible();
    await expectAccessible(colleague, 'opportunities as project editor');
    await colleague.context().close();
  });

  test('a talent editor cannot manage team roles beyond their own', async ({ page, request }) => {
    test.setTimeout(90_000);
    const director = person('Rhea', 'Lindqvist');
    const talentEditor = person('Tomas', 'Reyes');
    const pendingEditor = person('Priya', 'Nair');
    const projectName = `Cold Open ${randomUUID().slice(0, 6)}`;
    await signUpConfirmed(request, director);
    const api = await apiAs(request, director);
    const project = await api<{ id: string }>('POST', '/v2/projects', { name: projectName });
    await api('POST', `/v2/projects/${project.id}/roles`, { name: 'Narrator' });
    await api('POST', `/projects/${project.id}/accesses`, {
      invitations: [
        { email: talentEditor.email, scope: 'TALENT_EDITOR' },
        { email: pendingEditor.email, scope: 'PROJECT_EDITOR' },
      ],
    });
    await signUpConfirmed(request, talentEditor);

    await signInViaUi(page, talentEditor.email, PASSWORD);
    await page.getByRole('link', { name: projectName, exact: true }).click();
    await expect(page.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit project' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Invite team members' }).click();
    const team = page.getByRole('dialog', { name: 'Invite team members' });
    await expect(team.getByRole('combobox', { name: `Role of ${fullName(director)}` })).toBeDisabled();
    await expect(team.getByRole('combobox', { name: `Role of ${pendingEditor.email}` })).toBeDisabled();
    await expect(team.getByRole('combobox', { name: `Role of ${fullName(talentEditor)}` })).toBeEnabled();
    await expect(team.getByRole('button', { name: `Remove ${fullName(director)}` })).toHaveCount(0);
    await expect(team.getByRole('button', { name: `Remove ${pendingEditor.email}` })).toHaveCount(0);

    await team.getByRole('combobox', { name: 'Role', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Talent Editor', 'Talent Submitter']);
    await page.keyboard.press('Escape');
    await expectAccessible(page, 'team dialog as talent editor');
    await page.keyboard.press('Escape');

    await page
      .getByRole('navigation', { name: 'Project navigation' })
      .getByRole('link', { name: 'Opportunities' })
      .click();
    await expect(page.getByRole('heading', { name: 'Narrator', level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add opportunity' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit Narrator' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add folder' })).toHaveCount(0);
    await expectAccessible(page, 'opportunities as talent editor');
  });

  test('the projects list searches, pages, archives and restores', async ({ page, request }) => {
    test.setTimeout(90_000);
    const director = person('Noor', 'Haddad');
    const tag = randomUUID().slice(0, 6);
    await signUpConfirmed(request, director);
    const api = await apiAs(request, director);
    for (let n = 1; n <= 20; n += 1) await api('POST', '/v2/projects', { name: `Backlot ${tag} ${n}` });
    const alpha = await api<{ id: string }>('POST', '/v2/projects', { name: `Lantern Alpha ${tag}` });
    await api('POST', '/v2/projects', { name: `Lantern Beta ${tag}` });
    await api('POST', '/v2/projects', { name: `Zephyr ${tag}` });

    await signInViaUi(page, director.email, PASSWORD);
    const list = page.getByRole('list', { name: 'Projects' });
    await expect(list.getByRole('listitem')).toHaveCount(20);
    await expect(page.getByText('Showing 1–20 of 23')).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Showing 21–23 of 23')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page, 'projects list, second page');

    const search = page.getByLabel('Search projects');
    // Two characters are not a search yet: the second page stays as it was.
    await search.fill('La');
    await expect(page.getByText('Type at least 3 characters to search.')).toBeVisible();
    await page.waitForTimeout(700);
    await expect(page.getByText('Showing 21–23 of 23')).toBeVisible();
    await search.fill(`Lantern`);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('link', { name: `Lantern Alpha ${tag}`, exact: true })).toBeVisible();
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);

    await search.fill(`Zephyr ${tag}`);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: `Archive Zephyr ${tag}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Archive Zephyr ${tag}?` })
      .getByRole('button', { name: 'Archive', exact: true })
      .click();
    await expect(page.getByText(`Project “Zephyr ${tag}” archived`)).toBeVisible();
    await expect(page.getByText(`No projects match “Zephyr ${tag}”.`)).toBeVisible();

    await page.getByRole('switch', { name: 'Show archived' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText('Archived', { exact: true })).toBeVisible();
    await expectAccessible(page, 'projects list with archived shown');
    await page.getByRole('button', { name: `Unarchive Zephyr ${tag}`, exact: true }).click();
    await expect(page.getByText(`Project “Zephyr ${tag}” restored`)).toBeVisible();
    await expect(list.getByText('Archived', { exact: true })).toHaveCount(0);

    // Details, then every field in the edit form; the saved value shows on the details page.
    await search.fill(`Lantern Alpha ${tag}`);
    await list.getByRole('link', { name: `Lantern Alpha ${tag}`, exact: true }).click();
    await page.getByRole('link', { name: 'Project details' }).click();
    await expect(page).toHaveURL(new RegExp(`/projectv2/view/${alpha.id}$`));
    await expectAccessible(page, 'project details');
    await page.getByRole('link', { name: 'Edit project' }).click();
    await expect(page.getByRole('heading', { name: `Edit Lantern Alpha ${tag}` })).toBeVisible();
    await chooseOption(page, 'Project status', 'Casting');
    await page.getByLabel('Shoot start date').fill('2031-06-10');
    await page.getByLabel('Shoot end date').fill('2031-06-01');
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect(page.getByLabel('Shoot end date')).toHaveAccessibleDescription(
      'The shoot end date must be on or after the shoot start date.',
    );
    await expectAccessible(page, 'edit project form with a field error');
    await page.getByLabel('Shoot end date').fill('2031-06-20');
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect(page).toHaveURL(new RegExp(`/projectv2/view/${alpha.id}$`));
    await expect(page.getByText('2031-06-10 to 2031-06-20')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^Casting$/ })).toBeVisible();

    // The switcher in the workspace panel opens another project on the same page.
    await page.goto(`/projects/overview/${alpha.id}`);
    await page.getByRole('button', { name: `Switch project, current: Lantern Alpha ${tag}` }).click();
    await page
      .getByRole('dialog', { name: 'Switch project' })
      .getByLabel('Search projects')
      .fill(`Lantern Beta ${tag}`);
    await page.getByRole('button', { name: `Lantern Beta ${tag}`, exact: true }).click();
    await expect(page).toHaveURL(/\/projects\/overview\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: `Lantern Beta ${tag}`, level: 1 })).toBeVisible();
    await expectAccessible(page, 'project overview after switching');
  });

  test('a super admin adds and renames lookup values on /enums', async ({ page, admin }) => {
    test.setTimeout(60_000);
    const tag = randomUUID().slice(0, 6);
    await signInViaUi(page, admin.email, admin.password);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Enums' })
      .click();
    await expect(page.getByRole('heading', { name: 'Enums', level: 1 })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Lookups' })
      .getByRole('button', { name: /^Geographic/ })
      .click();
    const values = page.getByRole('list', { name: 'Geographic values' });
    await expect(values.getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page, 'enums page');

    await page.getByRole('button', { name: 'Add value' }).click();
    await expect(page.getByLabel('New value')).toHaveAccessibleDescription(MESSAGES.nameRequired);
    await page.getByLabel('New value').fill(`Pacific Northwest ${tag}`);
    await page.getByRole('button', { name: 'Add value' }).click();
    await expect(values.getByText(`Pacific Northwest ${tag}`, { exact: true })).toBeVisible();

    await page.getByLabel('New value').fill(`pacific northwest ${tag}`);
    await page.getByRole('button', { name: 'Add value' }).click();
    await expect(page.getByLabel('New value')).toHaveAccessibleDescription(
      'A value with this name already exists.',
    );

    await values.getByRole('button', { name: `Rename Pacific Northwest ${tag}` }).click();
    await page.getByLabel(`New name for Pacific Northwest ${tag}`).fill(`Pacific Northwest Coast ${tag}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(values.getByText(`Pacific Northwest Coast ${tag}`, { exact: true })).toBeVisible();
    await expectAccessible(page, 'enums page after renaming');
  });
});
