import { randomUUID } from 'node:crypto';
import { liveConnections } from '../../src/platform/metrics/registry';
import { LIVE_CLOSE_CODES, LIVE_MESSAGES } from '@casting/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../src/modules/identity/crypto/tokens';
import { identityDeps } from '../../src/modules/identity/deps';
import { agents, officeMembers, projectAccesses } from '../../src/platform/db/schema';
import { buildAgency, buildAgent } from '../links/helpers';
import { anyOfficeDb, createOffice } from '../offices/fixture';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp, updateUserRow } from '../support/identity';
import { connectLive, refusalOf, WEB_ORIGIN, type LiveClient } from '../support/live-client';
import { addMember, buildCast, buildProject, signedInUser, type Cast } from '../support/projects';

// The live project channel on a real listening server, with real websocket clients, on the worker's database.
// Access re-checks run every 200 ms and heartbeats every second here so that their outcomes show quickly; nothing
// measures time. A heartbeat shorter than the longest stall of this process's event loop (PGlite runs in it) would
// drop answering clients on a loaded machine.
let t: TestApp;
let baseUrl: string;
let cast: Cast;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await buildIdentityApp({
    PUBLIC_URL: WEB_ORIGIN,
    LIVE_HEARTBEAT_SECONDS: '1',
    LIVE_ACCESS_CHECK_SECONDS: '0.2',
  });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  cast = await buildCast(t.app);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t.close();
});

function tokenOf(auth: { authorization: string }): string {
  return auth.authorization.replace('Bearer ', '');
}

async function connectAs(auth: { authorization: string }): Promise<LiveClient> {
  const client = await connectLive(baseUrl, { token: tokenOf(auth) });
  clients.push(client);
  return client;
}

