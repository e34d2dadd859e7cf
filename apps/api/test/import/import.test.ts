import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { IMPORT_MESSAGES, MESSAGES, type ImportDryRun, type ImportJob, type Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { applicants, importJobs, mediaItems, people, submissions } from '../../src/platform/db/schema';
import { runImport } from '../../src/modules/import/runner';
import { buildCast, buildProject, buildRole, signedInUser, type Cast } from '../support/projects';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const MAPPING = { firstName: 0, lastName: 1, email: 2, phone: 3, dateOfBirth: 4, skills: 5 };

/**
 * A sheet as offices export them: a byte-order mark, CRLF line ends, accents, quoted cells with commas and quotes,
 * blank lines, the same person twice, and bad addresses. `people` good rows follow the awkward ones.
 */
function realWorldCsv(people: number, tag: string): { csv: string; bad: number } {
  const lines = [
    'First name,Last name,E-mail,Phone,Date of birth,Skills',
    `Zoë,Ñúñez-García,zoe.${tag}@example.com,+14155550101,1990-04-12,"Dancer, singer"`,
    '',
    `"José ""Pepe""",O'Brien,jose.${tag}@example.com,,15/06/1985,Stage combat;Horse riding`,
    `Anaïs,Lefèvre,not-an-email,,,`,
    '   ',
    `Zoë,Ñúñez-García,ZOE.${tag}@example.com,,,`,
    `,Nameless,nameless.${tag}@example.com,,,`,
    `Björk,Guðmundsdóttir,bjork.${tag}@example,,,`,
  ];
  for (let index = 0; index < people; index++) {
    lines.push(`Person${index},Ölander,p${index}.${tag}@example.com,,,`);
  }
  return { csv: '\uFEFF' + lines.join('\r\n') + '\r\n', bad: 4 };
}

async function sendFile(headers: Record<string, string>, body: string | Buffer, name = 'people.csv') {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/import/files?kind=SHEET&name=${encodeURIComponent(name)}`,
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ fileId: string; name: string; size: number }>();
}

const post = (url: string, payload: object, headers = cast.headers('PO')) =>
  t.app.inject({ method: 'POST', url: `/api/import/${url}`, headers, payload });

async function waitForJob(id: string, headers = cast.headers('PO')): Promise<ImportJob> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/import/jobs/${id}`, headers });
    const job = res.json<ImportJob>();
    if (job.status === 'DONE' || job.status === 'FAILED' || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function countIn(role: Role) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.roleId, role.id));
  return row!.count;
}

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

  it('imports the good rows as a job, lists the failed ones as CSV, and the fixed CSV imports them', async () => {
    const role = await buildRole(cast.project);
    const { csv } = realWorldCsv(20, 'run');
    const file = await sendFile(cast.headers('PO'), csv);
    const started = await post('jobs', {
      fileId: file.fileId,
      fileName: 'Casting list (été).csv',
      mapping: MAPPING,
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    });
    expect(started.statusCode, started.body).toBe(202);
    const job = await waitForJob(started.json<ImportJob>().id);
    expect(job).toMatchObject({
      status: 'DONE',
      total: 26,
      processed: 26,
      imported: 22,
      existing: 0,
      failed: 4,
    });
    expect(await countIn(role)).toBe(22);

    const { db } = await testDatabase();
    const [zoe] = await db
      .select()
      .from(applicants)
      .where(and(eq(applicants.projectId, cast.project.id), eq(applicants.email, 'zoe.run@example.com')));
    expect(zoe).toMatchObject({ firstName: 'Zoë', lastName: 'Ñúñez-García', dateOfBirth: '1990-04-12' });
    expect(zoe!.skills).toEqual(['Dancer', 'singer']);
    const [jose] = await db.select().from(applicants).where(eq(applicants.email, 'jose.run@example.com'));
    expect(jose).toMatchObject({ firstName: 'José "Pepe"', dateOfBirth: '1985-06-15' });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/import/jobs/${job.id}/failed-rows.csv`,
      headers: cast.headers('PO'),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toContain('Casting%20list');
    expect(download.body.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(download.body.slice(1), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Phone',
      'Date of birth',
      'Skills',
      'Error',
    ]);
    expect(parsed.slice(1).map((row) => row[0])).toEqual(['Anaïs', 'Zoë', '', 'Björk']);

    // The office fixes the addresses and the missing name, drops the duplicate, and imports the file again.
    const fixed = parsed
      .slice(1)
      .filter((row) => row[0] !== 'Zoë')
      .map((row) => row.slice(0, 6))
      .map((row) => {
        if (row[0] === 'Anaïs') row[2] = 'anais.run@example.com';
        if (row[0] === '') row[0] = 'Noa';
        if (row[0] === 'Björk') row[2] = 'bjork.run@example.com';
        return row;
      });
    const again = await sendFile(
      cast.headers('PO'),
      Papa.unparse({ fields: parsed[0]!.slice(0, 6), data: fixed }),
    );
    const second = await post('jobs', {
      fileId: again.fileId,
      fileName: 'fixed.csv',
      mapping: MAPPING,
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    });
    expect(await waitForJob(second.json<ImportJob>().id)).toMatchObject({
      status: 'DONE',
      imported: 3,
      failed: 0,
    });
    expect(await countIn(role)).toBe(25);
  });

  it('flags people the office roster already knows, by e-mail and then by name and date of birth', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const role = await buildRole(cast.project);
    const { db } = await testDatabase();
    const [rosa] = await db
      .insert(people)
      .values({ firstName: 'Rosa', lastName: `Known${tag}`, email: `rosa.${tag}@example.com` })
      .returning();
    await db
      .insert(people)
      .values({ firstName: 'Zoë', lastName: `Lindqvist${tag}`, dateOfBirth: '1985-02-03' });
    const csv = [
      'First name,Last name,E-mail,Date of birth',
      `Rosa,Other${tag},ROSA.${tag}@example.com,`,
      `Zoe,LINDQVIST${tag},,1985-02-03`,
      `Fresh,Face${tag},fresh.${tag}@example.com,1985-02-03`,
      `Zoe,Lindqvist${tag},zoe.${tag}@example.com,1970-01-01`,
    ].join('\r\n');
    const file = await sendFile(cast.headers('PO'), csv);
    const request = {
      fileId: file.fileId,
      fileName: 'office.csv',
      mapping: { firstName: 0, lastName: 1, email: 2, dateOfBirth: 3 },
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    };
    const dry = await post('dry-run', request);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportDryRun>()).toMatchObject({
      total: 4,
      valid: 4,
      existing: 0,
      failed: [],
      possibleDuplicates: [
        { row: 2, name: `Rosa Other${tag}`, reason: IMPORT_MESSAGES.inOfficeRoster },
        { row: 3, name: `Zoe LINDQVIST${tag}`, reason: IMPORT_MESSAGES.possibleRosterDuplicate },
      ],
    });
    expect(dry.json<ImportDryRun>().possibleDuplicates).toHaveLength(2);
    // What the dry run said happens: the known address joins the roster person, whose details are kept.
    const job = await waitForJob((await post('jobs', request)).json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'DONE', imported: 4 });
    const [joined] = await db
      .select()
      .from(applicants)
      .where(and(eq(applicants.email, `rosa.${tag}@example.com`), eq(applicants.projectId, cast.project.id)));
    expect(joined!.personId).toBe(rosa!.id);
    const [person] = await db.select().from(people).where(eq(people.id, rosa!.id));
    expect(person!.lastName).toBe(`Known${tag}`);
  });

  it('a person already in the project joins the opportunity with their details kept', async () => {
    const role = await buildRole(cast.project);
    const other = await buildRole(cast.project);
    const csv = 'First name,Last name,E-mail\nKeep,Me,keep.me@example.com\n';
    const first = await sendFile(cast.headers('PO'), csv);
    const target = { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: other.id };
    await waitForJob(
      (
        await post('jobs', {
          fileId: first.fileId,
          fileName: 'a.csv',
          mapping: { firstName: 0, lastName: 1, email: 2 },
          target,
        })
      ).json<ImportJob>().id,
    );
    const renamed = await sendFile(
      cast.headers('PO'),
      'First name,Last name,E-mail\nChanged,Name,KEEP.ME@example.com\n',
    );
    const request = {
      fileId: renamed.fileId,
      fileName: 'b.csv',
      mapping: { firstName: 0, lastName: 1, email: 2 },
      target: { ...target, roleId: role.id },
    };
    const dry = (await post('dry-run', request)).json<ImportDryRun>();
    expect(dry).toMatchObject({ total: 1, valid: 1, existing: 1, failed: [] });
    const job = await waitForJob((await post('jobs', request)).json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'DONE', imported: 0, existing: 1 });
    const { db } = await testDatabase();
    const rows = await db.select().from(applicants).where(eq(applicants.email, 'keep.me@example.com'));
    expect(rows.map((row) => row.firstName)).toEqual(['Keep']);
    expect(await countIn(role)).toBe(1);
  });

  it('resumes after a crash mid-job without importing anyone twice', async () => {
    const role = await buildRole(cast.project);
    const { csv } = realWorldCsv(10, 'crash');
    const file = await sendFile(cast.headers('PO'), csv);
    const { db } = await testDatabase();
    // The job row as the start call writes it, without queueing it: this test plays the worker itself.
    const [job] = await db
      .insert(importJobs)
      .values({
        createdById: cast.people.PO.user.id,
        target: 'OPPORTUNITY',
        projectId: cast.project.id,
        roleId: role.id,
        fileKey: file.fileId,
        fileName: 'crash.csv',
        mapping: MAPPING,
        total: 16,
      })
      .returning();
    let seen = 0;
    await expect(
      runImport(t.context, job!.id, {
        afterRow: () => {
          if (++seen === 6) throw new Error('process killed');
        },
      }),
    ).rejects.toThrow('process killed');
    const [midway] = await db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(midway).toMatchObject({ status: 'RUNNING', processed: 6 });
    const before = await countIn(role);
    expect(before).toBe(2);

    await runImport(t.context, job!.id);
    const [after] = await db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(after).toMatchObject({ status: 'DONE', processed: 16, imported: 12, failed: 4 });
    expect(await countIn(role)).toBe(12);
    // A second delivery of the same job (pg-boss retry after the crash) changes nothing.
    await runImport(t.context, job!.id);
    expect(await countIn(role)).toBe(12);
  });

  it('imports into the office roster: known addresses join their person, likely duplicates are flagged', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const { db } = await testDatabase();
    await db.insert(people).values([
      { firstName: 'Known', lastName: 'Person', email: `known.${tag}@example.com` },
      { firstName: 'Amélie', lastName: `Poulain${tag}`, dateOfBirth: '1990-05-05' },
    ]);
    const csv = [
      'First name,Last name,E-mail,Date of birth',
      `Known,Renamed,KNOWN.${tag}@example.com,`,
      `Amelie,Poulain${tag},,1990-05-05`,
      `Nouveau,Visage,nouveau.${tag}@example.com,`,
    ].join('\r\n');
    const file = await sendFile(cast.headers('PO'), csv);
    const request = {
      fileId: file.fileId,
      fileName: 'roster.csv',
      mapping: { firstName: 0, lastName: 1, email: 2, dateOfBirth: 3 },
      target: { type: 'ROSTER' },
    };
    const dry = await post('dry-run', request);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportDryRun>()).toMatchObject({
      total: 3,
      valid: 3,
      existing: 1,
      failed: [],
      possibleDuplicates: [
        { row: 3, name: `Amelie Poulain${tag}`, reason: IMPORT_MESSAGES.possibleDuplicate },
      ],
    });
    const job = await waitForJob((await post('jobs', request)).json<ImportJob>().id);
    expect(job).toMatchObject({
      status: 'DONE',
      target: 'ROSTER',
      projectId: null,
      imported: 2,
      existing: 1,
    });
    const known = await db
      .select()
      .from(people)
      .where(eq(people.email, `known.${tag}@example.com`));
    expect(known.map((person) => person.lastName)).toEqual(['Person']);
    const [added] = await db
      .select()
      .from(people)
      .where(eq(people.email, `nouveau.${tag}@example.com`));
    expect(added).toMatchObject({ firstName: 'Nouveau', lastName: 'Visage' });
    expect(added!.searchText).toContain('nouveau');
  });

  it('attaches media from a zip by the file names of a column, failing rows whose files are missing or not media', async () => {
    const role = await buildRole(cast.project);
    const tag = Math.random().toString(36).slice(2, 8);
    const sharp = (await import('sharp')).default;
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive();
    const parts: Buffer[] = [];
    archive.on('data', (chunk: Buffer) => parts.push(chunk));
    const ended = new Promise((resolve) => archive.on('end', resolve));
    archive.append(jpeg, { name: 'photos/Zoe Headshot.JPG' });
    archive.append(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 1, 2, 3]), { name: 'photos/tool.exe' });
    await archive.finalize();
    await ended;
    const zipRes = await t.app.inject({
      method: 'PUT',
      url: '/api/import/files?kind=MEDIA_ZIP&name=media.zip',
      headers: { ...cast.headers('PO'), 'content-type': 'application/zip' },
      payload: Buffer.concat(parts),
    });
    expect(zipRes.statusCode, zipRes.body).toBe(201);
    const csv = [
      'First name,Last name,E-mail,Media',
      `Zoé,Media,zoe.media.${tag}@example.com,zoe headshot.jpg`,
      `Mia,Missing,mia.${tag}@example.com,nothere.jpg`,
      `Tom,Tool,tom.${tag}@example.com,tool.exe`,
      `Nia,None,nia.${tag}@example.com,`,
    ].join('\n');
    const file = await sendFile(cast.headers('PO'), csv);
    const request = {
      fileId: file.fileId,
      fileName: 'media.csv',
      mediaZipId: zipRes.json().fileId,
      mapping: { firstName: 0, lastName: 1, email: 2, media: 3 },
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    };
    const dry = (await post('dry-run', request)).json<ImportDryRun>();
    expect(dry.failed).toEqual([
      { row: 3, name: 'Mia Missing', reason: IMPORT_MESSAGES.mediaNotInZip('nothere.jpg') },
    ]);
    const job = await waitForJob((await post('jobs', request)).json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'DONE', imported: 2, failed: 2 });
    const failed = (
      await t.app.inject({
        method: 'GET',
        url: `/api/import/jobs/${job.id}/failed-rows`,
        headers: cast.headers('PO'),
      })
    ).json().items;
    expect(failed).toEqual([
      { row: 3, name: 'Mia Missing', reason: IMPORT_MESSAGES.mediaNotInZip('nothere.jpg') },
      { row: 4, name: 'Tom Tool', reason: IMPORT_MESSAGES.mediaNotAccepted('tool.exe') },
    ]);
    const { db } = await testDatabase();
    const [zoe] = await db
      .select()
      .from(applicants)
      .where(eq(applicants.email, `zoe.media.${tag}@example.com`));
    const items = await db.select().from(mediaItems).where(eq(mediaItems.applicantId, zoe!.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Zoe Headshot.JPG',
      contentType: 'image/jpeg',
      kind: 'image',
      size: jpeg.length,
    });
    expect(await t.context.storage.head(items[0]!.originalKey)).toMatchObject({ size: jpeg.length });
    // Tom's row failed whole: no candidate without the media the office meant him to have.
    expect(
      await db
        .select()
        .from(applicants)
        .where(eq(applicants.email, `tom.${tag}@example.com`)),
    ).toHaveLength(0);
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

describe('past imports', () => {
  it('lists the caller’s own imports newest first, page by page, and refuses a forged cursor', async () => {
    const office = await signedInUser(t.app, { firstName: 'Paula', lastName: 'Pager' });
    const stranger = await signedInUser(t.app, { firstName: 'Sid', lastName: 'Stranger' });
    const { db } = await testDatabase();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const mine = await db
      .insert(importJobs)
      .values(
        ['third.csv', 'second.csv', 'first.csv'].map((fileName, index) => ({
          createdById: office.user.id,
          target: 'ROSTER',
          fileKey: `imports/${office.user.id}/${fileName}`,
          fileName,
          mapping: {},
          status: 'DONE',
          createdAt: at(index + 1),
        })),
      )
      .returning();
    await db.insert(importJobs).values({
      createdById: stranger.user.id,
      target: 'ROSTER',
      fileKey: `imports/${stranger.user.id}/theirs.csv`,
      fileName: 'theirs.csv',
      mapping: {},
      createdAt: at(0),
    });
    const page = (cursor?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/import/jobs?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        headers: office.auth,
      });
    const first = await page();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((job: ImportJob) => job.fileName)).toEqual(['third.csv', 'second.csv']);
    const second = await page(first.json().nextCursor);
    expect(second.json()).toMatchObject({
      items: [{ fileName: 'first.csv', id: mine[2]!.id }],
      nextCursor: null,
    });
    const forged = await page('bm9wZQ');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details.issues[0].path).toBe('query.cursor');
    // Another person's import is not in the list, and its result reads as not found.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/import/jobs/${mine[0]!.id}`,
      headers: stranger.auth,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
