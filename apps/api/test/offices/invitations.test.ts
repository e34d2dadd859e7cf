import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import { tokenDigest } from '../../src/platform/crypto/link-tokens';
import { authRateLimits, officeInvitations, officeMembers, users } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, latestCode, PASSWORD, signIn, uniqueEmail } from '../support/identity';
import { anyOfficeDb, auditLog, mailTo, memberOf, officeWithOwner, tokenIn, type Member } from './fixture';

let t: TestApp;
let officeId: string;
let owner: Member;

beforeAll(async () => {
  t = await buildIdentityApp();
  ({ officeId, owner } = await officeWithOwner(t.app, 'Invite Office'));
});
afterAll(() => t.close());

const invite = (auth: Record<string, string>, email: string, role = 'CASTING_DIRECTOR') =>
  t.app.inject({
    method: 'POST',
    url: '/api/offices/current/invitations',
    headers: auth,
    payload: { email, role },
  });
const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/offices/invitations/${token}` });
const accept = (auth: Record<string, string>, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/offices/invitations/accept', headers: auth, payload: { token } });

/** Invites an address and answers the token its mail carries. */
async function invited(email: string, role = 'CASTING_DIRECTOR', auth = owner.auth): Promise<string> {
  const res = await invite(auth, email, role);
  expect(res.statusCode, res.body).toBe(201);
  return tokenIn((await mailTo(t.app, email.toLowerCase(), /invited to join/)).text);
}

describe('inviting', () => {
  it('mails a link whose token is kept only as its digest, and lists the invitation', async () => {
    const email = uniqueEmail('Invitee').replace('invitee', 'InViTee');
    const res = await invite(owner.auth, email, 'CASTING_ASSISTANT');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      email: email.toLowerCase(),
      role: 'CASTING_ASSISTANT',
      invitedBy: 'Test Person',
    });
    const mail = await mailTo(t.app, email.toLowerCase(), /invited to join Invite Office/);
    expect(mail.text).toContain('/invitations/office/');
    const token = tokenIn(mail.text);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await (
      await anyOfficeDb()
    )
      .select()
      .from(officeInvitations)
      .where(eq(officeInvitations.id, res.json().id));
    expect(row?.tokenHash).toBe(tokenDigest(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 14 * 86_400_000)).toBeLessThan(5_000);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/invitations',
      headers: owner.auth,
    });
    expect(list.json().items[0]).toMatchObject({ id: res.json().id, email: email.toLowerCase() });
    expect((await auditLog(officeId, 'office.invite')).at(-1)).toMatchObject({ outcome: 'success' });
  });

  it('refuses a member’s address and bad input, writing nothing', async () => {
    const member = await memberOf(t.app, officeId, 'CLIENT');
    const res = await invite(owner.auth, member.user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFICE_MESSAGES.alreadyMember);
    const rows = await (
      await anyOfficeDb()
    )
      .select()
      .from(officeInvitations)
      .where(eq(officeInvitations.email, member.user.email));
    expect(rows).toEqual([]);
    expect((await invite(owner.auth, 'not-an-address')).statusCode).toBe(400);
    expect((await invite(owner.auth, uniqueEmail(), 'KING')).statusCode).toBe(400);
  });

  it('replaces a pending invitation to the same address: the earlier link stops working', async () => {
    const email = uniqueEmail('again');
    const first = await invited(email);
    const second = await invite(owner.auth, email, 'CLIENT');
    expect(second.statusCode).toBe(201);
    expect((await preview(first)).statusCode).toBe(404);
  });

  it('keeps to the office’s daily allowance', async () => {
    const db = await anyOfficeDb();
    await db
      .insert(authRateLimits)
      .values({ key: `office-invitations:${officeId}`, windowStartedAt: new Date(), hits: 100 })
      .onConflictDoUpdate({ target: authRateLimits.key, set: { hits: 100, windowStartedAt: new Date() } });
    const res = await invite(owner.auth, uniqueEmail('over'));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(OFFICE_MESSAGES.dailyInvitationsUsed(100));
    await db.delete(authRateLimits).where(eq(authRateLimits.key, `office-invitations:${officeId}`));
  });

  it('is the owner’s alone, and office B’s owner neither sees nor withdraws office A’s invitations', async () => {
    const director = await memberOf(t.app, officeId, 'CASTING_DIRECTOR');
    expect((await invite(director.auth, uniqueEmail())).statusCode).toBe(403);
    const res = await invite(owner.auth, uniqueEmail('kept'));
    const b = await officeWithOwner(t.app, 'Office B');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/invitations',
      headers: b.owner.auth,
    });
    expect(list.json().items).toEqual([]);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/offices/current/invitations/${res.json().id}`,
      headers: b.owner.auth,
    });
    expect(revoke.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/invitations',
      headers: owner.auth,
    });
    expect(mine.json().items.map((i: { id: string }) => i.id)).toContain(res.json().id);
  });
});