describe('joining a project', () => {
  it("delivers the project's events to a member who joined", async () => {
    const open = async () => (await liveConnections.get()).values[0]?.value ?? 0;
    const before = await open();
    const client = await connectAs(cast.people.PE.auth);
    // The operator's metrics count the open websocket.
    expect((await open()) - before).toBe(1);
    expect(await client.join(cast.project.id)).toEqual({ action: 'joined', projectId: cast.project.id });

    await t.context.events.publish(cast.project.id, 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT', {
      applicantId: 'a-1',
    });
    expect(await client.next((m) => m.action === 'update')).toEqual({
      action: 'update',
      projectId: cast.project.id,
      event: 'APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT',
      payload: { applicantId: 'a-1' },
    });
  });

  it('refuses a non-member with PROJECT_ACCESS_DENIED and sends them none of its events', async () => {
    const client = await connectAs(cast.people.nonMember.auth);
    expect(await client.join(cast.project.id)).toEqual({
      action: 'error',
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      projectId: cast.project.id,
    });
    // Their own project, joined on the same socket: its event arriving shows the earlier one was not sent.
    const own = await buildProject(cast.people.nonMember.user);
    await client.join(own.id);
    await t.context.events.publish(cast.project.id, 'NEW_MESSAGE');
    await t.context.events.publish(own.id, 'NEW_MESSAGE');
    await client.next((m) => m.action === 'update');
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([
      { action: 'update', projectId: own.id, event: 'NEW_MESSAGE' },
    ]);
  });

  it('refuses the owner of another office as it refuses a stranger, and sends them none of its events', async () => {
    const client = await connectAs(cast.people.otherOffice.auth);
    expect(await client.join(cast.project.id)).toEqual({
      action: 'error',
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      projectId: cast.project.id,
    });
    // A member on the project receives the event; by then the other office's owner would have had it too.
    const member = await connectAs(cast.people.PE.auth);
    await member.join(cast.project.id);
    await t.context.events.publish(cast.project.id, 'NEW_MESSAGE');
    await member.next((m) => m.action === 'update');
    await client.join(randomUUID());
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([]);
  });

  it('answers an unknown project or a malformed id as no access, revealing nothing', async () => {
    const client = await connectAs(cast.people.PO.auth);
    for (const projectId of [randomUUID(), 'not-a-uuid']) {
      expect(await client.join(projectId)).toMatchObject({ action: 'error', code: 'PROJECT_ACCESS_DENIED' });
    }
  });

  it('lets a super admin join any project', async () => {
    const client = await connectAs(cast.people.SA.auth);
    expect(await client.join(cast.project.id)).toEqual({ action: 'joined', projectId: cast.project.id });
  });

  it('sends chat events only to members who may chat (a talent submitter may not)', async () => {
    const client = await connectAs(cast.people.TS.auth);
    await client.join(cast.project.id);
    await t.context.events.publish(cast.project.id, 'NEW_MESSAGE');
    await t.context.events.publish(cast.project.id, 'APPLICANT_STREAM_STATUS_UPDATED_EVENT');
    await client.next((m) => m.action === 'update');
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([
      { action: 'update', projectId: cast.project.id, event: 'APPLICANT_STREAM_STATUS_UPDATED_EVENT' },
    ]);
  });

  it("sends a talent submitter the chat events of their own agency's clients only, without the audience", async () => {
    const agency = await buildAgency();
    const other = await buildAgency();
    const submitter = cast.people.TS.user;
    const agent = await buildAgent(agency.id, { userId: submitter.id, email: submitter.email });
    try {
      const client = await connectAs(cast.people.TS.auth);
      await client.join(cast.project.id);
      await t.context.events.publish(cast.project.id, 'NEW_MESSAGE', { threadId: 'a', agencyIds: other.id });
      await t.context.events.publish(cast.project.id, 'NEW_MESSAGE', { threadId: 'b' });
      await t.context.events.publish(cast.project.id, 'NEW_MESSAGE', {
        threadId: 'c',
        agencyIds: `${other.id},${agency.id}`,
      });
      await t.context.events.publish(cast.project.id, 'APPLICANT_STREAM_STATUS_UPDATED_EVENT');
      await client.next((m) => m.action === 'update' && m.event === 'APPLICANT_STREAM_STATUS_UPDATED_EVENT');
      expect(client.messages.filter((m) => m.action === 'update')).toEqual([
        { action: 'update', projectId: cast.project.id, event: 'NEW_MESSAGE', payload: { threadId: 'c' } },
        { action: 'update', projectId: cast.project.id, event: 'APPLICANT_STREAM_STATUS_UPDATED_EVENT' },
      ]);
    } finally {
      const { db } = await testDatabase();
      await db.delete(agents).where(eq(agents.id, agent.id));
    }
  });

  it('stops sending after leaveProject', async () => {
    const client = await connectAs(cast.people.PO.auth);
    const other = await buildProject(cast.people.PO.user);
    await client.join(cast.project.id);
    await client.join(other.id);
    client.send({ projectId: cast.project.id, action: 'leaveProject' });
    await client.next((m) => m.action === 'left');
    await t.context.events.publish(cast.project.id, 'NEW_MESSAGE');
    await t.context.events.publish(other.id, 'NEW_MESSAGE');
    await client.next((m) => m.action === 'update');
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([
      { action: 'update', projectId: other.id, event: 'NEW_MESSAGE' },
    ]);
  });

  it('answers a message outside the protocol with VALIDATION_FAILED and keeps the socket', async () => {
    const client = await connectAs(cast.people.PO.auth);
    client.socket.send('hello');
    client.send({ projectId: cast.project.id, action: 'subscribeEverything' });
    await client.next((m) => m.action === 'error');
    expect(client.messages[0]).toEqual({
      action: 'error',
      code: 'VALIDATION_FAILED',
      message: LIVE_MESSAGES.invalidMessage,
    });
    expect(await client.join(cast.project.id)).toMatchObject({ action: 'joined' });
  });
});

describe('admission', () => {
  it('refuses a page from another origin, or no origin, before the upgrade', async () => {
    for (const origin of ['https://evil.example', null]) {
      const refusal = await refusalOf(baseUrl, { token: tokenOf(cast.people.PO.auth), origin });
      expect(refusal).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: LIVE_MESSAGES.originRefused },
      });
    }
  });

  it('refuses a missing, forged or expired access token with 401', async () => {
    const { keys } = identityDeps(t.context);
    const { user } = cast.people.PO;
    const expired = await signAccessToken(
      { userId: user.id, sessionId: randomUUID() },
      keys.accessToken,
      -60,
    );
    for (const token of [undefined, 'forged', expired]) {
      const refusal = await refusalOf(baseUrl, token === undefined ? {} : { token });
      expect(refusal).toEqual({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: LIVE_MESSAGES.signInRequired },
      });
    }
  });

  it('refuses a talent account with the catalogue message', async () => {
    const refusal = await refusalOf(baseUrl, { token: tokenOf(cast.people.talent.auth) });
    expect(refusal).toEqual({
      status: 403,
      body: { code: 'TALENT_NOT_ALLOWED', message: 'Only admins can access this app' },
    });
  });

  it('answers a plain HTTP request (no upgrade) with 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/live?token=${tokenOf(cast.people.PO.auth)}`,
      headers: { origin: WEB_ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: LIVE_MESSAGES.websocketOnly });
  });
});

