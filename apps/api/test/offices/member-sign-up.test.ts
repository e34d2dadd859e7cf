import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MESSAGES } from '@casting/domain';
import { officeMemberDomains, officeMembers, users } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import type { TestApp } from '../support/app';
import { buildIdentityApp, latestCode, PASSWORD, signIn } from '../support/identity';
import { anyOfficeDb, auditLog, memberOf, officeWithOwner } from './fixture';

let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

/** A domain of this run's own, so no other test's office has it. */
const newDomain = () => `studio-${randomUUID().slice(0, 8)}.test`;

/** An office whose owner's address is at `domain`. */
async function officeAt(domain: string, name = 'Harbor Casting') {
  const { officeId } = await officeWithOwner(t.app, name);
  const owner = await memberOf(t.app, officeId, 'OWNER', { email: `owner-${randomUUID()}@${domain}` });
  return { officeId, owner };
}

function setSignUp(auth: { authorization: string }, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/api/offices/current/member-sign-up', headers: auth, payload });
}

function register(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/staffs/register',
    payload: { firstName: 'Ada', lastName: 'Joiner', email, password: PASSWORD, company: 'Joiner Films' },
  });
}

async function confirm(email: string) {
  const { code } = await latestCode(t.app, email, { subject: 'Your Casting confirmation code' });
  return t.app.inject({ method: 'POST', url: '/api/users/confirm', payload: { email, code } });
}

/** The office memberships of an address, across offices. */
async function membershipsOf(email: string) {
  const db = await anyOfficeDb();
  return db
    .select({ officeId: officeMembers.officeId, role: officeMembers.role })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, email));
}

describe('sign-up of members by the office’s domain', () => {
  it('lets a person who confirms an address at the domain join with the chosen role, in that office only', async () => {
    const domain = newDomain();
    const { officeId, owner } = await officeAt(domain);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/member-sign-up',
      headers: owner.auth,
    });
    expect(before.json()).toEqual({ domains: [], role: 'CASTING_ASSISTANT' });
    const set = await setSignUp(owner.auth, {
      domains: [` ${domain.toUpperCase()} `],
      role: 'CASTING_ASSISTANT',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ domains: [domain], role: 'CASTING_ASSISTANT' });
    expect((await auditLog(officeId, 'office.member-sign-up')).at(-1)?.details).toMatchObject({
      domains: [domain],
      role: 'CASTING_ASSISTANT',
    });

    const email = `ada-${randomUUID()}@${domain}`;
    expect((await register(email)).statusCode).toBe(201);
    // Nobody joins on an address they have not proven.
    expect(await membershipsOf(email)).toEqual([]);
    expect((await confirm(email)).statusCode).toBe(200);
    expect(await membershipsOf(email)).toEqual([{ officeId, role: 'CASTING_ASSISTANT' }]);
    expect((await auditLog(officeId, 'auth.confirm')).map((event) => event.outcome)).toEqual(['success']);

    const [account] = await (
      await anyOfficeDb()
    )
      .select({ roleCode: users.roleCode })
      .from(users)
      .where(eq(users.email, email));
    expect(account?.roleCode).toBe('CASTING_ASSISTANT');
    const joiner = await signIn(t.app, { email, password: PASSWORD });
    const office = await t.app.inject({ method: 'GET', url: '/api/offices/current', headers: joiner.auth });
    expect(office.json()).toMatchObject({
      id: officeId,
      name: 'Harbor Casting',
      myRole: 'CASTING_ASSISTANT',
    });

    // The office then gives directors' rights to whoever joins next.
    await setSignUp(owner.auth, { domains: [domain], role: 'CASTING_DIRECTOR' });
    const next = `ben-${randomUUID()}@${domain}`;
    await register(next);
    await confirm(next);
    expect(await membershipsOf(next)).toEqual([{ officeId, role: 'CASTING_DIRECTOR' }]);
  });

  it('gives a person at a removed domain an office of their own, and one removed before confirming no office', async () => {
    const domain = newDomain();
    const { officeId, owner } = await officeAt(domain);
    await setSignUp(owner.auth, { domains: [domain], role: 'CASTING_ASSISTANT' });
    const waiting = `wait-${randomUUID()}@${domain}`;
    await register(waiting);

    const removed = await setSignUp(owner.auth, { domains: [], role: 'CASTING_ASSISTANT' });
    expect(removed.json()).toEqual({ domains: [], role: 'CASTING_ASSISTANT' });
    expect((await confirm(waiting)).statusCode).toBe(200);
    expect(await membershipsOf(waiting)).toEqual([]);

    const later = `later-${randomUUID()}@${domain}`;
    await register(later);
    await confirm(later);
    const [own] = await membershipsOf(later);
    expect(own).toMatchObject({ role: 'OWNER' });
    expect(own?.officeId).not.toBe(officeId);
  });

  it('refuses a public mail service, a domain the owner has no address at and a malformed one, keeping the list', async () => {
    const domain = newDomain();
    const { owner } = await officeAt(domain);
    await setSignUp(owner.auth, { domains: [domain], role: 'CASTING_ASSISTANT' });
    const refusals = [
      { domains: [domain, 'gmail.com'], message: OFFICE_MESSAGES.publicMailDomain('gmail.com') },
      {
        domains: [domain, 'elsewhere.test'],
        message: OFFICE_MESSAGES.memberDomainNotYours('elsewhere.test'),
      },
      { domains: ['https://x.test'], message: OFFICE_MESSAGES.invalidMemberDomain },
    ];
    for (const { domains, message } of refusals) {
      const res = await setSignUp(owner.auth, { domains, role: 'CASTING_DIRECTOR' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const owners = await setSignUp(owner.auth, { domains: [domain], role: 'OWNER' });
    expect(owners.statusCode).toBe(400);
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/member-sign-up',
      headers: owner.auth,
    });
    expect(kept.json()).toEqual({ domains: [domain], role: 'CASTING_ASSISTANT' });
  });

  it('lets one office at most have a domain; the other office’s row stays invisible to this one', async () => {
    const domain = newDomain();
    const first = await officeAt(domain, 'First Casting');
    const second = await officeAt(domain, 'Second Casting');
    expect(
      (await setSignUp(first.owner.auth, { domains: [domain], role: 'CASTING_ASSISTANT' })).statusCode,
    ).toBe(200);
    const taken = await setSignUp(second.owner.auth, { domains: [domain], role: 'CASTING_DIRECTOR' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(OFFICE_MESSAGES.memberDomainTaken(domain));
    const seen = (officeId: string) =>
      runInOffice(officeId, () =>
        t.context.database.db
          .select({ officeId: officeMemberDomains.officeId })
          .from(officeMemberDomains)
          .where(and(eq(officeMemberDomains.domain, domain))),
      );
    expect(await seen(first.officeId)).toEqual([{ officeId: first.officeId }]);
    expect(await seen(second.officeId)).toEqual([]);
    const secondView = await t.app.inject({
      method: 'GET',
      url: '/api/offices/current/member-sign-up',
      headers: second.owner.auth,
    });
    expect(secondView.json()).toEqual({ domains: [], role: 'CASTING_ASSISTANT' });
  });
});
