import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { addInvitation, buildCast, signedInUser, type Cast } from '../support/projects';
import { eq } from 'drizzle-orm';
import { agents } from '../../src/platform/db/schema';
import { testDatabase } from '../support/database';
import { buildAgency, buildAgent } from '../links/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

const invite = (cast: Cast, email: string, skipWarning = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/projects/${cast.project.id}/accesses`,
    headers: cast.headers('PO'),
    payload: { invitations: [{ email, scope: 'TALENT_SUBMITTER' }], skipWarning },
  });

describe('inviting a representative of a different agency', () => {
  it('asks with AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY, then adds them with skipWarning', async () => {
    const cast = await buildCast(t.app);
    const first = await buildAgency();
    const second = await buildAgency();
    await buildAgent(first.id, { userId: cast.people.TS.user.id, email: cast.people.TS.user.email });
    const sameAgency = await buildAgent(first.id);
    const otherAgency = await buildAgent(second.id);

    expect((await invite(cast, sameAgency.email)).statusCode).toBe(200);

    const warned = await invite(cast, otherAgency.email);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      code: 'AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY',
      details: { emails: [otherAgency.email] },
    });
    const confirmed = await invite(cast, otherAgency.email, true);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().accesses.map((row: { email: string }) => row.email)).toEqual([otherAgency.email]);
  });

  it('a project no agency represents yet asks nothing; a non-representative never triggers it', async () => {
    const cast = await buildCast(t.app);
    const agent = await buildAgent((await buildAgency()).id);
    expect((await invite(cast, agent.email)).statusCode).toBe(200);
    expect((await invite(cast, `plain-${Date.now()}@example.com`)).statusCode).toBe(200);
  });
});

describe('talent submitters see and manage only their own agency’s team rows', () => {
  it('lists only their agency’s rows and cannot remove another agency’s submitter', async () => {
    const cast = await buildCast(t.app);
    const mine = await buildAgency();
    const theirs = await buildAgency();
    await buildAgent(mine.id, { userId: cast.people.TS.user.id, email: cast.people.TS.user.email });
    const colleague = await buildAgent(mine.id);
    const rival = await buildAgent(theirs.id);
    await addInvitation(cast.project, colleague.email, 'TALENT_SUBMITTER');
    const rivalRow = await addInvitation(cast.project, rival.email, 'TALENT_SUBMITTER');

    const asTs = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/accesses`,
      headers: cast.headers('TS'),
    });
    const emails = asTs
      .json()
      .items.map((row: { email: string }) => row.email)
      .sort();
    expect(emails).toEqual([cast.people.TS.user.email, colleague.email].sort());

    const removeRival = await t.app.inject({
      method: 'DELETE',
      url: `/api/projects/${cast.project.id}/access/${rivalRow.id}`,
      headers: cast.headers('TS'),
    });
    expect(removeRival.statusCode).toBe(404);

    const asPo = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/accesses`,
      headers: cast.headers('PO'),
    });
    expect(asPo.json().items.map((row: { email: string }) => row.email)).toContain(rival.email);
  });
});

describe('user.agent', () => {
  it('GET /users/me carries the agent record of a representative, null for others', async () => {
    const rep = await signedInUser(t.app);
    const agency = await buildAgency();
    const agent = await buildAgent(agency.id, {
      userId: rep.user.id,
      email: rep.user.email,
      isVerified: true,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: rep.auth });
    expect(me.json().agent).toEqual({
      id: agent.id,
      agencyId: agency.id,
      isVerified: true,
      userId: rep.user.id,
    });
    const other = await signedInUser(t.app);
    const plain = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: other.auth });
    expect(plain.json().agent).toBeNull();
  });

  it('an agent named on an apply page becomes the user who signs in with that e-mail, and theirs only', async () => {
    const rep = await signedInUser(t.app);
    const agency = await buildAgency();
    // Made by an apply page's Add Representation form: no user yet.
    const agent = await buildAgent(agency.id, { email: rep.user.email });
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: rep.auth });
    expect(me.json().agent).toEqual({
      id: agent.id,
      agencyId: agency.id,
      isVerified: true,
      userId: rep.user.id,
    });
    const { db } = await testDatabase();
    const [row] = await db.select({ userId: agents.userId }).from(agents).where(eq(agents.id, agent.id));
    expect(row?.userId).toBe(rep.user.id);
    // A record already linked to someone else is never taken over by a matching e-mail.
    const owner = await signedInUser(t.app);
    const stranger = await signedInUser(t.app);
    await buildAgent(agency.id, { email: stranger.user.email, userId: owner.user.id });
    const strangerMe = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: stranger.auth });
    expect(strangerMe.json().agent).toBeNull();
  });

  it('a super admin verifies agencies and agents; nobody else may', async () => {
    const cast = await buildCast(t.app);
    const agency = await buildAgency('Unverified Co', false);
    const agent = await buildAgent(agency.id, { isVerified: false });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/agencies/${agency.id}`,
      headers: cast.headers('PO'),
      payload: { isVerified: true },
    });
    expect(refused.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/agencies/${agency.id}`,
      headers: cast.headers('SA'),
      payload: { isVerified: true },
    });
    expect(ok.json()).toEqual({ id: agency.id, isVerified: true });
    const agentOk = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/agents/${agent.id}`,
      headers: cast.headers('SA'),
      payload: { isVerified: true },
    });
    expect(agentOk.json()).toEqual({ id: agent.id, isVerified: true });
  });
});
