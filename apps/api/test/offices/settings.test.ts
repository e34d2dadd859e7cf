import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES, PUBLIC_PAGE_TEXT } from '@casting/domain';
import { offices, projectAccesses, projects } from '../../src/platform/db/schema';
import { newLinkToken } from '../../src/platform/crypto/link-tokens';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, signIn } from '../support/identity';
import { anyOfficeDb, auditLog, memberOf, officeWithOwner, submissionLinkOf, type Member } from './fixture';

let t: TestApp;
let officeId: string;
let owner: Member;

beforeAll(async () => {
  t = await buildIdentityApp();
  ({ officeId, owner } = await officeWithOwner(t.app, 'Harbor Casting'));
});
afterAll(() => t.close());

const current = (auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth });
const patch = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/offices/current', headers: auth, payload: payload as object });

describe('GET /api/offices/current', () => {
  it('answers the office with the caller’s own role', async () => {
    const res = await current(owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: officeId,
      name: 'Harbor Casting',
      logoUrl: null,
      timeZone: 'UTC',
      dateFormat: 'YYYY-MM-DD',
      mailSenderName: null,
      status: 'ACTIVE',
      ageOfMajority: 18,
      retentionDays: null,
      myRole: 'OWNER',
    });
    const client = await memberOf(t.app, officeId, 'CLIENT', { roleCode: 'CLIENT' });
    expect((await current(client.auth)).json()).toMatchObject({ id: officeId, myRole: 'CLIENT' });
  });

  it('answers a guest on one of its project teams with no role', async () => {
    const db = await anyOfficeDb();
    const guest = await createUser({ officeId: null });
    const [project] = await db
      .insert(projects)
      .values({ officeId, name: 'Harbor pilot', ownerId: owner.user.id })
      .returning({ id: projects.id });
    await db.insert(projectAccesses).values({
      officeId,
      projectId: project!.id,
      email: guest.email,
      userId: guest.id,
      scope: 'PROJECT_EDITOR',
    });
    const { auth } = await signIn(t.app, guest);
    const res = await current(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: officeId, myRole: null });
  });

  it('is refused to someone in no office, naming what to do', async () => {
    const loner = await createUser({ officeId: null });
    const res = await current((await signIn(t.app, loner)).auth);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OFFICE_REQUIRED');
  });
});

describe('PATCH /api/offices/current', () => {
  it('changes the settings, audited in the office’s log', async () => {
    const res = await patch(owner.auth, {
      name: 'Harbor Casting Ltd',
      timeZone: 'Europe/London',
      dateFormat: 'DD/MM/YYYY',
      mailSenderName: 'Harbor Casting',
      ageOfMajority: 16,
      retentionDays: 365,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Harbor Casting Ltd',
      timeZone: 'Europe/London',
      dateFormat: 'DD/MM/YYYY',
      mailSenderName: 'Harbor Casting',
      ageOfMajority: 16,
      retentionDays: 365,
    });
    const events = await auditLog(officeId, 'office.update');
    expect(events.at(-1)).toMatchObject({ actorUserId: owner.user.id, outcome: 'success' });
    expect(events.at(-1)?.details).toMatchObject({ name: 'Harbor Casting Ltd', timeZone: 'Europe/London' });
  });

  it('raises a text’s own version (and the legal version) when that text changes, and only then', async () => {
    const legal = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/offices/current/legal', headers: owner.auth })).json();
    const before = await legal();
    expect((await patch(owner.auth, { termsText: 'Our terms.\n\nSecond part.' })).statusCode).toBe(200);
    expect(await legal()).toEqual({
      termsText: 'Our terms.\n\nSecond part.',
      privacyText: null,
      legalVersion: before.legalVersion + 1,
      termsVersion: before.termsVersion + 1,
      privacyVersion: before.privacyVersion,
    });
    await patch(owner.auth, { termsText: 'Our terms.\n\nSecond part.', name: 'Harbor Casting' });
    expect((await legal()).legalVersion).toBe(before.legalVersion + 1);
    await patch(owner.auth, { privacyText: 'We keep your data in the EU.' });
    expect(await legal()).toMatchObject({
      legalVersion: before.legalVersion + 2,
      termsVersion: before.termsVersion + 1,
      privacyVersion: before.privacyVersion + 1,
    });
  });

  it('refuses bad input with every field named, writing nothing', async () => {
    const res = await patch(owner.auth, { timeZone: 'Mars/Olympus', ageOfMajority: 30, colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const zone = await patch(owner.auth, { timeZone: 'Mars/Olympus' });
    expect(zone.json().details.issues[0].message).toBe(OFFICE_MESSAGES.invalidTimeZone);
    const [row] = await (await anyOfficeDb()).select().from(offices).where(eq(offices.id, officeId));
    expect(row).toMatchObject({ timeZone: 'Europe/London', ageOfMajority: 16 });
  });

  it('is the owner’s alone: a casting director is refused, as is reading the legal texts', async () => {
    const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    const res = await patch(director.auth, { name: 'Taken over' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    const legal = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/legal',
      headers: director.auth,
    });
    expect(legal.statusCode).toBe(403);
  });

  it('lets another office’s owner change only their own office', async () => {
    const other = await officeWithOwner(t.app, 'Other Office');
    const res = await patch(other.owner.auth, { name: 'Renamed Other' });
    expect(res.json()).toMatchObject({ id: other.officeId, name: 'Renamed Other' });
    expect((await current(owner.auth)).json().name).toBe('Harbor Casting');
  });
});

describe('the apply pages’ legal text', () => {
  it('is the office’s own for its submission link, the installation’s otherwise', async () => {
    await patch(owner.auth, { termsText: 'Harbor terms,\nline two.\n\nHarbor part two.', privacyText: '' });
    const token = await submissionLinkOf(officeId, owner.user.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/global-content?token=${token}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().terms).toEqual(['Harbor terms, line two.', 'Harbor part two.']);
    // An emptied text goes back to the default.
    expect(res.json().privacy).toEqual([...PUBLIC_PAGE_TEXT.privacy]);
    const plain = await t.app.inject({ method: 'GET', url: '/api/v2/global-content' });
    expect(plain.json().terms).toEqual([...PUBLIC_PAGE_TEXT.terms]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v2/global-content?token=${newLinkToken()}`,
    });
    expect(unknown.json().terms).toEqual([...PUBLIC_PAGE_TEXT.terms]);
  });
});
