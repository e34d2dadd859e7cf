import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import {
  officeMemberDomains,
  officeMembers,
  offices,
  projectAccesses,
  projects,
  users,
} from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp, createUser, latestCode, PASSWORD, signIn, uniqueEmail } from '../support/identity';
import { anyOfficeDb, auditLog, mailTo, officeWithOwner, tokenIn } from './fixture';

// Two instances on one database, as an operator would configure them: sign-up awaiting approval, and by invitation.
// They share one secret, as instances of one installation do: either one's mail worker may issue a code the other
// checks.
const AUTH_SECRET = 'offices-sign-up-modes-test-secret-0123456789';
let approval: TestApp;
let byInvitation: TestApp;
let operator: { authorization: string };

beforeAll(async () => {
  approval = await buildIdentityApp({ SIGN_UP: 'approval', AUTH_SECRET });
  byInvitation = await buildIdentityApp({ SIGN_UP: 'invitation', AUTH_SECRET });
  operator = (await signIn(approval.app, await createUser({ roleCode: 'SUPER_ADMIN', officeId: null }))).auth;
});
afterAll(async () => {
  await approval.close();
  await byInvitation.close();
});

function register(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/staffs/register',
    payload: {
      firstName: 'Pat',
      lastName: 'Pending',
      email,
      password: PASSWORD,
      company: 'Pending Pictures',
      ...extra,
    },
  });
}

/** Signs up, confirms and signs in: the session of the new account. */
async function signedUp(t: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const res = await register(t, email, extra);
  expect(res.statusCode, res.body).toBe(201);
  const { code } = await latestCode(t.app, email, { subject: 'Your Casting confirmation code' });
  const confirm = await t.app.inject({ method: 'POST', url: '/api/users/confirm', payload: { email, code } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return (await signIn(t.app, { email, password: PASSWORD })).auth;
}

async function officeOfOwner(email: string) {
  const db = await anyOfficeDb();
  const [row] = await db
    .select({ id: offices.id, status: offices.status })
    .from(offices)
    .innerJoin(officeMembers, eq(officeMembers.officeId, offices.id))
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, email));
  return row!;
}

describe('SIGN_UP=approval', () => {
  it('makes the office wait: its owner signs in but works in no office until the operator approves', async () => {
    const email = uniqueEmail('pending');
    const auth = await signedUp(approval, email);
    const office = await officeOfOwner(email);
    expect(office.status).toBe('PENDING_APPROVAL');
    const current = await approval.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth });
    expect(current.statusCode).toBe(403);
    expect(current.json()).toEqual({ code: 'OFFICE_REQUIRED', message: OFFICE_MESSAGES.awaitingApproval });
    const mine = await approval.app.inject({ method: 'GET', url: '/api/offices/mine', headers: auth });
    expect(mine.json().items).toEqual([
      { id: office.id, name: 'Pending Pictures', status: 'PENDING_APPROVAL', role: 'OWNER', current: true },
    ]);

    const listed = await approval.app.inject({
      method: 'GET',
      url: '/api/operator/offices?status=PENDING_APPROVAL&limit=200',
      headers: operator,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().items).toContainEqual({
      id: office.id,
      name: 'Pending Pictures',
      status: 'PENDING_APPROVAL',
      ownerEmails: [email],
      supportUntil: null,
      createdAt: expect.any(String),
    });

    const approve = await approval.app.inject({
      method: 'PATCH',
      url: `/api/operator/offices/${office.id}`,
      headers: operator,
      payload: { status: 'ACTIVE' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ id: office.id, status: 'ACTIVE', ownerEmails: [email] });
    expect((await mailTo(approval.app, email, /Pending Pictures is ready/)).text).toContain('approved');
    const event = (await auditLog(null, 'office.status')).find((e) => e.targetId === office.id);
    expect(event).toMatchObject({
      outcome: 'success',
      details: expect.objectContaining({ status: 'ACTIVE' }),
    });

    const after = await approval.app.inject({ method: 'GET', url: '/api/offices/current', headers: auth });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({ id: office.id, status: 'ACTIVE', myRole: 'OWNER' });

    const suspend = await approval.app.inject({
      method: 'PATCH',
      url: `/api/operator/offices/${office.id}`,
      headers: operator,
      payload: { status: 'SUSPENDED' },
    });
    expect(suspend.statusCode).toBe(200);
    const suspended = await approval.app.inject({
      method: 'GET',
      url: '/api/offices/current',
      headers: auth,
    });
    expect(suspended.json()).toEqual({ code: 'OFFICE_REQUIRED', message: OFFICE_MESSAGES.officeNotActive });
  });
});