describe('the link', () => {
  it('previews without an account; a withdrawn or unknown link is not found', async () => {
    const email = uniqueEmail('preview');
    const token = await invited(email, 'CLIENT');
    const res = await preview(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      officeName: 'Invite Office',
      email,
      role: 'CLIENT',
      expiresAt: expect.any(String),
    });
    const [row] = await (
      await anyOfficeDb()
    )
      .select({ id: officeInvitations.id })
      .from(officeInvitations)
      .where(eq(officeInvitations.tokenHash, tokenDigest(token)));
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/offices/current/invitations/${row!.id}`,
      headers: owner.auth,
    });
    expect(revoke.statusCode).toBe(204);
    const gone = await preview(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(OFFICE_MESSAGES.invitationNotFound);
    expect((await preview('x'.repeat(43))).statusCode).toBe(404);
    expect((await preview('short')).statusCode).toBe(400);
  });

  it('answers an expired invitation as expired', async () => {
    const token = await invited(uniqueEmail('late'));
    await (
      await anyOfficeDb()
    )
      .update(officeInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(officeInvitations.tokenHash, tokenDigest(token)));
    const res = await preview(token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      code: 'INVITATION_EXPIRED',
      message: OFFICE_MESSAGES.invitationExpired,
    });
  });
});

describe('accepting', () => {
  it('joins the account whose confirmed address was invited, and moves its session there', async () => {
    const person = await createUser({ officeId: null });
    const token = await invited(person.email, 'CASTING_ASSISTANT');
    const { auth } = await signIn(t.app, person);
    const stranger = await createUser({ officeId: null });
    const wrong = await accept((await signIn(t.app, stranger)).auth, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(OFFICE_MESSAGES.invitationForAnotherAddress(person.email));
    const res = await accept(auth, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: officeId,
      name: 'Invite Office',
      status: 'ACTIVE',
      role: 'CASTING_ASSISTANT',
      current: true,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth })).json(),
    ).toMatchObject({ id: officeId, myRole: 'CASTING_ASSISTANT' });
    expect((await accept(auth, token)).statusCode).toBe(404);
    const events = (await auditLog(officeId, 'office.invitation-accept')).filter(
      (e) => e.actorUserId === person.id,
    );
    expect(events.map((e) => e.outcome)).toEqual(['success', 'failure']);
  });

  it('signs up a new person into the inviting office with the invited role', async () => {
    const email = uniqueEmail('newcomer');
    const token = await invited(email, 'CLIENT');
    const signUp = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/staffs/register',
        payload: { firstName: 'New', lastName: 'Comer', email, password: PASSWORD, ...payload },
      });
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      payload: {
        firstName: 'Other',
        lastName: 'One',
        email: uniqueEmail(),
        password: PASSWORD,
        invitationToken: token,
      },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(OFFICE_MESSAGES.invitationForAnotherAddress(email));
    const res = await signUp({ invitationToken: token });
    expect(res.statusCode, res.body).toBe(201);
    const { code } = await latestCode(t.app, email, { subject: 'Your Casting confirmation code' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/confirm', payload: { email, code } }))
        .statusCode,
    ).toBe(200);
    const db = await anyOfficeDb();
    const [account] = await db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ roleCode: 'CLIENT', lastOfficeId: officeId });
    const memberships = await db.select().from(officeMembers).where(eq(officeMembers.userId, account!.id));
    expect(memberships).toEqual([expect.objectContaining({ officeId, role: 'CLIENT' })]);
    const { auth } = await signIn(t.app, { email, password: PASSWORD });
    const current = await t.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth });
    expect(current.json()).toMatchObject({ id: officeId, myRole: 'CLIENT' });
    expect((await preview(token)).statusCode).toBe(404);
  });
});
