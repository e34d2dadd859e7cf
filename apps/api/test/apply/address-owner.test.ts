import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { LINK_MESSAGES } from '@casting/domain';
import { submitApplicant } from '../../src/modules/candidates';
import { applicantRepresentatives, applicants, mediaItems, submissions } from '../../src/platform/db/schema';
import { UploadClient } from '../media/client';
import { buildMediaApp, type MediaApp } from '../media/support';
import { buildRole } from '../support/projects';
import { foldersOf } from '../links/helpers';
import { applyBody, createLinks, queuedMailsTo, tokenOf } from '../links/helpers';
import { privateTokenFrom } from '../links/links-fixture';
import { testDatabase } from '../support/database';

// An application with an address that already belongs to a person changes nothing of that person until the address's
// owner confirms it from the mail sent there: not their details, not their media, not their representation.
let t: MediaApp;
beforeAll(async () => {
  t = await buildMediaApp();
});
afterAll(() => t.close());

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openLink(roleIds: string[]) {
  const [link] = await createLinks(t.app, t.cast.headers('PO'), t.cast.project.id, {
    roleIds,
    defaultRoleId: roleIds[0],
  });
  const token = tokenOf(link!.link);
  const resolved = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
  return { token, grant: resolved.json().uploadGrant as string };
}

const apply = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/applicants/standalone', payload });

/** Everything of a person the stranger must not change: the applicant row, its media and its representation. */
async function personState(applicantId: string) {
  const { db } = await testDatabase();
  const [row] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
  const media = await db.select().from(mediaItems).where(eq(mediaItems.applicantId, applicantId));
  const reps = await db
    .select()
    .from(applicantRepresentatives)
    .where(eq(applicantRepresentatives.applicantId, applicantId));
  const subs = await db.select().from(submissions).where(eq(submissions.applicantId, applicantId));
  return { row, media, reps, subs: subs.map((sub) => [sub.id, sub.roleId, sub.source]) };
}

/** The list row of a candidate the team sees, by applicant id. */
async function listRow(roleId: string, applicantId: string) {
  const listed = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${t.cast.project.id}/applicants?roleId=${roleId}`,
    headers: t.cast.headers('PO'),
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return (listed.json().items as { applicantId: string; emailUnconfirmed: boolean }[]).find(
    (row) => row.applicantId === applicantId,
  );
}

/** The confirmation mail to an address: its private link's applicant id and token. */
async function confirmationLink(email: string) {
  const mails = await queuedMailsTo(email);
  const mail = mails.find((m) => m.subject.startsWith('Confirm your application'));
  expect(mail, JSON.stringify(mails)).toBeDefined();
  const applicantId = /submission\/([0-9a-f-]+)\?token=/.exec(mail!.text)![1]!;
  return { applicantId, token: privateTokenFrom(mail!.text) };
}

const confirm = (applicantId: string, accessToken: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/applicants/${applicantId}/standalone/confirm`,
    payload: { accessToken },
  });

