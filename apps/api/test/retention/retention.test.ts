import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_LIMITS, RETENTION } from '@casting/domain';
import { runRetention } from '../../src/modules/retention';
import {
  applicants,
  auditEvents,
  emailRecipients,
  mediaItems,
  mediaUploads,
  people,
  projectRetention,
} from '../../src/platform/db/schema';
import { rowsOf } from '../../src/platform/db/rows';
import { purgeDeletedObjects } from '../../src/platform/storage/purge';
import { buildTestApp, type TestApp } from '../support/app';
import { jobRows } from '../jobs/support';
import { anyOfficeDb, memberOf, officeWithOwner, type Member } from '../offices/fixture';
import { filesHolding } from '../roster/traces';
import { archive, seedProject, setRetention } from './fixture';

// Retention per office, from outside: the owner sets it, the preview shows what the coming purges remove, the owners
// are told a notice period ahead, once, and the purge then clears the unselected candidates' media (every stored and
// derived file) and contact details, leaving the selected ones and everyone's names. The database and the storage are
// listed afterwards.
let t: TestApp;
let officeId: string;
let owner: Member;
beforeAll(async () => {
  t = await buildTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  ({ officeId, owner } = await officeWithOwner(t.app, 'Retention Casting'));
}, 120_000);
afterAll(() => t.close());

