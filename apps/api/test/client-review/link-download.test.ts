import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_REVIEW_MESSAGES, MEDIA_MESSAGES } from '@casting/domain';
import { clientLinks, downloadBundles, mediaItems, offices } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase, testOfficeId } from '../support/database';
import { buildIdentityApp, latestCode, uniqueEmail } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';

/**
 * Download applicant videos from a client view: a zip of the link's candidates with only the media the link shows,
 * mailed to the identified viewer, whose mail lets them download it without an account.
 */
let t: TestApp;
let cast: Cast;
let shared: { id: string; applicantId: string }[];
let outside: { id: string; applicantId: string };

/**
 * A media item whose original is really stored (the zip streams it), with the converted copy processing would have
 * made of a photo (WebP) or a video (H.264 MP4), whose bytes say which copy they are.
 */
async function stored(
  applicantId: string,
  name: string,
  kind: 'image' | 'video' | 'document',
  visibility: 'ALL' | 'TEAM' = 'ALL',
) {
  const put = async (bytes: string) => {
    const key = `PM/RoleSideDocuments/${cast.project.id}/${randomUUID()}`;
    await t.context.storage.putObject(key, Buffer.from(bytes), 'application/octet-stream');
    return key;
  };
  const { db } = await testDatabase();
  await db.insert(mediaItems).values({
    projectId: cast.project.id,
    applicantId,
    kind,
    name,
    contentType: 'application/octet-stream',
    originalKey: await put(`${name} original`),
    ...(kind === 'image' ? { displayKey: await put(`${name} converted`) } : {}),
    ...(kind === 'video' ? { mp4Key: await put(`${name} converted`) } : {}),
    size: 10,
    visibility,
    status: 'PROCESSED',
  });
}

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project, { name: 'Lead' });
  const owner = cast.people.PO.user;
  shared = [
    await buildApplicant(role, owner, { firstName: 'Ana', lastName: 'Silva' }),
    await buildApplicant(role, owner, { firstName: 'Ben', lastName: 'Moss' }),
  ];
  outside = await buildApplicant(role, owner, { firstName: 'Not', lastName: 'Shared' });
  await stored(shared[0]!.applicantId, 'tape.mov', 'video');
  await stored(shared[0]!.applicantId, 'headshot.heic', 'image');
  await stored(shared[0]!.applicantId, 'resume.pdf', 'document');
  await stored(shared[0]!.applicantId, 'IMG_0042.MOV', 'video');
  await stored(shared[0]!.applicantId, 'team-notes.jpg', 'image', 'TEAM');
  await stored(shared[1]!.applicantId, 'ben-tape.mov', 'video');
  await stored(outside.applicantId, 'secret-tape.mp4', 'video');
});
afterAll(() => t.close());