describe('the operator’s offices', () => {
  it('pages newest first and filters by status; unknown offices and bad input are refused', async () => {
    const first = await approval.app.inject({
      method: 'GET',
      url: '/api/operator/offices?limit=1',
      headers: operator,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().items).toHaveLength(1);
    const cursor = first.json().nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await approval.app.inject({
      method: 'GET',
      url: `/api/operator/offices?limit=1&cursor=${cursor}`,
      headers: operator,
    });
    expect(second.json().items[0].id).not.toBe(first.json().items[0].id);
    expect(second.json().items[0].createdAt <= first.json().items[0].createdAt).toBe(true);
    const active = await approval.app.inject({
      method: 'GET',
      url: '/api/operator/offices?status=ACTIVE&limit=50',
      headers: operator,
    });
    expect(active.json().items.every((o: { status: string }) => o.status === 'ACTIVE')).toBe(true);
    const unknown = await approval.app.inject({
      method: 'PATCH',
      url: '/api/operator/offices/01a20000-0000-7000-8000-000000000000',
      headers: operator,
      payload: { status: 'ACTIVE' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await approval.app.inject({
      method: 'PATCH',
      url: `/api/operator/offices/${active.json().items[0].id}`,
      headers: operator,
      payload: { status: 'DELETED' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is the super admin’s alone, even for an office owner', async () => {
    const { owner } = await officeWithOwner(approval.app, 'Not the operator');
    const list = await approval.app.inject({
      method: 'GET',
      url: '/api/operator/offices',
      headers: owner.auth,
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('SIGN_UP=invitation', () => {
  it('refuses a sign-up without a valid invitation, creating nothing', async () => {
    const email = uniqueEmail('uninvited');
    const none = await register(byInvitation, email);
    expect(none.statusCode).toBe(403);
    expect(none.json().message).toBe(OFFICE_MESSAGES.signUpByInvitationOnly);
    const forged = await register(byInvitation, email, { invitationToken: 'A'.repeat(43) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(OFFICE_MESSAGES.signUpByInvitationOnly);
    const db = await anyOfficeDb();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('lets in a person a project team invited, into that project’s office', async () => {
    const { officeId, owner } = await officeWithOwner(byInvitation.app, 'Team Office');
    const email = uniqueEmail('teammate');
    const db = await anyOfficeDb();
    const [project] = await db
      .insert(projects)
      .values({ officeId, name: 'Team project', ownerId: owner.user.id })
      .returning({ id: projects.id });
    await db
      .insert(projectAccesses)
      .values({ officeId, projectId: project!.id, email, scope: 'TALENT_EDITOR' });
    const res = await register(byInvitation, email);
    expect(res.statusCode, res.body).toBe(201);
    const [account] = await db.select().from(users).where(eq(users.email, email));
    expect(account?.lastOfficeId).toBe(officeId);
  });

  it('lets in a person at one of an office’s member domains, into that office', async () => {
    const { officeId } = await officeWithOwner(byInvitation.app, 'Domain Office');
    const domain = `domain-${randomUUID().slice(0, 8)}.test`;
    const db = await anyOfficeDb();
    await db.insert(officeMemberDomains).values({ officeId, domain });
    const email = `joiner-${randomUUID()}@${domain}`;
    await signedUp(byInvitation, email);
    const [member] = await db
      .select({ officeId: officeMembers.officeId, role: officeMembers.role })
      .from(officeMembers)
      .innerJoin(users, eq(users.id, officeMembers.userId))
      .where(eq(users.email, email));
    expect(member).toEqual({ officeId, role: 'CASTING_ASSISTANT' });
  });

  it('signs up the invited person into the inviting office', async () => {
    const { officeId, owner } = await officeWithOwner(byInvitation.app, 'Inviting Office');
    const email = uniqueEmail('welcome');
    const invite = await byInvitation.app.inject({
      method: 'POST',
      url: '/api/offices/current/invitations',
      headers: owner.auth,
      payload: { email, role: 'CASTING_DIRECTOR' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = tokenIn((await mailTo(byInvitation.app, email, /invited to join/)).text);
    const auth = await signedUp(byInvitation, email, { invitationToken: token });
    const current = await byInvitation.app.inject({
      method: 'GET',
      url: '/api/offices/current',
      headers: auth,
    });
    expect(current.json()).toMatchObject({
      id: officeId,
      name: 'Inviting Office',
      myRole: 'CASTING_DIRECTOR',
    });
  });
});
