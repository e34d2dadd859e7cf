import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import { authSessions, officeMembers, projectAccesses, projects, users } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp, signIn } from '../support/identity';
import { anyOfficeDb, auditLog, createOffice, memberOf, officeWithOwner, type Member } from './fixture';

let t: TestApp;
let officeId: string;
let owner: Member;

beforeAll(async () => {
  t = await buildIdentityApp();
  ({ officeId, owner } = await officeWithOwner(t.app, 'Members Office'));
});
afterAll(() => t.close());

const get = (url: string, auth: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers: auth });
const patchRole = (auth: Record<string, string>, userId: string, role: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/offices/current/members/${userId}`,
    headers: auth,
    payload: { role },
  });
const remove = (auth: Record<string, string>, userId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/offices/current/members/${userId}`, headers: auth });

describe('the switcher and switching', () => {
  it('lists the offices a person works in, the session’s marked current', async () => {
    const second = await createOffice({ name: 'Aardvark Films' });
    const pending = await createOffice({ name: 'Zebra Pending', status: 'PENDING_APPROVAL' });
    const db = await anyOfficeDb();
    await db.insert(officeMembers).values([
      { officeId: second, userId: owner.user.id, role: 'CASTING_ASSISTANT' },
      { officeId: pending, userId: owner.user.id, role: 'OWNER' },
    ]);
    const res = await get('/api/offices/mine', owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      { id: second, name: 'Aardvark Films', status: 'ACTIVE', role: 'CASTING_ASSISTANT', current: false },
      { id: officeId, name: 'Members Office', status: 'ACTIVE', role: 'OWNER', current: true },
      { id: pending, name: 'Zebra Pending', status: 'PENDING_APPROVAL', role: 'OWNER', current: false },
    ]);
  });

  it('moves the session: the next request works in the office entered; both logs record it', async () => {
    const person = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    const other = await createOffice({ name: 'Second Office' });
    await (
      await anyOfficeDb()
    )
      .insert(officeMembers)
      .values({ officeId: other, userId: person.user.id, role: 'CLIENT' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/offices/switch',
      headers: person.auth,
      payload: { officeId: other },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: other,
      name: 'Second Office',
      status: 'ACTIVE',
      role: 'CLIENT',
      current: true,
    });
    expect((await get('/api/offices/current', person.auth)).json()).toMatchObject({
      id: other,
      myRole: 'CLIENT',
    });
    const [account] = await (await anyOfficeDb()).select().from(users).where(eq(users.id, person.user.id));
    expect(account?.lastOfficeId).toBe(other);
    for (const log of [officeId, other]) {
      const events = (await auditLog(log, 'office.switch')).filter((e) => e.actorUserId === person.user.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ targetId: other, outcome: 'success' });
    }
    // A new sign-in opens in the office worked in last.
    const again = await signIn(t.app, person.user);
    expect((await get('/api/offices/current', again.auth)).json().id).toBe(other);
  });

  it('refuses an office the person is not in (404) and one that is not active (409), moving nothing', async () => {
    const stranger = await officeWithOwner(t.app, 'Stranger Office');
    const pending = await createOffice({ status: 'SUSPENDED' });
    await (
      await anyOfficeDb()
    )
      .insert(officeMembers)
      .values({ officeId: pending, userId: owner.user.id, role: 'OWNER' });
    const switchTo = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/offices/switch',
        headers: owner.auth,
        payload: { officeId: id },
      });
    const foreign = await switchTo(stranger.officeId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(OFFICE_MESSAGES.noSuchOffice);
    const suspended = await switchTo(pending);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json().message).toBe(OFFICE_MESSAGES.officeNotActive);
    expect((await switchTo('not-a-uuid')).statusCode).toBe(400);
    expect((await get('/api/offices/current', owner.auth)).json().id).toBe(officeId);
  });
});

