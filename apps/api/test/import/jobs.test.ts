import { runInOffice } from '../../src/platform/db/scope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { type ImportJob } from '@casting/domain';
import type { TestApp } from '../support/app';
import { testDatabase, testOfficeId } from '../support/database';
import { applicants, importJobs } from '../../src/platform/db/schema';
import { runImport } from '../../src/modules/import/runner';
import { buildRole, signedInUser, type Cast } from '../support/projects';
import { buildImportFixture, countIn, importCalls, MAPPING, realWorldCsv } from './import-fixture';

/** The import job as its worker runs it: in the office it was sent from. */
const inOffice = async <T>(work: () => Promise<T>) => runInOffice(await testOfficeId(), work);

// Import jobs: importing the good rows and then the fixed failed ones, resuming after a crash, and the list of
// past imports.
let t: TestApp;
let cast: Cast;
const { sendFile, post, waitForJob } = importCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast } = await buildImportFixture());
});
afterAll(() => t.close());

describe('import into an opportunity', () => {
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

  it('writes failed rows with formula-like cells as text, and reads them back as the office typed them', async () => {
    const role = await buildRole(cast.project);
    const formulas = [
      '=HYPERLINK("https://evil.example/x","Click")',
      "+cmd|' /C calc'!A0",
      '@SUM(1+1)',
      '-2+3',
    ];
    const csv = [
      'First name,Last name,E-mail,Phone,Date of birth,Skills',
      ...formulas.map((name, index) =>
        Papa.unparse([[name, `Formula${index}`, 'not-an-email', '+14155550123', '', '']]),
      ),
    ].join('\r\n');
    const file = await sendFile(cast.headers('PO'), csv);
    const started = await post('jobs', {
      fileId: file.fileId,
      fileName: 'formulas.csv',
      mapping: MAPPING,
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    });
    const job = await waitForJob(started.json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'DONE', imported: 0, failed: formulas.length });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/import/jobs/${job.id}/failed-rows.csv`,
      headers: cast.headers('PO'),
    });
    const parsed = Papa.parse<string[]>(download.body.slice(1), { skipEmptyLines: true }).data;
    // A spreadsheet shows each as text: no cell it opens starts a formula.
    expect(parsed.slice(1).map((row) => row[0])).toEqual(formulas.map((name) => `'${name}`));
    expect(parsed.slice(1).map((row) => row[3])).toEqual(formulas.map(() => "'+14155550123"));
    expect(parsed.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    // Fixed and sent again, the names and phones are stored as typed, without the apostrophe.
    const fixed = parsed
      .slice(1)
      .map((row, index) => [...row.slice(0, 2), `formula${index}@example.com`, row[3]!]);
    const again = await sendFile(
      cast.headers('PO'),
      Papa.unparse({ fields: parsed[0]!.slice(0, 4), data: fixed }),
    );
    const second = await post('jobs', {
      fileId: again.fileId,
      fileName: 'formulas-fixed.csv',
      mapping: { firstName: 0, lastName: 1, email: 2, phone: 3 },
      target: { type: 'OPPORTUNITY', projectId: cast.project.id, roleId: role.id },
    });
    expect(await waitForJob(second.json<ImportJob>().id)).toMatchObject({ status: 'DONE', imported: 4 });
    const { db } = await testDatabase();
    const stored = await db
      .select({ firstName: applicants.firstName, phone: applicants.phone })
      .from(applicants)
      .where(and(eq(applicants.projectId, cast.project.id), eq(applicants.email, 'formula0@example.com')));
    expect(stored).toEqual([{ firstName: formulas[0], phone: expect.stringContaining('4155550123') }]);
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
      inOffice(() =>
        runImport(t.context, job!.id, {
          afterRow: () => {
            if (++seen === 6) throw new Error('process killed');
          },
        }),
      ),
    ).rejects.toThrow('process killed');
    const [midway] = await db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(midway).toMatchObject({ status: 'RUNNING', processed: 6 });
    const before = await countIn(role);
    expect(before).toBe(2);

    await inOffice(() => runImport(t.context, job!.id));
    const [after] = await db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(after).toMatchObject({ status: 'DONE', processed: 16, imported: 12, failed: 4 });
    expect(await countIn(role)).toBe(12);
    // A second delivery of the same job (pg-boss retry after the crash) changes nothing.
    await inOffice(() => runImport(t.context, job!.id));
    expect(await countIn(role)).toBe(12);
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
