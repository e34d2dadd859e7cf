import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { expectAccessible } from './support/axe';
import { expect, signInViaUi, test } from './support/fixtures';
import { projectWithRoles } from './support/links';
import { PASSWORD, person, signUpConfirmed } from './support/projects';

/**
 * An office imports a real-world-shaped CSV of 500 people (BOM, CRLF, accents, quoted commas, blank
 * lines, a person twice, bad e-mails) into an opportunity, downloads the 10 rows that failed, fixes them and
 * imports them.
 */
function officeCsv(suffix: string): string {
  const rows: string[] = ['First name,Last name,E-mail,Phone,Date of birth,Skills'];
  const firstNames = ['Zoë', 'José', 'Anaïs', 'Björn', 'Çelik', 'Łucja', 'Ngozi', 'Mårten', 'Inés', 'Sören'];
  for (let index = 0; index < 490; index++) {
    const first = firstNames[index % firstNames.length]!;
    rows.push(
      `${first},"Doe-${index}, Jr.",p${index}.${suffix}@example.com,,1990-01-${String((index % 28) + 1).padStart(2, '0')},"Dance, Singing"`,
    );
    if (index % 100 === 50) rows.push('');
  }
  // The ten bad rows: seven bad addresses, two without a first name, and the first person again.
  for (let index = 0; index < 7; index++) rows.push(`Émile,Bad${index},emile${index}.${suffix}@example,,,`);
  rows.push(`,Nameless,nameless1.${suffix}@example.com,,,`);
  rows.push(`,Nameless,nameless2.${suffix}@example.com,,,`);
  rows.push(`Zoë,"Doe-0, Jr.",P0.${suffix}@EXAMPLE.com,,,`);
  return '\uFEFF' + rows.join('\r\n') + '\r\n';
}

test.describe('import', () => {
  test('an office imports 500 people, 10 rows fail, and the fixed rows import', async ({ page, request }) => {
    test.setTimeout(240_000);
    const suffix = randomUUID().slice(0, 6);
    const director = person('Imke', 'Castell');
    await signUpConfirmed(request, director);
    const project = await projectWithRoles(request, director, `Quayside ${suffix}`, ['Townsfolk']);

    await signInViaUi(page, director.email, PASSWORD);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Import' })
      .click();
    await expect(page).toHaveURL(/\/import$/);
    await expect(page.getByRole('heading', { name: 'Import people' })).toBeVisible();

    await page.getByRole('radio', { name: 'An opportunity of a project' }).check();
    await page.getByLabel('Find a project').fill(`Quayside ${suffix}`);
    await expect(
      page.getByLabel('Project', { exact: true }).locator('option', { hasText: `Quayside ${suffix}` }),
    ).toHaveCount(1);
    await page.getByLabel('Project', { exact: true }).selectOption({ label: `Quayside ${suffix}` });
    await page.getByLabel('Opportunity', { exact: true }).selectOption({ label: 'Townsfolk' });

    await page.getByLabel('CSV or Excel file').setInputFiles({
      name: 'office export.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(officeCsv(suffix), 'utf8'),
    });
    await expect(page.getByText('office export.csv')).toBeVisible();
    await expect(page.getByText('The first 10 of 500 rows')).toBeVisible();
    // The headers suggested the mapping; the preview shows accents and the quoted comma as one cell.
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('2');
    await expect(page.getByRole('cell', { name: 'Doe-0, Jr.' })).toBeVisible();
    await expectAccessible(page, 'import mapping');

    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect(page.getByText('500 rows: 490 ready to import, 10 with problems.')).toBeVisible();
    const problems = page.getByRole('table', { name: 'Rows that will not be imported' });
    await expect(problems.getByRole('row')).toHaveCount(11);
    await expect(problems.getByText('E-mail: Invalid email address').first()).toBeVisible();
    await expect(problems.getByText(/Same person as row 2 of this file/)).toBeVisible();

    await page.getByRole('button', { name: 'Import 490 rows' }).click();
    await expect(page.getByLabel('Import progress')).toBeVisible();
    await expect(page.getByText('Import finished: 490 added, 0 already there, 10 not imported.')).toBeVisible(
      {
        timeout: 120_000,
      },
    );
    await expect(page.getByRole('table', { name: 'Rows not imported' }).getByRole('row')).toHaveCount(11);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download failed rows (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('office export-failed-rows.csv');
    const failedCsv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(failedCsv, { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Date of birth',
      'Skills',
      'Error',
    ]);
    expect(parsed).toHaveLength(11);

    // The office fixes the addresses and names, drops the repeated person, and imports the file again.
    const fixed = parsed
      .slice(1)
      .filter((row) => !row[6]!.startsWith('Same person'))
      .map((row, index) => {
        const cells = row.slice(0, 6);
        if (cells[0] === '') cells[0] = `Fixed${index}`;
        cells[2] = cells[2]!.replace(/@example$/, '@example.com');
        return cells;
      });
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('Project', { exact: true }).selectOption({ label: `Quayside ${suffix}` });
    await page.getByLabel('Opportunity', { exact: true }).selectOption({ label: 'Townsfolk' });
    await page.getByLabel('CSV or Excel file').setInputFiles({
      name: 'fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(Papa.unparse({ fields: parsed[0]!.slice(0, 6), data: fixed }), 'utf8'),
    });
    await expect(page.getByText('The first 9 of 9 rows')).toBeVisible();
    await page.getByRole('button', { name: 'Check rows' }).click();
    await expect(page.getByText('9 rows: 9 ready to import, 0 with problems.')).toBeVisible();
    await page.getByRole('button', { name: 'Import 9 rows' }).click();
    await expect(page.getByText('Import finished: 9 added, 0 already there, 0 not imported.')).toBeVisible({
      timeout: 60_000,
    });

    // The candidates are in the opportunity: the workspace finds an accented name.
    await page.goto(`/projects/candidate/${project.id}?roleId=${project.roles.Townsfolk}`);
    await expect(page.getByText('Émile Bad0').first()).toBeVisible({ timeout: 20_000 });

    // The first import can be reopened later from the past imports, failed rows and all.
    await page.goto('/import');
    const past = page.getByRole('region', { name: 'Your past imports' });
    await past.getByRole('link', { name: /^office export\.csv/ }).click();
    await expect(
      page.getByText('Import finished: 490 added, 0 already there, 10 not imported.'),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Rows not imported' }).getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('button', { name: 'Download failed rows (CSV)' })).toBeVisible();
  });
});
