import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@casting/domain';
import { applicants } from '../../src/platform/db/schema';
import { buildTestApp, type TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { eventually } from '../support/eventually';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { linkCalls } from '../client-review/client-link-fixture';
import { startReceiver, type Received } from './receiver';
import { selfSignedCertificate } from './self-signed';

// Deliveries as production makes them: the `webhooks` queue taken by the app's running job workers (the handlers
// the worker process declares), each attempt over HTTPS to a receiver on loopback whose self-signed certificate the
// sender verifies against an authority trusted for this app only (never by turning verification off), the receiver
// checking every Standard Webhooks signature with the specification's own library. Through it, the payloads of the
// events other modules emit: a client's feedback on a review link and a person's erasure.
let t: TestApp;
let cast: Cast;
let role: Role;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let untrusted: Awaited<ReturnType<typeof startReceiver>>;
const BASE = '/api/offices/current/webhooks';
const { createLink, identify, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  const trusted = selfSignedCertificate();
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'casting-webhook-ca-')), 'ca.pem');
  fs.writeFileSync(caFile, trusted.cert);
  receiver = await startReceiver('127.0.0.1', trusted);
  // Another certificate for the same address, from an authority the app was not told to trust.
  untrusted = await startReceiver('127.0.0.1', selfSignedCertificate());
  t = await buildTestApp({
    env: {
      AUTH_RATE_LIMIT_MAX: '1000',
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOKS_TEST_CA_FILE: caFile,
    },
    runWorkers: true,
  });
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
}, 60_000);
afterAll(async () => {
  // The first office is shared with the suite's other files: none of them should find an endpoint of ours.
  await t.ownerDb.execute(sql`delete from webhook_endpoints`);
  await Promise.all([receiver.close(), untrusted.close()]);
  await t.close();
});

interface Attempt {
  attempt: number;
  statusCode: number | null;
  error: string | null;
}

async function register(url: string, events: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: BASE,
    headers: cast.headers('SA'),
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

/** The endpoint's one delivery once its first attempt is logged. */
function firstAttempt(endpointId: string) {
  return eventually(`a delivery attempt to ${endpointId} is logged`, async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${endpointId}/deliveries`,
      headers: cast.headers('SA'),
    });
    const [delivery] = res.json().items as { status: string; attempts: Attempt[] }[];
    return delivery?.attempts.length ? delivery : null;
  });
}

/** The verified request of the event type the receiver got, parsed. */
async function receivedEvent(type: string) {
  const got: Received = await eventually(`the receiver gets ${type}`, () =>
    receiver.received.find((request) => JSON.parse(request.body).type === type),
  );
  expect(got.verified).toBe(true);
  return { raw: got.body, body: JSON.parse(got.body) as { type: string; data: Record<string, unknown> } };
}

describe('the webhooks queue under the running job workers', () => {
  it('delivers over HTTPS to a receiver whose certificate it verifies, signed, and refuses one it cannot verify', async () => {
    const { endpoint, secret } = await register(receiver.url, ['vote.changed']);
    receiver.state.secret = secret;
    const sent = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/test`,
      headers: cast.headers('SA'),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const { body } = await receivedEvent('webhook.test');
    expect(body.type).toBe('webhook.test');
    const delivered = await firstAttempt(endpoint.id);
    expect(delivered).toMatchObject({
      status: 'SUCCEEDED',
      attempts: [{ attempt: 1, statusCode: 200, error: null }],
    });

    // The same address with a certificate of an unknown authority: nothing is sent, the failure is logged.
    const other = await register(untrusted.url, ['vote.changed']);
    await t.app.inject({
      method: 'POST',
      url: `${BASE}/${other.endpoint.id}/test`,
      headers: cast.headers('SA'),
    });
    const refused = await firstAttempt(other.endpoint.id);
    expect(refused.attempts[0]).toMatchObject({ attempt: 1, statusCode: null });
    expect(refused.attempts[0]!.error).toMatch(/certificate/);
    expect(untrusted.received).toEqual([]);
    for (const id of [endpoint.id, other.endpoint.id])
      await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: cast.headers('SA') });
  });

  it('tells a client’s feedback as client_feedback.received: the link, the viewer, the candidate and the vote, never the comment', async () => {
    const { endpoint, secret } = await register(receiver.url, ['client_feedback.received']);
    receiver.state.secret = secret;
    const row = await buildApplicant(role, cast.people.PO.user);
    const link = await createLink({ submissionIds: [row.id] });
    const viewer = await identify(link.clientLink);
    const comment = 'Strong read, bring back for the chemistry session';
    const res = await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(link.clientLink)}/${row.id}/feedback`,
      headers: viewer.headers,
      payload: { vote: 'YES', comment },
    });
    expect(res.statusCode, res.body).toBe(200);

    const { raw, body } = await receivedEvent('client_feedback.received');
    expect(body.data).toEqual({
      projectId: cast.project.id,
      clientLinkId: link.id,
      viewerId: viewer.viewer.id,
      submissionId: row.id,
      vote: 'YES',
      hasComment: true,
    });
    // What the client wrote stays in the product: a receiver reads it there, with a token of its own.
    expect(raw).not.toContain(comment);
    expect(raw).not.toContain(viewer.email);
    await t.app.inject({ method: 'DELETE', url: `${BASE}/${endpoint.id}`, headers: cast.headers('SA') });
  });

  it('tells an erasure as candidate.erased: the person and the projects they were in, nothing about them', async () => {
    const { endpoint, secret } = await register(receiver.url, ['candidate.erased']);
    receiver.state.secret = secret;
    const email = `erase-${Date.now()}@talent.test`;
    const row = await buildApplicant(role, cast.people.PO.user, { firstName: 'Odalys', email });
    const [applicant] = await t.ownerDb
      .select({ personId: applicants.personId })
      .from(applicants)
      .where(eq(applicants.id, row.applicantId));
    const personId = applicant!.personId!;
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/roster/people/${personId}/erase`,
      headers: cast.headers('PO'),
      payload: { confirm: email },
    });
    expect(erased.statusCode, erased.body).toBe(200);

    const { raw, body } = await receivedEvent('candidate.erased');
    expect(body.data).toEqual({ personId, projectIds: [cast.project.id] });
    expect(raw).not.toContain(email);
    expect(raw).not.toContain('Odalys');
    await t.app.inject({ method: 'DELETE', url: `${BASE}/${endpoint.id}`, headers: cast.headers('SA') });
  });
});