async function makeLink(settings: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${cast.project.id}/client-links`,
    headers: cast.headers('PO'),
    payload: { title: 'Selects', submissionIds: shared.map((row) => row.id), settings },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; clientLink: string };
}

async function identify(secret: string) {
  const email = uniqueEmail('producer');
  await t.app.inject({
    method: 'POST',
    url: `/api/v2/client-links/${secret}/identify`,
    payload: { name: 'Paula Producer', email },
  });
  const { code } = await latestCode(t.app, email);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v2/client-links/${secret}/verify`,
    payload: { email, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { email, headers: { 'x-client-viewer': res.json().viewerToken as string } };
}

async function outbox(to: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=20`,
  });
  return res.json().items;
}

const downloadUrl = (secret: string) => `/api/projects/${cast.project.id}/applicants/${secret}/download-zip`;

async function bundleCount() {
  const { db } = await testDatabase();
  return (
    await db
      .select({ id: downloadBundles.id })
      .from(downloadBundles)
      .where(eq(downloadBundles.projectId, cast.project.id))
  ).length;
}

/** The download mail the viewer received, with the id and token of its link (the zip is built by a job). */
async function mailedDownload(email: string) {
  let mail: { text: string } | undefined;
  for (const deadline = Date.now() + 30_000; !mail && Date.now() < deadline;) {
    mail = (await outbox(email)).find((item) => item.subject === 'Your download is ready');
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(mail, 'the download mail to the viewer').toBeDefined();
  const address = new URL(/(http\S+\/downloads\/\S+)/.exec(mail!.text)![1]!);
  return { mail: mail!, id: address.pathname.split('/').pop()!, token: address.searchParams.get('token')! };
}

describe('download applicant videos from a client view', () => {
  it('zips only the link’s candidates and the media it shows, mailed to the viewer, who downloads it without an account', async () => {
    const link = await makeLink({ allowDownload: true });
    const viewer = await identify(link.clientLink);
    // The mail writes the link's end on the office's clock, its zone named: the reader has no browser to ask.
    const { db } = await testDatabase();
    await db
      .update(offices)
      .set({ timeZone: 'Asia/Tokyo', dateFormat: 'DD/MM/YYYY' })
      .where(eq(offices.id, await testOfficeId()));
    const asked = await t.app.inject({
      method: 'POST',
      url: downloadUrl(link.clientLink),
      headers: viewer.headers,
      // An address in the body is not a field of this call: the zip goes to the identified viewer only.
      payload: { email: 'someone-else@example.com' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toBe(MEDIA_MESSAGES.downloadLinkSent);

    const { mail, id, token } = await mailedDownload(viewer.email);
    expect(mail.text).toMatch(/The link expires on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Asia\/Tokyo\)\./);
    expect(await outbox('someone-else@example.com')).toEqual([]);

    // The recipient's token alone opens the downloads page's answer; a tampered one does not.
    const read = await t.app.inject({ method: 'GET', url: `/api/downloads/${id}?token=${token}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ status: 'READY', fileCount: 4 });
    const tampered = await t.app.inject({ method: 'GET', url: `/api/downloads/${id}?token=${token}x` });
    expect(tampered.statusCode).toBe(404);

    const zip = await t.app.inject({ method: 'GET', url: read.json().url.replace(/^https?:\/\/[^/]+/, '') });
    expect(zip.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-zip-test-'));
    try {
      fs.writeFileSync(path.join(dir, 'b.zip'), zip.rawPayload);
      const names = execFileSync('unzip', ['-Z1', path.join(dir, 'b.zip')])
        .toString()
        .trim()
        .split('\n')
        .sort();
      // Photos and videos shown by default; no documents (off), no TEAM-only item, no candidate outside the link;
      // each as the converted version every device opens, never the phone's HEVC or HEIC original.
      // Each named by candidate, opportunity, kind and number within the kind, the same for every client download.
      expect(names).toEqual([
        'Moss_Ben/Ben Moss - Lead - Video 1.mp4',
        'Silva_Ana/Ana Silva - Lead - Photo 1.webp',
        'Silva_Ana/Ana Silva - Lead - Video 1.mp4',
        'Silva_Ana/Ana Silva - Lead - Video 2.mp4',
      ]);
      const tape = execFileSync('unzip', [
        '-p',
        path.join(dir, 'b.zip'),
        'Silva_Ana/Ana Silva - Lead - Video 1.mp4',
      ]).toString();
      expect(tape).toBe('tape.mov converted');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ends a zip with its link: an expiry brought forward ends it then, a new address or a revocation at once', async () => {
    const link = await makeLink({ allowDownload: true });
    const viewer = await identify(link.clientLink);
    const asked = await t.app.inject({
      method: 'POST',
      url: downloadUrl(link.clientLink),
      headers: viewer.headers,
      payload: {},
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { id, token } = await mailedDownload(viewer.email);
    const read = () => t.app.inject({ method: 'GET', url: `/api/downloads/${id}?token=${token}` });
    expect((await read()).json()).toMatchObject({ status: 'READY' });

    const soon = new Date(Date.now() + 3_600_000);
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
        headers: cast.headers('PO'),
        payload,
      });
    expect((await edit({ expiresAt: soon.toISOString() })).statusCode).toBe(200);
    expect((await read()).json()).toMatchObject({ status: 'READY', expiresAt: soon.toISOString() });

    // A new address ends what the old one gave at once.
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}/address`,
      headers: cast.headers('PO'),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await read()).json()).toMatchObject({ status: 'EXPIRED', url: null });

    // A zip asked through the new address ends with the revocation.
    const again = await identify(renewed.json().clientLink);
    const second = await t.app.inject({
      method: 'POST',
      url: downloadUrl(renewed.json().clientLink),
      headers: again.headers,
      payload: {},
    });
    expect(second.statusCode, second.body).toBe(202);
    const next = await mailedDownload(again.email);
    const readNext = () =>
      t.app.inject({ method: 'GET', url: `/api/downloads/${next.id}?token=${next.token}` });
    expect((await readNext()).json()).toMatchObject({ status: 'READY' });
    expect((await edit({ revoked: true })).statusCode).toBe(200);
    const ended = await readNext();
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'EXPIRED', url: null });
  });

  it('refuses a candidate outside the link, writing nothing', async () => {
    const link = await makeLink({ allowDownload: true });
    const viewer = await identify(link.clientLink);
    const before = await bundleCount();
    for (const submissionIds of [[outside.id], [shared[0]!.id, outside.id]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: downloadUrl(link.clientLink),
        headers: viewer.headers,
        payload: { submissionIds },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(CLIENT_REVIEW_MESSAGES.candidateNotInLink);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: downloadUrl(link.clientLink),
      headers: viewer.headers,
      payload: { submissionIds: ['not-an-id'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(await bundleCount()).toBe(before);
    // One named candidate of the link is fine.
    const one = await t.app.inject({
      method: 'POST',
      url: downloadUrl(link.clientLink),
      headers: viewer.headers,
      payload: { submissionIds: [shared[1]!.id] },
    });
    expect(one.statusCode, one.body).toBe(202);
    const { db } = await testDatabase();
    const [bundle] = await db.select().from(downloadBundles).where(eq(downloadBundles.id, one.json().id));
    expect(bundle!.applicantIds).toEqual([shared[1]!.applicantId]);
    expect(bundle!.recipientEmail).toBe(viewer.email);
  });

  it('is refused when the link does not allow downloads, without a named viewer, and once revoked or expired', async () => {
    const off = await makeLink({ allowDownload: false });
    const offViewer = await identify(off.clientLink);
    const before = await bundleCount();
    const refused = await t.app.inject({
      method: 'POST',
      url: downloadUrl(off.clientLink),
      headers: offViewer.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CLIENT_REVIEW_MESSAGES.downloadNotAllowed);

    const open = await makeLink({ allowDownload: true, requireIdentification: false });
    const anonymous = await t.app.inject({ method: 'POST', url: downloadUrl(open.clientLink), payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('VIEWER_IDENTIFICATION_REQUIRED');

    const revoked = await makeLink({ allowDownload: true });
    const revokedViewer = await identify(revoked.clientLink);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}/client-links/${revoked.id}`,
      headers: cast.headers('PO'),
      payload: { revoked: true },
    });
    const afterRevocation = await t.app.inject({
      method: 'POST',
      url: downloadUrl(revoked.clientLink),
      headers: revokedViewer.headers,
      payload: {},
    });
    expect(afterRevocation.statusCode).toBe(410);
    expect(afterRevocation.json().code).toBe('CLIENT_LINK_REVOKED');

    const expired = await makeLink({ allowDownload: true });
    const expiredViewer = await identify(expired.clientLink);
    const { db } = await testDatabase();
    await db
      .update(clientLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientLinks.id, expired.id));
    const afterExpiry = await t.app.inject({
      method: 'POST',
      url: downloadUrl(expired.clientLink),
      headers: expiredViewer.headers,
      payload: {},
    });
    expect(afterExpiry.statusCode).toBe(410);
    expect(afterExpiry.json().code).toBe('CLIENT_LINK_EXPIRED');

    // Another project's id in the path with this link's secret is the unknown-link 404.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${randomUUID()}/applicants/${off.clientLink}/download-zip`,
      headers: offViewer.headers,
      payload: {},
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await bundleCount()).toBe(before);
  });
});