describe('access that ends while connected', () => {
  it('closes the socket with 4401 when the access token expires, so the client reconnects with a fresh one', async () => {
    const person = await signedInUser(t.app);
    const { keys } = identityDeps(t.context);
    // A token of the same live session that runs out within five seconds (whole seconds, counted from the start of
    // this one): long enough for the upgrade to finish on a loaded machine before it expires.
    const sessionId = String(decodeJwt(tokenOf(person.auth)).sid);
    const shortLived = await signAccessToken({ userId: person.user.id, sessionId }, keys.accessToken, 5);
    const client = await connectLive(baseUrl, { token: shortLived });
    expect(await client.closed).toEqual({
      code: LIVE_CLOSE_CODES.accessExpired,
      reason: LIVE_MESSAGES.accessExpired,
    });
  });

  it('closes the socket when the account is deactivated', async () => {
    const person = await signedInUser(t.app);
    const client = await connectAs(person.auth);
    await updateUserRow(person.user.id, { deactivatedAt: new Date() });
    expect((await client.closed).code).toBe(LIVE_CLOSE_CODES.accessExpired);
  });

  it('leaves a project, with PROJECT_ACCESS_DENIED, when the member is removed from its team', async () => {
    const member = await signedInUser(t.app);
    const project = await buildProject(cast.people.PO.user);
    const own = await buildProject(member.user);
    await addMember(project, member.user, 'PROJECT_EDITOR');
    const client = await connectAs(member.auth);
    await client.join(project.id);
    await client.join(own.id);

    const { db } = await testDatabase();
    await db.delete(projectAccesses).where(eq(projectAccesses.projectId, project.id));
    expect(await client.next((m) => m.action === 'error')).toEqual({
      action: 'error',
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      projectId: project.id,
    });
    await t.context.events.publish(project.id, 'NEW_MESSAGE');
    await t.context.events.publish(own.id, 'NEW_MESSAGE');
    await client.next((m) => m.action === 'update');
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([
      { action: 'update', projectId: own.id, event: 'NEW_MESSAGE' },
    ]);
  });
});

describe('moving to another office while connected', () => {
  it('leaves the projects of the office the session moved away from, and sends none of their events', async () => {
    const member = await signedInUser(t.app);
    const project = await buildProject(member.user);
    const secondOffice = await createOffice({ name: 'Second Office' });
    await (
      await anyOfficeDb()
    )
      .insert(officeMembers)
      .values({ officeId: secondOffice, userId: member.user.id, role: 'CASTING_DIRECTOR' });
    const client = await connectAs(member.auth);
    expect(await client.join(project.id)).toEqual({ action: 'joined', projectId: project.id });

    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/offices/switch',
      headers: member.auth,
      payload: { officeId: secondOffice },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await client.next((m) => m.action === 'error')).toEqual({
      action: 'error',
      code: 'PROJECT_ACCESS_DENIED',
      message: 'Project access denied',
      projectId: project.id,
    });
    await t.context.events.publish(project.id, 'NEW_MESSAGE');
    // The socket answers in order: once this refusal is back, an update sent before it would have arrived.
    await client.join(randomUUID());
    expect(client.messages.filter((m) => m.action === 'update')).toEqual([]);
  });
});

describe('clients that stop answering', () => {
  it('drops a client that sends messages faster than they are answered', async () => {
    const client = await connectAs(cast.people.PO.auth);
    for (let i = 0; i < 200; i += 1) client.send({ projectId: randomUUID(), action: 'joinProject' });
    expect((await client.closed).code).toBe(1006);
  });

  it('drops a client that does not answer pings, while an answering one stays', async () => {
    const silent = await connectLive(baseUrl, { token: tokenOf(cast.people.PE.auth), autoPong: false });
    const answering = await connectAs(cast.people.PE.auth);
    expect((await silent.closed).code).toBe(1006);
    expect(await answering.join(cast.project.id)).toMatchObject({ action: 'joined' });
  });
});
