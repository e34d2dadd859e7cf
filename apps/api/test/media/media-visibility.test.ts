import { runInOffice } from '../../src/platform/db/scope';
import { testOfficeId } from '../support/database';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES, MEDIA_MESSAGES } from '@casting/domain';
import { buildZip } from '../../src/modules/media/downloads';
import { downloadBundles, mediaItems } from '../../src/platform/db/schema';
import { addMember, signedInUser } from '../support/projects';
import { type MediaApp } from './support';
import { accessCalls, buildAccessFixture } from './access-fixture';

// Media as far as the caller may see it: zips, converted copies and media lists for a client account, and a talent
// submitter refused the media of candidates outside their submitter folders.
let t: MediaApp;
let applicantId: string;
let projectId: string;
const { po, item, api } = accessCalls(() => ({ t, applicantId, projectId }));

beforeAll(async () => {
  ({ t, applicantId, projectId } = await buildAccessFixture());
}, 60_000);
afterAll(() => t.close());

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The entry names of a zip, from its central directory (signature 0x02014b50). */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf(CENTRAL); at >= 0; at = zip.indexOf(CENTRAL, at + 46)) {
    const length = zip.readUInt16LE(at + 28);
    names.push(zip.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return names;
}
const CENTRAL = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/** An item whose original is really stored (a zip streams it), for `applicant`, shared as `visibility`. */
async function storedItem(applicant: string, name: string, visibility: 'ALL' | 'TEAM') {
  const key = `PM/RoleSideDocuments/${projectId}/${randomUUID()}`;
  await t.context.storage.putObject(key, Buffer.from(`${name} bytes`), 'text/plain');
  // A document: given as it is to everyone who may see it (a photo or video needs its converted copy for a client).
  return item({
    applicantId: applicant,
    originalKey: key,
    name,
    kind: 'document',
    contentType: 'text/plain',
    visibility,
  });
}

/** The zip job the request queued: its data, then the job run as the worker would, and the bundle it left. */
async function runZipJob(bundleId: string) {
  const { rows } = (await t.ownerDb.execute(
    sql`select data from pgboss.job where name = 'media-zip' and data->>'bundleId' = ${bundleId}`,
  )) as unknown as {
    rows: { data: { bundleId: string; visibility?: ('ALL' | 'TEAM')[]; convertedOnly?: boolean } }[];
  };
  expect(rows).toHaveLength(1);
  const officeId = (rows[0]!.data as { _officeId?: string })._officeId ?? null;
  expect(officeId).toBe(await testOfficeId());
  await runInOffice(officeId, () =>
    buildZip(t.context, bundleId, rows[0]!.data.visibility, rows[0]!.data.convertedOnly),
  );
  const [bundleRow] = await t.ownerDb.select().from(downloadBundles).where(eq(downloadBundles.id, bundleId));
  return { data: rows[0]!.data, bundle: bundleRow! };
}

describe('media as far as the caller may see it', () => {
  it('zips for a client account (CLIENT) only the items shared with everyone, never TEAM-only ones', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Carl', lastName: 'Client' });
    await addMember(t.cast.project, client.user, 'PROJECT_EDITOR');
    const candidate = (await t.applicant()).applicantId;
    await storedItem(candidate, 'shared.txt', 'ALL');
    await storedItem(candidate, 'team-notes.txt', 'TEAM');

    for (const url of ['/api/applicants/download-zip', '/api/applicants/send-download-link']) {
      const asked = await api('POST', url, client.auth, {
        projectId,
        email: 'carl@example.com',
        applicantIds: [candidate],
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const { data, bundle: zipped } = await runZipJob(asked.json().id);
      expect(data.visibility).toEqual(['ALL']);
      expect(zipped.status).toBe('READY');
      expect(zipped.fileCount).toBe(1);
    }

    // The team's zip of the same candidate holds both.
    const team = await api('POST', '/api/applicants/download-zip', po(), {
      projectId,
      applicantIds: [candidate],
    });
    expect(team.statusCode).toBe(202);
    expect((await runZipJob(team.json().id)).bundle.fileCount).toBe(2);

    const listed = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, client.auth);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.map((row: { name: string }) => row.name)).toEqual(['shared.txt']);
  });

  it('gives a client account (CLIENT) converted copies only, in its media list, primary photo and zips', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Cleo', lastName: 'Client' });
    await addMember(t.cast.project, client.user, 'PROJECT_EDITOR');
    const candidate = (await t.applicant('TS_HOLD_LATER')).applicantId;
    const stored = async (suffix: string) => {
      const key = `PM/RoleSideDocuments/${projectId}/${randomUUID()}${suffix}`;
      await t.context.storage.putObject(key, Buffer.from(key), 'application/octet-stream');
      return key;
    };
    const photo = await item({
      applicantId: candidate,
      name: 'beach.jpg',
      originalKey: await stored(''),
      displayKey: await stored('/display.webp'),
      thumbnailKey: await stored('/thumbnail.webp'),
      status: 'PROCESSED',
      isPrimaryPhoto: true,
    });
    const tape = await item({
      applicantId: candidate,
      kind: 'video',
      name: 'tape.mov',
      contentType: 'video/quicktime',
      originalKey: await stored(''),
      mp4Key: await stored('/video.mp4'),
      status: 'PROCESSED',
    });
    // Not converted (yet): nothing of it may be given without its original.
    await item({ applicantId: candidate, name: 'raw.jpg', originalKey: await stored(''), status: 'PENDING' });
    const cv = await item({
      applicantId: candidate,
      kind: 'document',
      name: 'cv.pdf',
      contentType: 'application/pdf',
      originalKey: await stored(''),
      status: 'PROCESSED',
    });
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).replace('/api/files/', '');

    const listed = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, client.auth);
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items as {
      name: string;
      url: string;
      downloadUrl: string;
      fileType: string;
    }[];
    expect(items.map((row) => [row.name, keyOf(row.url), keyOf(row.downloadUrl), row.fileType])).toEqual([
      ['beach.jpg', photo.displayKey, photo.displayKey, 'image/webp'],
      ['tape.mov', tape.mp4Key, tape.mp4Key, 'video/mp4'],
      ['cv.pdf', cv.originalKey, cv.originalKey, 'application/pdf'],
    ]);
    expect(new URL(items[0]!.downloadUrl).searchParams.get('response-content-disposition')).toContain(
      'beach.webp',
    );
    // The team still gets the originals.
    const team = await api('GET', `/api/applicants/${candidate}/media?projectId=${projectId}`, po());
    expect(team.json().items.map((row: { url: string }) => keyOf(row.url))).toContain(photo.originalKey);

    // The primary photo of the candidate's page: the thumbnail; while there is none, no original stands in.
    const photoOf = async (candidateId: string, headers: Record<string, string>) => {
      const res = await api('GET', `/api/projects/${projectId}/candidates/${candidateId}`, headers);
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().photoUrl as string | null;
      return url && keyOf(url);
    };
    expect(await photoOf(candidate, client.auth)).toBe(photo.thumbnailKey);
    const unprocessed = (await t.applicant('TS_HOLD_LATER')).applicantId;
    const fresh = await item({
      applicantId: unprocessed,
      originalKey: await stored(''),
      isPrimaryPhoto: true,
    });
    expect(await photoOf(unprocessed, client.auth)).toBeNull();
    expect(await photoOf(unprocessed, po())).toBe(fresh.originalKey);

    const zipped = await api('POST', '/api/applicants/download-zip', client.auth, {
      projectId,
      applicantIds: [candidate],
    });
    expect(zipped.statusCode, zipped.body).toBe(202);
    const { data, bundle } = await runZipJob(zipped.json().id);
    expect(data).toMatchObject({ visibility: ['ALL'], convertedOnly: true });
    expect(bundle.fileCount).toBe(3);
    const zip = await readAll((await t.context.storage.getObjectStream(bundle.objectKey!))!);
    const names = zipEntryNames(zip);
    expect(names).toEqual(['Lopez_Maya/01_beach.webp', 'Lopez_Maya/02_tape.mp4', 'Lopez_Maya/03_cv.pdf']);
  });

  it('refuses a talent submitter (404) the media of candidates outside their submitter folders', async () => {
    const inside = (await t.applicant('TS_FOR_REVIEW')).applicantId;
    const outside = (await t.applicant(null)).applicantId;
    await storedItem(inside, 'in.txt', 'ALL');
    const photo = await item({ applicantId: outside, status: 'FAILED', failureReason: 'x' });
    const ts = t.cast.headers('TS');
    const bundlesOfTs = async () =>
      (
        await t.ownerDb
          .select({ id: downloadBundles.id })
          .from(downloadBundles)
          .where(eq(downloadBundles.requestedById, t.cast.people.TS.user.id))
      ).length;
    const before = await bundlesOfTs();

    for (const url of ['/api/applicants/download-zip', '/api/applicants/send-download-link']) {
      for (const applicantIds of [[outside], [inside, outside]]) {
        const res = await api('POST', url, ts, { projectId, email: 'sam@example.com', applicantIds });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: CANDIDATE_MESSAGES.notInProject });
      }
    }
    // Nothing half-written: no bundle, no job.
    expect(await bundlesOfTs()).toBe(before);
    const own = await api('POST', '/api/applicants/download-zip', ts, { projectId, applicantIds: [inside] });
    expect(own.statusCode).toBe(202);
    expect((await runZipJob(own.json().id)).bundle.fileCount).toBe(1);

    const list = await api('GET', `/api/applicants/${outside}/media?projectId=${projectId}`, ts);
    expect(list.statusCode).toBe(404);
    expect(list.json().message).toBe(MEDIA_MESSAGES.notInProject);
    const primary = await api('PUT', `/api/applicants/${outside}/media/${photo.id}/primary`, ts, {
      projectId,
    });
    expect(primary.statusCode).toBe(404);
    const retry = await api('POST', `/api/applicants/${outside}/media/${photo.id}/retry`, ts, { projectId });
    expect(retry.statusCode).toBe(404);
    const [unchanged] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, photo.id));
    expect(unchanged).toMatchObject({ status: 'FAILED', isPrimaryPhoto: false });

    // The team still reaches that candidate, and the submitter their own.
    expect(
      (await api('GET', `/api/applicants/${outside}/media?projectId=${projectId}`, po())).statusCode,
    ).toBe(200);
    expect((await api('GET', `/api/applicants/${inside}/media?projectId=${projectId}`, ts)).statusCode).toBe(
      200,
    );
  });
});
