import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeInvitations, officeMembers } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp, uniqueEmail } from '../support/identity';
import { anyOfficeDb, auditLog, memberOf, officeWithOwner, type Member } from './fixture';

/**
 * The owner of office B, holding office A's ids: the owner's routes work in the caller's own office, so A's members,
 * invitations and log do not exist for B's owner. Each call must get the very answer an unknown id gets (nothing
 * tells B that the id is real elsewhere) and change nothing in A.
 */
let t: TestApp;
let a: { officeId: string; owner: Member };
let b: { officeId: string; owner: Member };
let memberOfA: Member;

beforeAll(async () => {
  t = await buildIdentityApp();
  a = await officeWithOwner(t.app, 'Office A');
  b = await officeWithOwner(t.app, 'Office B');
  memberOfA = await memberOf(t.app, a.officeId, 'CASTING_DIRECTOR');
});
afterAll(() => t.close());

type Call = { method: 'PATCH' | 'DELETE'; url: (id: string) => string; payload?: object };

/** B's owner's answer for `id`, beside the answer for an id that exists nowhere. */
async function answersAsOtherOwner(call: Call, id: string) {
  const ask = async (target: string) => {
    const res = await t.app.inject({
      method: call.method,
      url: call.url(target),
      headers: b.owner.auth,
      ...(call.payload ? { payload: call.payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { theirs: await ask(id), unknown: await ask(randomUUID()) };
}

async function memberRowOfA(userId: string) {
  const db = await anyOfficeDb();
  return db
    .select()
    .from(officeMembers)
    .where(and(eq(officeMembers.officeId, a.officeId), eq(officeMembers.userId, userId)));
}

describe('office B’s owner with office A’s ids', () => {
  it.each<[string, Call]>([
    [
      'PATCH /api/offices/current/members/:userId',
      { method: 'PATCH', url: (id) => `/api/offices/current/members/${id}`, payload: { role: 'CLIENT' } },
    ],
    [
      'DELETE /api/offices/current/members/:userId',
      { method: 'DELETE', url: (id) => `/api/offices/current/members/${id}` },
    ],
  ])(
    '%s on A’s member is answered as an unknown id, and the member row is unchanged',
    async (_route, call) => {
      const before = await memberRowOfA(memberOfA.user.id);
      expect(before).toHaveLength(1);
      const { theirs, unknown } = await answersAsOtherOwner(call, memberOfA.user.id);
      expect(theirs.status).toBe(404);
      expect(theirs).toEqual(unknown);
      expect(await memberRowOfA(memberOfA.user.id)).toEqual(before);
    },
  );

  it('DELETE /api/offices/current/invitations/:id on A’s pending invitation is answered as an unknown id, and the invitation stays pending', async () => {
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/offices/current/invitations',
      headers: a.owner.auth,
      payload: { email: uniqueEmail('kept'), role: 'CLIENT' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id: string = invited.json().id;
    const db = await anyOfficeDb();
    const row = () => db.select().from(officeInvitations).where(eq(officeInvitations.id, id));
    const before = await row();
    expect(before).toEqual([expect.objectContaining({ officeId: a.officeId, revokedAt: null })]);

    const { theirs, unknown } = await answersAsOtherOwner(
      { method: 'DELETE', url: (target) => `/api/offices/current/invitations/${target}` },
      id,
    );
    expect(theirs.status).toBe(404);
    expect(theirs).toEqual(unknown);
    expect(await row()).toEqual(before);
  });

  it('GET /api/offices/current/audit-events lists none of A’s events, only B’s own', async () => {
    const rename = (owner: Member, name: string) =>
      t.app.inject({ method: 'PATCH', url: '/api/offices/current', headers: owner.auth, payload: { name } });
    expect((await rename(a.owner, `Office A ${randomUUID().slice(0, 8)}`)).statusCode).toBe(200);
    expect((await rename(b.owner, `Office B ${randomUUID().slice(0, 8)}`)).statusCode).toBe(200);
    const [eventOfA] = await auditLog(a.officeId, 'office.update');
    const [eventOfB] = await auditLog(b.officeId, 'office.update');
    expect(eventOfA?.actorUserId).toBe(a.owner.user.id);
    expect(eventOfB?.actorUserId).toBe(b.owner.user.id);

    const listed = (owner: Member) =>
      t.app.inject({
        method: 'GET',
        url: '/api/offices/current/audit-events?action=office.update',
        headers: owner.auth,
      });
    // A's owner reads A's event through the same route: what B's owner must not see is there to be seen.
    const ofA = await listed(a.owner);
    expect(ofA.json().items.map((event: { id: string }) => event.id)).toEqual([eventOfA!.id]);
    const ofB = await listed(b.owner);
    expect(ofB.statusCode, ofB.body).toBe(200);
    const items: { id: string; actorUserId: string | null }[] = ofB.json().items;
    expect(items.map((event) => event.id)).toEqual([eventOfB!.id]);
    expect(items.filter((event) => event.actorUserId === a.owner.user.id)).toEqual([]);
  });
});