const DAY = 86_400_000;
const preview = (auth: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/offices/current/retention${query}`, headers: auth });

const storageRoot = () => path.join(t.context.config.dataDir, 'files');

/** Every object the embedded storage holds, by key (its `objects/<key>.json` records, listed from the disk). */
function storedFiles(): string[] {
  const root = path.join(storageRoot(), 'objects');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => entry.endsWith('.json') && fs.statSync(path.join(root, entry)).isFile())
    .map((entry) =>
      entry
        .split(path.sep)
        .join('/')
        .replace(/\.json$/, ''),
    );
}

const noticeMailsTo = async (email: string) =>
  (await jobRows(t.ownerDb, 'mail')).filter(
    (job) => (job.data as { message?: { to?: string } }).message?.to === email,
  );

describe('the retention setting', () => {
  it('is the owner’s, off by default, and refuses a number of days out of range without changing anything', async () => {
    const office = await t.app.inject({ method: 'GET', url: '/api/offices/current', headers: owner.auth });
    expect(office.json().retentionDays).toBeNull();
    for (const retentionDays of [
      OFFICE_LIMITS.retentionDaysMin - 1,
      OFFICE_LIMITS.retentionDaysMax + 1,
      45.5,
    ]) {
      const refused = await t.app.inject({
        method: 'PATCH',
        url: '/api/offices/current',
        headers: owner.auth,
        payload: { retentionDays, name: 'Renamed meanwhile' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.issues[0].path).toBe('body.retentionDays');
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/offices/current', headers: owner.auth });
    expect(after.json()).toMatchObject({ retentionDays: null, name: 'Retention Casting' });
    const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    const byDirector = await t.app.inject({
      method: 'PATCH',
      url: '/api/offices/current',
      headers: director.auth,
      payload: { retentionDays: 60 },
    });
    expect(byDirector.statusCode).toBe(403);
  });
});

describe('the preview, the notice and the purge', () => {
  it('tells the owners once, a notice period ahead, then purges the unselected candidates only', async () => {
    const seeded = await seedProject(t.context, officeId, owner);
    const { project, selects, booked, released, untouched, db } = seeded;
    // Mail the project's candidates once, so its mail log holds their addresses.
    const [send] = rowsOf<{ id: string }>(
      await db.execute(sql`insert into email_sends (id, project_id, kind, subject, body, sender_name, reply_to)
        values (gen_random_uuid(), ${project.id}, 'CANDIDATES', 'Callback', '{}'::jsonb, 'Olive', 'olive@office.test') returning id`),
    );
    for (const who of [selects, released]) {
      await db.insert(emailRecipients).values({
        sendId: send!.id,
        projectId: project.id,
        applicantId: who.applicantId,
        submissionId: who.submissionId,
        email: who.email,
        status: 'SENT',
      });
    }
    // Off: nothing to preview, and a run leaves everything.
    const off = await preview(owner.auth);
    expect(off.json()).toEqual({
      retentionDays: null,
      noticeDays: RETENTION.noticeDays,
      items: [],
      nextCursor: null,
    });

    await setRetention(officeId, 30);
    await archive(db, project.id, 40);
    const before = await preview(owner.auth);
    expect(before.statusCode).toBe(200);
    const [item] = before.json().items;
    expect(before.json()).toMatchObject({ retentionDays: 30, nextCursor: null });
    expect(item).toMatchObject({
      projectId: project.id,
      projectName: project.name,
      noticeSentAt: null,
      candidates: 2,
      mediaItems: 4,
    });
    // Due ten days ago, but the owners have not been told: a notice period from now at the earliest.
    expect(Date.parse(item.purgeAt) - Date.now()).toBeGreaterThan(RETENTION.noticeDays * DAY - 60_000);

    // The first run tells the owners (one mail, naming the project, no candidate) and purges nothing.
    expect(await runRetention(t.context)).toBe(0);
    const mails = await noticeMailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    const message = (mails[0]!.data as { message: { subject: string; text: string } }).message;
    expect(message.subject).toContain(project.name);
    expect(message.text).toContain(project.name);
    for (const who of [selects, booked, released, untouched]) {
      expect(message.text).not.toContain(who.lastName);
      expect(message.text).not.toContain(who.email);
    }
    // The notice names the moment in the office's time zone.
    expect(message.text).toMatch(/UTC/);
    // A second run does not tell them again, and still purges nothing.
    expect(await runRetention(t.context)).toBe(0);
    expect(await noticeMailsTo(owner.user.email)).toHaveLength(1);
    const told = (await preview(owner.auth)).json().items[0];
    expect(told.noticeSentAt).not.toBeNull();

    // A notice period later, the purge.
    await db
      .update(projectRetention)
      .set({ noticeSentAt: new Date(Date.now() - (RETENTION.noticeDays + 1) * DAY) })
      .where(eq(projectRetention.projectId, project.id));
    const storedBefore = storedFiles();
    for (const key of untouched.keys) expect(storedBefore).toContain(key);
    expect(await runRetention(t.context)).toBe(1);
    await purgeDeletedObjects(t.context);

    // The database afterwards: the unselected lost contact details and media; names stay; the selected keep all.
    const owned = await anyOfficeDb();
    const rows = await owned.select().from(applicants).where(eq(applicants.projectId, project.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const who of [released, untouched]) {
      expect(byId.get(who.applicantId)).toMatchObject({
        email: null,
        phone: null,
        address: null,
        firstName: 'Casey',
        lastName: who.lastName,
      });
      expect(byId.get(who.applicantId)!.searchText).not.toContain('@');
      const [person] = await owned.select().from(people).where(eq(people.id, who.personId));
      expect(person).toMatchObject({ email: null, phone: null, lastName: who.lastName });
    }
    for (const who of [selects, booked]) {
      expect(byId.get(who.applicantId)).toMatchObject({ email: who.email, phone: who.phone });
      expect(byId.get(who.applicantId)!.address).not.toBeNull();
    }
    const media = await owned
      .select({ applicantId: mediaItems.applicantId })
      .from(mediaItems)
      .where(eq(mediaItems.projectId, project.id));
    expect(media.map((row) => row.applicantId).sort()).toEqual(
      [selects, selects, booked, booked].map((who) => who.applicantId).sort(),
    );
    const uploads = await owned
      .select({ applicantId: mediaUploads.applicantId })
      .from(mediaUploads)
      .where(eq(mediaUploads.projectId, project.id));
    expect(uploads.map((row) => row.applicantId).sort()).toEqual(
      [selects.applicantId, booked.applicantId].sort(),
    );
    const log = await owned
      .select({ applicantId: emailRecipients.applicantId, email: emailRecipients.email })
      .from(emailRecipients)
      .where(eq(emailRecipients.projectId, project.id));
    expect(log).toEqual(
      expect.arrayContaining([
        { applicantId: selects.applicantId, email: selects.email },
        { applicantId: released.applicantId, email: null },
      ]),
    );
    // The roster standing and the folder place stay: the purge clears data, not the casting history.
    const kept = rowsOf<{ n: number }>(
      await owned.execute(
        sql`select count(*)::int as n from roster_entries where project_id = ${project.id}`,
      ),
    );
    expect(kept[0]!.n).toBe(2);

    // The storage afterwards: every original and derived file of the unselected is gone, the selected's remain.
    const storedAfter = storedFiles();
    for (const key of [...released.keys, ...untouched.keys]) expect(storedAfter).not.toContain(key);
    for (const key of [...selects.keys, ...booked.keys]) expect(storedAfter).toContain(key);
    expect(storedAfter.filter((file) => file.includes(project.id)).sort()).toEqual(
      [...selects.keys, ...booked.keys].sort(),
    );
    // Nor does any file on the disk (objects, blobs, parts) still hold their bytes.
    expect(
      filesHolding(
        storageRoot(),
        [...released.keys, ...untouched.keys].map((key) => `file ${key}`),
      ),
    ).toEqual([]);

    // One audit event in the office's log, with counts and no personal data.
    const events = await owned
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retention.purge'), eq(auditEvents.projectId, project.id)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      officeId,
      outcome: 'success',
      targetType: 'project',
      targetId: project.id,
    });
    expect(events[0]!.details).toMatchObject({
      retentionDays: 30,
      candidates: 2,
      mediaItems: 4,
      uploads: 2,
      files: 2 * (2 * 4 + 1),
      contactDetails: 2,
      rosterContactDetails: 2,
      mailAddresses: 1,
    });
    const details = JSON.stringify(events[0]!.details);
    for (const who of [released, untouched]) {
      for (const value of [who.email, who.phone, who.lastName, who.applicantId])
        expect(details).not.toContain(value);
    }

    // Done once: the project leaves the preview, and another run records nothing more.
    expect((await preview(owner.auth)).json().items).toEqual([]);
    expect(await runRetention(t.context)).toBe(0);
    const again = await owned
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'retention.purge'), eq(auditEvents.projectId, project.id)));
    expect(again).toHaveLength(1);
  });

  it('never purges a project unarchived meanwhile, and starts afresh when it is archived again', async () => {
    const { project, db } = await seedProject(t.context, officeId, owner);
    await setRetention(officeId, 30);
    await archive(db, project.id, 100);
    await runRetention(t.context);
    await db
      .update(projectRetention)
      .set({ noticeSentAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(projectRetention.projectId, project.id));
    await db.execute(sql`update projects set archived_at = null where id = ${project.id}`);
    expect(
      await db.select().from(projectRetention).where(eq(projectRetention.projectId, project.id)),
    ).toEqual([]);
    await runRetention(t.context);
    expect((await db.select().from(mediaItems).where(eq(mediaItems.projectId, project.id))).length).toBe(8);
    await archive(db, project.id, 1);
    const [fresh] = await db
      .select()
      .from(projectRetention)
      .where(eq(projectRetention.projectId, project.id));
    expect(fresh).toMatchObject({ noticeSentAt: null, purgedAt: null });
    const listed = (await preview(owner.auth))
      .json()
      .items.find((row: { projectId: string }) => row.projectId === project.id);
    // Archived a day ago with 30 days kept: purged 29 days from now.
    expect(Math.round((Date.parse(listed.purgeAt) - Date.now()) / DAY)).toBe(29);
  });
});

describe('who sees the preview', () => {
  it('is the office’s owner only; another office’s owner sees their own office’s, never this one’s', async () => {
    const { project, db } = await seedProject(t.context, officeId, owner);
    await setRetention(officeId, 30);
    await archive(db, project.id, 5);
    expect((await preview({})).statusCode).toBe(401);
    for (const role of ['CASTING_DIRECTOR', 'CASTING_ASSISTANT'] as const) {
      const member = await memberOf(t.app, officeId, role);
      expect((await preview(member.auth)).statusCode).toBe(403);
    }
    const mine = (await preview(owner.auth)).json().items.map((row: { projectId: string }) => row.projectId);
    expect(mine).toContain(project.id);

    const other = await officeWithOwner(t.app, 'Elsewhere Casting');
    await setRetention(other.officeId, 60);
    const theirs = await preview(other.owner.auth);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ retentionDays: 60, items: [] });
  });

  it('pages by a cursor with no total, and refuses a forged cursor or a bad limit with a 400', async () => {
    const { officeId: pagedOffice, owner: pagedOwner } = await officeWithOwner(t.app, 'Paged Casting');
    await setRetention(pagedOffice, 30);
    const archived: string[] = [];
    for (const daysAgo of [50, 40, 30]) {
      const { project, db } = await seedProject(t.context, pagedOffice, pagedOwner);
      await archive(db, project.id, daysAgo);
      archived.push(project.id);
    }
    const first = await preview(pagedOwner.auth, '?limit=2');
    expect(first.json().items.map((row: { projectId: string }) => row.projectId)).toEqual(
      archived.slice(0, 2),
    );
    const next = first.json().nextCursor as string;
    expect(next).toEqual(expect.any(String));
    const second = await preview(pagedOwner.auth, `?limit=2&cursor=${next}`);
    expect(second.json()).toMatchObject({ nextCursor: null });
    expect(second.json().items.map((row: { projectId: string }) => row.projectId)).toEqual(archived.slice(2));
    for (const query of ['?cursor=bm9wZQ', '?limit=0', '?limit=1000', '?limit=x', '?other=1']) {
      const refused = await preview(pagedOwner.auth, query);
      expect(refused.statusCode, query).toBe(400);
    }
  });
});
