import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MESSAGES, type ImportDryRun } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildProject, buildRole, signedInUser, type Cast } from '../support/projects';
import { buildImportFixture, countIn, importCalls, MAPPING, realWorldCsv } from './import-fixture';

// Reading a sheet to import into an opportunity: the preview and its suggested mapping, the dry run's bad rows,
// Excel files, and what is refused.
let t: TestApp;
let cast: Cast;
const { sendFile, post } = importCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast } = await buildImportFixture());
});
afterAll(() => t.close());

describe('import into an opportunity', () => {
  it('previews the file with a suggested mapping, skipping blank lines and reading the BOM and quotes', async () => {
    const { csv } = realWorldCsv(3, 'preview');
    const file = await sendFile(cast.headers('PO'), csv);
    const res = await post('preview', { fileId: file.fileId });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.columns).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Date of birth',
      'Skills',
    ]);
    expect(preview.suggestedMapping).toEqual(MAPPING);
    expect(preview.rowCount).toBe(9);
    expect(preview.rows[0]).toEqual([
      'Zoë',
      'Ñúñez-García',
      'zoe.preview@example.com',
      '+14155550101',
      '1990-04-12',
      'Dancer, singer',
    ]);
    expect(preview.rows[1][0]).toBe('José "Pepe"');
  });

  it('dry run lists every bad row with its reason and the spreadsheet row number, and writes nothing', async () => {
    const role = await buildRole(cast.project);
    const { csv } = realWorldCsv(5, 'dry');
    const file = await sendFile(cast.headers('PO'), csv);
    const res = await post('dry-run', {
      fileId: file.fileId,
      fileName: 'people.csv',
      mapping: MAPPING,
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json<ImportDryRun>();
    expect(dry.total).toBe(11);
    expect(dry.valid).toBe(7);
    expect(dry.failed).toEqual([
      { row: 5, name: 'Anaïs Lefèvre', reason: `E-mail: ${MESSAGES.invalidEmailAddress}` },
      { row: 7, name: 'Zoë Ñúñez-García', reason: IMPORT_MESSAGES.duplicateInFile(2) },
      { row: 8, name: 'Nameless', reason: `First name: ${MESSAGES.nameRequired}` },
      { row: 9, name: 'Björk Guðmundsdóttir', reason: `E-mail: ${MESSAGES.invalidEmailAddress}` },
    ]);
    expect(await countIn(role)).toBe(0);
  });

  it('refuses a bad mapping, another user’s file, casting assistants and people outside the project', async () => {
    const role = await buildRole(cast.project);
    const file = await sendFile(cast.headers('PO'), 'First name,Last name\nA,B\n');
    const target = { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id };
    const missing = await post('dry-run', {
      fileId: file.fileId,
      fileName: 'x.csv',
      mapping: { firstName: 0 },
      target,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(IMPORT_MESSAGES.missingRequiredColumn('Last name'));
    const twice = await post('dry-run', {
      fileId: file.fileId,
      fileName: 'x.csv',
      mapping: { firstName: 0, lastName: 0 },
      target,
    });
    expect(twice.json().message).toContain(IMPORT_MESSAGES.columnUsedTwice);

    const stranger = await signedInUser(t.app, { roleCode: 'CASTING_DIRECTOR' });
    const theirs = await post('preview', { fileId: file.fileId }, stranger.auth);
    expect(theirs.statusCode).toBe(404);
    const ownFile = await sendFile(stranger.auth, 'First name,Last name\nA,B\n');
    const outsider = await post(
      'dry-run',
      { fileId: ownFile.fileId, fileName: 'x.csv', mapping: { firstName: 0, lastName: 1 }, target },
      stranger.auth,
    );
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().code).toBe('PROJECT_ACCESS_DENIED');

    const assistant = await signedInUser(t.app, { roleCode: 'CASTING_ASSISTANT' });
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/import/files?kind=SHEET&name=a.csv',
      headers: { ...assistant.auth, 'content-type': 'text/csv' },
      payload: 'a,b\n1,2\n',
    });
    expect(refused.statusCode).toBe(403);

    const otherProject = await buildProject(cast.people.PO.user);
    const foreignRole = await buildRole(otherProject);
    const wrong = await post('dry-run', {
      fileId: file.fileId,
      fileName: 'x.csv',
      mapping: { firstName: 0, lastName: 1 },
      target: { ...target, roleId: foreignRole.id },
    });
    expect(wrong.statusCode).toBe(404);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/import/jobs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads an Excel file and refuses a file that is neither', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['First name', 'Last name', 'Date of birth']);
    sheet.addRow(['Élodie', 'Durand', new Date(Date.UTC(1992, 1, 3))]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/import/files?kind=SHEET&name=people.xlsx',
      headers: {
        ...cast.headers('PO'),
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      payload: bytes,
    });
    const preview = (await post('preview', { fileId: res.json().fileId })).json();
    expect(preview.rows[0]).toEqual(['Élodie', 'Durand', '1992-02-03']);
    expect(preview.suggestedMapping).toEqual({ firstName: 0, lastName: 1, dateOfBirth: 2 });

    const junk = await sendFile(cast.headers('PO'), Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]));
    const refused = await post('preview', { fileId: junk.fileId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.unreadableFile);
  });
});
