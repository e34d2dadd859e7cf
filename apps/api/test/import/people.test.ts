import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportDryRun, type ImportJob } from '@casting/domain';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { applicants, mediaItems, people } from '../../src/platform/db/schema';
import { buildRole, type Cast } from '../support/projects';
import { buildImportFixture, countIn, importCalls } from './import-fixture';

// Who the imported rows become: people the office roster or the project already knows, imports into the office
// roster, and media attached from a zip.
let t: TestApp;
let cast: Cast;
const { sendFile, post, waitForJob } = importCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast } = await buildImportFixture());
});
afterAll(() => t.close());

describe('import into an opportunity', () => {
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
});
