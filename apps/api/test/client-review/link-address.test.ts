import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientLinks } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { uniqueEmail } from '../support/identity';
import { buildProject, type Cast } from '../support/projects';
import { buildLinkFixture, linkCalls, type LinkFixture } from './client-link-fixture';

// A link's address is shown once (only its digest is stored): a team that lost it, or wants a forwarded one to stop,
// gives the same link a new address. The votes, comments and viewers stay; the old address and its sessions end.
let t: TestApp;
let cast: Cast;
let shared: LinkFixture['shared'];
const { createLink, identify, applicantsUrl } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  ({ t, cast, shared } = await buildLinkFixture());
});
afterAll(() => t.close());

const renew = (linkId: string, projectId = cast.project.id, actor: 'PO' | 'PE' | 'TE' = 'PE') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${projectId}/client-links/${linkId}/address`,
    headers: cast.headers(actor),
  });

describe('a new address for a client link', () => {
  it('answers a new address once; the old one and its sessions stop, the feedback stays', async () => {
    const link = await createLink({ submissionIds: shared.map((row) => row.id) });
    const email = uniqueEmail('paula');
    const paula = await identify(link.clientLink, 'Paula Producer', email);
    const voted = await t.app.inject({
      method: 'PUT',
      url: `${applicantsUrl(link.clientLink)}/${shared[0]!.id}/feedback`,
      headers: paula.headers,
      payload: { vote: 'YES', comment: 'Keep her' },
    });
    expect(voted.statusCode, voted.body).toBe(200);

    const res = await renew(link.id);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json() as { id: string; clientLink: string; link: string; status: string };
    expect(renewed).toMatchObject({ id: link.id, status: 'ACTIVE' });
    expect(renewed.clientLink).not.toBe(link.clientLink);
    expect(renewed.link).toBe(`http://localhost:3000/client/review-submission/${renewed.clientLink}`);

    // The old address is unknown now, to anyone and with the old session.
    const old = await t.app.inject({ method: 'GET', url: `/api/v2/client-links/${link.clientLink}` });
    expect([old.statusCode, old.json().code]).toEqual([404, 'NOT_FOUND']);
    // The session made through the old address does not open the new one either.
    const stale = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(renewed.clientLink),
      headers: paula.headers,
    });
    expect([stale.statusCode, stale.json().code]).toEqual([401, 'VIEWER_IDENTIFICATION_REQUIRED']);

    // Identifying again through the new address gives Paula her own vote back, and the team still sees it.
    const again = await identify(renewed.clientLink, 'Paula Producer', email);
    const list = await t.app.inject({
      method: 'GET',
      url: applicantsUrl(renewed.clientLink),
      headers: again.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json().items as { submissionId: string; myFeedback: unknown }[]).find(
      (item) => item.submissionId === shared[0]!.id,
    );
    expect(mine?.myFeedback).toEqual({ vote: 'YES', comment: 'Keep her' });
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
      headers: cast.headers('PO'),
    });
    expect(report.json().candidates[0].tally).toEqual({ YES: 1, NO: 0, MAYBE: 0 });

    // Who renewed it is audited; the secret is not written there, nor answered again.
    const { db } = await testDatabase();
    const audited = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client-link.new-address'), eq(auditEvents.targetId, link.id)));
    expect(audited.map((row) => row.actorUserId)).toEqual([cast.people.PE.user.id]);
    expect(JSON.stringify(audited)).not.toContain(renewed.clientLink);
    expect(report.body).not.toContain(renewed.clientLink);
  });

  it('refuses a revoked link, a link of another project and a team member who cannot manage links', async () => {
    const link = await createLink({ submissionIds: [shared[1]!.id] });
    const { db } = await testDatabase();
    const digest = async () =>
      (await db.select().from(clientLinks).where(eq(clientLinks.id, link.id)))[0]!.tokenDigest;
    const before = await digest();

    expect((await renew(link.id, cast.project.id, 'TE')).statusCode).toBe(403);
    const other = await buildProject(cast.people.PO.user);
    const elsewhere = await renew(link.id, other.id, 'PO');
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'NOT_FOUND']);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}/client-links/${link.id}`,
      headers: cast.headers('PO'),
      payload: { revoked: true },
    });
    const revoked = await renew(link.id);
    expect([revoked.statusCode, revoked.json().message]).toEqual([
      410,
      'A revoked link cannot get a new address. Make a new link instead.',
    ]);
    expect(await digest()).toBe(before);
    const still = await t.app.inject({ method: 'GET', url: `/api/v2/client-links/${link.clientLink}` });
    expect(still.json()).toMatchObject({ status: 'REVOKED' });
  });
});