describe('an application with an address a person already has', () => {
  it('a stranger attaches no media and names no agent on the talent until the address owner confirms', async () => {
    const roleA = await buildRole(t.cast.project, { name: 'Lead' });
    const roleB = await buildRole(t.cast.project, { name: 'Friend' });
    const email = `vera-${randomUUID().slice(0, 8)}@example.com`;
    const link = await openLink([roleA.id, roleB.id]);
    const real = await apply(applyBody(link.token, { email, firstName: 'Vera', roleId: roleA.id }));
    expect(real.statusCode, real.body).toBe(201);
    const victim = real.json().applicantId as string;
    const before = await personState(victim);

    // The stranger applies with Vera's address, a photo and themselves as agent.
    const photo = await new UploadClient(t.origin, {}).single(
      { uploadGrant: link.grant },
      'stranger.png',
      PNG,
      'image/png',
    );
    expect(photo.status).toBe(200);
    const agentEmail = `mallory-${randomUUID().slice(0, 8)}@example.com`;
    const stranger = await apply(
      applyBody(link.token, {
        email,
        firstName: 'Mallory',
        roleId: roleB.id,
        uploads: [{ key: photo.body.Key, name: 'stranger.png' }],
        uploadGrant: link.grant,
        representative: {
          agency: { name: 'Mallory Talent', websiteUrl: 'mallory.example.com' },
          agent: { firstName: 'Mallory', lastName: 'Agent', email: agentEmail },
        },
      }),
    );
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(stranger.json().message).toBe(LINK_MESSAGES.submissionReceived);

    // Nothing of Vera changed, no claim went to the stranger's agent, and the team sees an unconfirmed application.
    expect(await personState(victim)).toEqual(before);
    expect(await queuedMailsTo(agentEmail)).toEqual([]);
    const pending = stranger.json().applicantId as string;
    expect(pending).not.toBe(victim);
    expect(await listRow(roleB.id, pending)).toMatchObject({ emailUnconfirmed: true });
    expect(await listRow(roleA.id, victim)).toMatchObject({ emailUnconfirmed: false });

    // The address owner reads the mail sent to the address and confirms: the application now applies to Vera.
    const owner = await confirmationLink(email);
    expect(owner.applicantId).toBe(pending);
    const wrong = await confirm(pending, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(404);
    expect(await personState(victim)).toEqual(before);
    const confirmed = await confirm(owner.applicantId, owner.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      applicantId: victim,
      message: LINK_MESSAGES.applicationConfirmed,
    });
    const after = await personState(victim);
    expect(after.row?.firstName).toBe('Vera');
    expect(after.media.map((item) => item.name)).toEqual(['stranger.png']);
    expect(after.reps).toHaveLength(1);
    expect(after.subs.map(([, roleId]) => roleId).sort()).toEqual([roleA.id, roleB.id].sort());
    const [claim] = await queuedMailsTo(agentEmail);
    expect(claim?.text).toContain('/claim-confirmation/');
    // The unconfirmed row is gone, its submission now Vera's.
    const { db } = await testDatabase();
    expect(await db.select().from(applicants).where(eq(applicants.id, pending))).toEqual([]);
    expect(await listRow(roleB.id, victim)).toMatchObject({ emailUnconfirmed: false });
  });

  it('a stranger applying first with an invitee’s address replaces nothing, and the real person is still seen', async () => {
    const role = await buildRole(t.cast.project, { name: 'Invited part' });
    const link = await openLink([role.id]);
    const email = `ines-${randomUUID().slice(0, 8)}@example.com`;
    const { db } = await testDatabase();
    // An agency invited Ines: the invitation knows her name and address (as the invitations service writes it).
    const invited = await db.transaction((tx) =>
      submitApplicant(tx, {
        projectId: t.cast.project.id,
        roleId: role.id,
        person: {
          firstName: 'Ines',
          lastName: 'Invited',
          email,
          ethnicAppearanceIds: [],
          sizes: {},
          skills: [],
          unionIds: [],
          languages: [],
          socialProfiles: {},
        },
        createdById: null,
        source: 'ADMIN',
        folderIds: [],
        folderAlias: 'TS_INVITED',
      }),
    );
    const before = await personState(invited.applicantId);

    const stranger = await apply(
      applyBody(link.token, { email, firstName: 'Mallory', lastName: 'Stranger' }),
    );
    expect(stranger.statusCode, stranger.body).toBe(201);
    expect(await personState(invited.applicantId)).toEqual(before);
    expect(await foldersOf(invited.submissionId)).toEqual(['TS_INVITED']);

    // Ines applies herself: her application waits beside the stranger's, both seen by the team as unconfirmed.
    const ines = await apply(
      applyBody(link.token, { email, firstName: 'Ines', lastName: 'Real', bio: 'Me' }),
    );
    expect(ines.statusCode, ines.body).toBe(201);
    expect(await personState(invited.applicantId)).toEqual(before);
    expect(await listRow(role.id, ines.json().applicantId)).toMatchObject({ emailUnconfirmed: true });
    expect(await listRow(role.id, stranger.json().applicantId)).toMatchObject({ emailUnconfirmed: true });

    // Ines confirms from her mailbox: her details replace the invitation's and she leaves Invited.
    const mails = (await queuedMailsTo(email)).filter((m) =>
      m.subject.startsWith('Confirm your application'),
    );
    expect(mails).toHaveLength(2);
    const hers = mails
      .map((m) => ({
        applicantId: /submission\/([0-9a-f-]+)\?token=/.exec(m.text)![1]!,
        token: privateTokenFrom(m.text),
      }))
      .find((m) => m.applicantId === ines.json().applicantId)!;
    const confirmed = await confirm(hers.applicantId, hers.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await personState(invited.applicantId);
    expect(after.row).toMatchObject({ firstName: 'Ines', lastName: 'Real', bio: 'Me' });
    expect(await foldersOf(invited.submissionId)).toEqual(['NEW_SUBMISSIONS']);
    // The stranger's application still waits, unconfirmed, and changed nothing.
    expect(await listRow(role.id, stranger.json().applicantId)).toMatchObject({ emailUnconfirmed: true });
    expect(
      await db
        .select()
        .from(applicants)
        .where(inArray(applicants.id, [stranger.json().applicantId])),
    ).toMatchObject([{ email: null, firstName: 'Mallory' }]);
  });
});
