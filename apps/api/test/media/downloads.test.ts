import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES, type Download } from '@casting/domain';
import { downloadBundles, outboxMessages } from '../../src/platform/db/schema';
import { buildApplicant } from '../support/candidates';
import { buildRole } from '../support/projects';
import { UploadClient } from './client';
import { pdf, png } from './files';
import { eventually } from '../support/eventually';
import { buildMediaApp, type MediaApp } from './support';

let t: MediaApp;
let staff: UploadClient;
beforeAll(async () => {
  t = await buildMediaApp({ runWorkers: true });
  staff = new UploadClient(t.origin, t.cast.headers('PE'));
}, 60_000);
afterAll(() => t.close());

async function readDownload(id: string, headers: Record<string, string>, token?: string) {
  const res = await fetch(`${t.origin}/api/downloads/${id}${token ? `?token=${token}` : ''}`, { headers });
  return { status: res.status, body: (await res.json()) as Download & { code?: string } };
}

describe('zip downloads', () => {
  it('zips the chosen candidates’ media as {Last}_{First}/{nn}_{original}, mails a link only they can use', async () => {
    const role = await buildRole(t.cast.project);
    const owner = t.cast.people.PO.user;
    const ana = await buildApplicant(role, owner, { firstName: 'Ana', lastName: 'Silva' });
    const ben = await buildApplicant(role, owner, { firstName: 'Ben', lastName: 'O/Brien' });
    const other = await buildApplicant(role, owner, { firstName: 'Not', lastName: 'Chosen' });
    const project = t.cast.project.id;
    const photo = await png();
    const notes = Buffer.from('Available all of June.\n'.repeat(50));
    for (const [applicant, name, bytes, type] of [
      [ana, 'headshot.png', photo, 'image/png'],
      [ana, 'notes.txt', notes, 'text/plain'],
      [ben, 'resume.pdf', pdf(), 'application/pdf'],
      [other, 'secret.png', photo, 'image/png'],
    ] as const) {
      const res = await staff.single(
        { projectId: project, applicantId: applicant.applicantId },
        name,
        bytes,
        type,
      );
      expect(res.status).toBe(200);
    }

    const asked = await staff.call('/applicants/download-zip', {
      projectId: project,
      email: 'Client.Reviewer@example.com',
      // A list row (submission) id and an applicant id both name a candidate.
      applicantIds: [ana.id, ben.applicantId],
    });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe(MEDIA_MESSAGES.downloadLinkSent);

    const ready = await eventually(
      'the zip is ready',
      async () => {
        const res = await readDownload(asked.body.id, t.cast.headers('TE'));
        return res.body.status === 'READY' ? res.body : null;
      },
      60_000,
    );
    expect(ready.fileCount).toBe(3);
    const zip = Buffer.from(await (await fetch(ready.url!)).arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-zip-test-'));
    fs.writeFileSync(path.join(dir, 'b.zip'), zip);
    const listing = execFileSync('unzip', ['-v', path.join(dir, 'b.zip')]).toString();
    const entries = Object.fromEntries(
      listing
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols.length === 8 && /^\d+$/.test(cols[0]!) && cols[7]!.includes('/'))
        .map((cols) => [cols[7]!, cols[1]!]),
    );
    // Compressed media is stored as it is; text is deflated.
    expect(entries).toEqual({
      'Silva_Ana/01_headshot.png': 'Stored',
      'Silva_Ana/02_notes.txt': 'Defl:N',
      'O_Brien_Ben/01_resume.pdf': 'Stored',
    });
    execFileSync('unzip', ['-q', path.join(dir, 'b.zip'), '-d', dir]);
    expect(fs.readFileSync(path.join(dir, 'Silva_Ana', '01_headshot.png')).equals(photo)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });

    // The mail carries the link with its token; the token alone lets the recipient in, without an account.
    const mail = await eventually(
      'the download link is e-mailed',
      async () => {
        const [row] = await t.ownerDb
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.toAddress, 'client.reviewer@example.com'))
          .orderBy(desc(outboxMessages.createdAt));
        return row;
      },
      60_000,
    );
    const link = /(http\S+\/downloads\/\S+)/.exec(mail.textBody)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect((await readDownload(asked.body.id, {}, token)).body.status).toBe('READY');
    // The token with its last character changed (to another one: an 'A' left as it was would still match).
    const tampered = `${token.slice(0, -1)}${token.at(-1) === 'A' ? 'B' : 'A'}`;
    expect((await readDownload(asked.body.id, {}, tampered)).status).toBe(404);
    expect((await readDownload(asked.body.id, {})).status).toBe(404);
    expect((await readDownload(asked.body.id, t.cast.headers('nonMember'))).status).toBe(404);
    // A talent submitter of the team reads only zips of candidates in their submitter folders (these are not).
    expect((await readDownload(asked.body.id, t.cast.headers('TS'))).status).toBe(404);
    expect((await readDownload(asked.body.id, t.cast.headers('PO'))).status).toBe(200);
  });

  /** A ready zip of one candidate's photo, asked for by the team, then changed in the database as `change` says. */
  async function readyBundleChanged(lastName: string, change: Partial<typeof downloadBundles.$inferInsert>) {
    const role = await buildRole(t.cast.project);
    const one = await buildApplicant(role, t.cast.people.PO.user, { firstName: 'Eve', lastName });
    await staff.single(
      { projectId: t.cast.project.id, applicantId: one.applicantId },
      'a.png',
      await png(),
      'image/png',
    );
    const asked = await staff.call('/applicants/send-download-link', {
      projectId: t.cast.project.id,
      applicantIds: [one.applicantId],
    });
    expect(asked.status).toBe(202);
    await eventually(
      'the zip is ready',
      async () => (await readDownload(asked.body.id, t.cast.headers('PE'))).body.status === 'READY',
      60_000,
    );
    await t.ownerDb.update(downloadBundles).set(change).where(eq(downloadBundles.id, asked.body.id));
    return readDownload(asked.body.id, t.cast.headers('PE'));
  }

  it('shows an expired download as EXPIRED without a URL', async () => {
    const res = await readyBundleChanged('Late', { expiresAt: new Date(Date.now() - 1000) });
    expect(res.body).toMatchObject({ status: 'EXPIRED', url: null });
  });

  it('shows a failed download as FAILED without the job’s error, which names storage internals', async () => {
    // What the zip job writes when storage fails it (an error of the local disk here).
    const internal = "ENOENT: no such file or directory, open '/srv/casting/data/files/PM/x'";
    const res = await readyBundleChanged('Broken', { status: 'FAILED', failureReason: internal });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'FAILED', url: null });
    expect(JSON.stringify(res.body)).not.toContain('/srv/casting');
  });

  it('refuses a request that names no candidate of the project', async () => {
    const res = await staff.call('/applicants/download-zip', {
      projectId: t.cast.project.id,
      applicantIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MEDIA_MESSAGES.noMediaChosen);
  });
});
