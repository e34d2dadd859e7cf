import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_DATA_MESSAGES, PERSON_EXPORTS_PER_DAY } from '@casting/domain';
import { expirePersonExport } from '../../src/modules/roster/person-export';
import { runInOffice } from '../../src/platform/db/scope';
import { applicants, auditEvents, mediaItems, personExports } from '../../src/platform/db/schema';
import { openZipFile } from '../../src/platform/zip-file';
import { buildApplicant } from '../support/candidates';
import { testOfficeId } from '../support/database';
import { eventually } from '../support/eventually';
import { buildRole } from '../support/projects';
import type { MediaApp } from '../media/support';
import { buildPersonDataApp, call, uniquePerson, waitForExport } from './person-data-fixture';
import { seedPersonEverywhere } from './person-data-seed';

// A subject access request: the export of what the office holds about a person, as one zip built by a job, listed
// with its status and mailed to whoever asked for it, a few a day, deleted when it expires.
let t: MediaApp;
beforeAll(async () => {
  t = await buildPersonDataApp();
}, 60_000);
afterAll(() => t.close());

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The zip behind a download URL: each entry's name and bytes. */
async function zipAt(url: string): Promise<Map<string, Buffer>> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'person-export-test-'));
  const file = path.join(dir, 'export.zip');
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  const zip = await openZipFile(file);
  try {
    const out = new Map<string, Buffer>();
    for (const [name, entry] of zip.entries) out.set(name, await bytesOf(await zip.open(entry)));
    return out;
  } finally {
    zip.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function personOf(applicantId: string) {
  const [row] = await t.ownerDb
    .select({ personId: applicants.personId })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return row!.personId!;
}

describe('exporting a person’s data', () => {
  it('zips person.json with everything the office holds and their media originals, and mails the asker', async () => {
    const who = uniquePerson();
    const seeded = await seedPersonEverywhere(t, who);
    const director = t.cast.headers('PO');
    const ready = await waitForExport(t, seeded.personId, seeded.exportId, director);
    expect(ready).toMatchObject({
      status: 'READY',
      progress: 100,
      fileCount: 3,
      requestedBy: 'Olivia Owner',
    });

    const entries = await zipAt(ready.url);
    const media = await t.ownerDb
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.applicantId, seeded.applicantIds[0]!));
    const project = t.cast.project.name;
    expect([...entries.keys()].sort()).toEqual(
      ['person.json', `media/${project}/01_headshot.png`, `media/${project}/02_resume.pdf`].sort(),
    );
    // The originals, byte for byte.
    for (const item of media) {
      const inZip = [...entries].find(([name]) => name.endsWith(`_${item.name}`))![1];
      expect(inZip.equals(await bytesOf(await t.context.storage.getObjectStream(item.originalKey)))).toBe(
        true,
      );
    }

    const json = JSON.parse(entries.get('person.json')!.toString('utf8'));
    expect(json.person).toMatchObject({
      id: seeded.personId,
      firstName: who.firstName,
      lastName: who.lastName,
      email: who.email,
      phone: who.phone,
    });
    expect(json.officeTags).toHaveLength(1);
    expect(json.notes).toEqual([
      { body: `Met ${who.firstName} in June.`, author: 'Olivia Owner', createdAt: expect.any(String) },
    ]);
    expect(json.applications.map((a: { project: string }) => a.project)).toEqual([
      project,
      expect.any(String),
    ]);
    const [here, there] = json.applications;
    expect(here.details).toMatchObject({ email: who.email, firstName: who.firstName });
    expect(here.submissions).toEqual([
      {
        opportunity: 'Lead',
        source: 'ADMIN',
        submittedAt: expect.any(String),
        folders: expect.arrayContaining([expect.any(String)]),
        votes: [
          {
            vote: 'UP_VOTE',
            by: 'Olivia Owner',
            byEmail: t.cast.people.PO.user.email,
            at: expect.any(String),
            changedAt: expect.any(String),
          },
        ],
        clientFeedback: [
          {
            reviewLink: 'Leads for the client',
            viewer: 'Carla Client',
            viewerEmail: 'carla@client.test',
            vote: 'YES',
            comment: `Love ${who.firstName}`,
            at: expect.any(String),
            changedAt: expect.any(String),
          },
        ],
      },
    ]);
    expect(Date.parse(here.submissions[0].votes[0].at)).not.toBeNaN();
    expect(here.projectTags).toEqual(['Strong reader']);
    expect(here.consents).toEqual([
      {
        opportunity: 'Lead',
        termsVersion: 3,
        privacyVersion: 2,
        acceptedAt: expect.any(String),
        minor: true,
        guardianName: 'Gwen Guardian',
        guardianEmail: 'gwen.guardian@example.com',
        guardianConsentAt: expect.any(String),
      },
    ]);
    expect(here.messages).toEqual([
      expect.objectContaining({
        from: 'CANDIDATE',
        body: `Hello, this is ${who.firstName}; call me on ${who.phone}.`,
      }),
    ]);
    expect(here.projectRoster).toEqual([
      expect.objectContaining({ opportunity: 'Lead', status: 'FIRST_HOLD', startDate: '2031-06-18' }),
    ]);
    expect(here.representation).toEqual([
      expect.objectContaining({ agent: 'Andy Agent', status: 'PENDING' }),
    ]);
    expect(here.media.map((m: { file: string }) => m.file).sort()).toEqual(
      [`media/${project}/01_headshot.png`, `media/${project}/02_resume.pdf`].sort(),
    );
    expect(there.submissions).toEqual([expect.objectContaining({ opportunity: 'Sidekick', votes: [] })]);

    // The asker's mail names no one and links to the export, which leads to the person.
    const mail = await eventually('the export-ready mail', async () => {
      const res = await call(
        t,
        'GET',
        `/dev/outbox?to=${encodeURIComponent(t.cast.people.PO.user.email)}&limit=50`,
        {},
      );
      return (res.body.items as { subject: string; text: string }[]).find(
        (item) => item.subject === PERSON_DATA_MESSAGES.exportReadySubject,
      );
    });
    expect(mail.text).toContain(`/roster?export=${seeded.exportId}`);
    expect(mail.text).not.toContain(who.lastName);
    const linked = await call(t, 'GET', `/roster/exports/${seeded.exportId}`, director);
    expect(linked.body).toMatchObject({ id: seeded.exportId, personId: seeded.personId, status: 'READY' });
    expect((await call(t, 'GET', `/roster/exports/${seeded.exportId}`, t.cast.headers('PE'))).status).toBe(
      403,
    );

    const [audited] = await t.ownerDb
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'roster.export'), eq(auditEvents.targetId, seeded.personId)));
    expect(audited).toMatchObject({ outcome: 'success', targetType: 'person' });
  }, 240_000);

  it(`allows ${PERSON_EXPORTS_PER_DAY} exports of a person a day, then answers 429 and writes nothing`, async () => {
    const who = uniquePerson();
    const role = await buildRole(t.cast.project);
    const personId = await personOf((await buildApplicant(role, t.cast.people.PO.user, who)).applicantId);
    const owner = t.cast.headers('SA');
    const url = `/roster/people/${personId}/export`;
    for (let n = 0; n < PERSON_EXPORTS_PER_DAY; n += 1) {
      const res = await call(t, 'POST', url, owner);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'QUEUED', progress: 0, url: null, requestedBy: 'Ada Admin' });
    }
    const refused = await call(t, 'POST', url, owner);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: PERSON_DATA_MESSAGES.exportsPerDay(PERSON_EXPORTS_PER_DAY),
    });
    const listed = await call(t, 'GET', `/roster/people/${personId}/exports`, owner);
    expect(listed.body.items).toHaveLength(PERSON_EXPORTS_PER_DAY);
    expect((await call(t, 'POST', '/roster/people/not-an-id/export', owner)).status).toBe(404);
  }, 120_000);

  it('shows an expired export without a link, and deletes it with its zip when its expiry job runs', async () => {
    const who = uniquePerson();
    const role = await buildRole(t.cast.project);
    const personId = await personOf((await buildApplicant(role, t.cast.people.PO.user, who)).applicantId);
    const director = t.cast.headers('PO');
    const asked = await call(t, 'POST', `/roster/people/${personId}/export`, director);
    const ready = await waitForExport(t, personId, asked.body.id, director);
    // person.json alone: no media.
    expect([...(await zipAt(ready.url)).keys()]).toEqual(['person.json']);
    const [row] = await t.ownerDb
      .update(personExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personExports.id, asked.body.id))
      .returning();
    const listed = await call(t, 'GET', `/roster/people/${personId}/exports`, director);
    expect(listed.body.items[0]).toMatchObject({ id: asked.body.id, status: 'EXPIRED', url: null });

    await runInOffice(await testOfficeId(), () => expirePersonExport(t.context, asked.body.id));
    expect((await call(t, 'GET', `/roster/people/${personId}/exports`, director)).body.items).toEqual([]);
    await eventually(
      'the expired zip is purged',
      async () => !(await t.context.storage.head(row!.objectKey)),
    );
  }, 120_000);
});