describe('members', () => {
  it('lists members newest first, a keyset page at a time', async () => {
    const office = await officeWithOwner(t.app, 'Paged Office');
    const added: string[] = [];
    for (const role of ['CASTING_DIRECTOR', 'CASTING_ASSISTANT', 'CLIENT'] as const) {
      added.push((await memberOf(t.app, office.officeId, role)).user.id);
    }
    const first = await get('/api/offices/current/members?limit=2', office.owner.auth);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items.map((m: { userId: string }) => m.userId)).toEqual([added[2], added[1]]);
    expect(first.json().items[0]).toMatchObject({ role: 'CLIENT', fullName: 'Test Person' });
    const cursor = first.json().nextCursor as string;
    const second = await get(`/api/offices/current/members?limit=2&cursor=${cursor}`, office.owner.auth);
    expect(second.json()).toEqual({
      items: [
        expect.objectContaining({ userId: added[0] }),
        expect.objectContaining({ userId: office.owner.user.id, role: 'OWNER' }),
      ],
      nextCursor: null,
    });
    expect((await get('/api/offices/current/members?cursor=garbage', office.owner.auth)).statusCode).toBe(
      400,
    );
    // Clients do not see the office's people.
    const client = await memberOf(t.app, office.officeId, 'CLIENT', { roleCode: 'CLIENT' });
    expect((await get('/api/offices/current/members', client.auth)).statusCode).toBe(403);
  });

  it('changes a role, audited; the last owner keeps theirs', async () => {
    const office = await officeWithOwner(t.app, 'Roles Office');
    const director = await memberOf(t.app, office.officeId, 'CASTING_DIRECTOR');
    const res = await patchRole(office.owner.auth, director.user.id, 'OWNER');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ userId: director.user.id, role: 'OWNER' });
    expect((await auditLog(office.officeId, 'office.member-role')).at(-1)).toMatchObject({
      targetId: director.user.id,
      details: expect.objectContaining({ role: 'OWNER' }),
    });
    // Two owners: one may step down; then the other is the last and may not.
    expect((await patchRole(office.owner.auth, office.owner.user.id, 'CASTING_DIRECTOR')).statusCode).toBe(
      200,
    );
    const last = await patchRole(director.auth, director.user.id, 'CLIENT');
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(OFFICE_MESSAGES.lastOwner);
    const removeLast = await remove(director.auth, director.user.id);
    expect(removeLast.statusCode).toBe(409);
    expect((await patchRole(director.auth, director.user.id, 'BOSS')).statusCode).toBe(400);
    expect((await patchRole(director.auth, 'not-a-member', 'CLIENT')).statusCode).toBe(404);
  });

  it('removes a member: their next request works in no office, and their project places go too', async () => {
    const office = await officeWithOwner(t.app, 'Removal Office');
    const assistant = await memberOf(t.app, office.officeId, 'CASTING_ASSISTANT');
    const db = await anyOfficeDb();
    const [project] = await db
      .insert(projects)
      .values({ officeId: office.officeId, name: 'On the team', ownerId: office.owner.user.id })
      .returning({ id: projects.id });
    await db.insert(projectAccesses).values({
      officeId: office.officeId,
      projectId: project!.id,
      email: assistant.user.email,
      userId: assistant.user.id,
      scope: 'TALENT_EDITOR',
    });
    expect((await get('/api/offices/current', assistant.auth)).statusCode).toBe(200);
    const res = await remove(office.owner.auth, assistant.user.id);
    expect(res.statusCode, res.body).toBe(204);
    const after = await get('/api/offices/current', assistant.auth);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('OFFICE_REQUIRED');
    expect(
      await db.select().from(projectAccesses).where(eq(projectAccesses.userId, assistant.user.id)),
    ).toEqual([]);
    expect((await auditLog(office.officeId, 'office.member-remove')).at(-1)).toMatchObject({
      targetId: assistant.user.id,
      outcome: 'success',
    });
    expect((await remove(office.owner.auth, assistant.user.id)).statusCode).toBe(404);
  });

  it('keeps office B’s owner out of office A’s members', async () => {
    const a = await officeWithOwner(t.app, 'Office A');
    const aDirector = await memberOf(t.app, a.officeId, 'CASTING_DIRECTOR');
    const b = await officeWithOwner(t.app, 'Office B');
    const list = await get('/api/offices/current/members', b.owner.auth);
    expect(list.json().items.map((m: { userId: string }) => m.userId)).toEqual([b.owner.user.id]);
    expect((await patchRole(b.owner.auth, aDirector.user.id, 'CLIENT')).statusCode).toBe(404);
    expect((await remove(b.owner.auth, aDirector.user.id)).statusCode).toBe(404);
    const [row] = await (
      await anyOfficeDb()
    )
      .select()
      .from(officeMembers)
      .where(and(eq(officeMembers.officeId, a.officeId), eq(officeMembers.userId, aDirector.user.id)));
    expect(row?.role).toBe('CASTING_DIRECTOR');
    // Nor can B's owner switch into A.
    const move = await t.app.inject({
      method: 'POST',
      url: '/api/offices/switch',
      headers: b.owner.auth,
      payload: { officeId: a.officeId },
    });
    expect(move.statusCode).toBe(404);
    const [session] = await (
      await anyOfficeDb()
    )
      .select({ officeId: authSessions.officeId })
      .from(authSessions)
      .where(eq(authSessions.userId, b.owner.user.id));
    expect(session?.officeId).toBe(b.officeId);
  });
});
