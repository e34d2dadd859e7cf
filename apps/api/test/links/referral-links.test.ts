import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildAgency, buildAgent } from './helpers';

let t: TestApp;
let cast: Cast;
let lead: { id: string };

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  lead = await buildRole(cast.project, { name: 'Lead' });
});
afterAll(() => t.close());

const generate = (payload: Record<string, unknown>, actor: 'PO' | 'TE' | 'TS' = 'PO') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v2/projects/${cast.project.id}/share-links/generate`,
    headers: cast.headers(actor),
    payload,
  });

const listLinks = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/share-links?limit=100`,
      headers: cast.headers('PO'),
    })
  ).json().items as {
    id: string;
    title: string;
    referralUser: { id: string; name: string } | null;
    agent: { id: string } | null;
  }[];

describe('link generation with referral users', () => {
  it('lists the team members with the agency of each representative', async () => {
    const agency = await buildAgency('Referral Agency One');
    await buildAgent(agency.id, { userId: cast.people.TS.user.id, email: cast.people.TS.user.email });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/share-links/referral-users`,
      headers: cast.headers('TE'),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; agencyName: string | null }[];
    expect(items.find((item) => item.id === cast.people.TS.user.id)?.agencyName).toBe('Referral Agency One');
    expect(items.find((item) => item.id === cast.people.PE.user.id)?.agencyName).toBeNull();
    expect(items.map((item) => item.id)).not.toContain(cast.people.nonMember.user.id);
  });

  it('makes one link per referral user as one group, each recording its user', async () => {
    const res = await generate({
      name: 'Team referrals',
      roleIds: [lead.id],
      referralUserIds: [cast.people.PE.user.id, cast.people.TE.user.id],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; groupId: string }[];
    expect(created).toHaveLength(2);
    expect(new Set(created.map((link) => link.groupId)).size).toBe(1);
    const rows = (await listLinks()).filter((link) => link.title === 'Team referrals');
    expect(rows.map((row) => row.referralUser?.name).sort()).toEqual(['Eddie Editor', 'Tess Talent-Editor']);
    expect(rows.every((row) => row.agent === null)).toBe(true);
  });

  it('with representation, pre-fills each link with the user’s agent, and names those without an agency', async () => {
    const refused = await generate({
      name: 'Represented',
      roleIds: [lead.id],
      representation: true,
      referralUserIds: [cast.people.TS.user.id, cast.people.PE.user.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues[0].message).toBe(
      'User(s) Eddie Editor not associated with a Talent Agency, Toggle off Representation or remove them from your list to generate links',
    );
    expect((await listLinks()).some((link) => link.title === 'Represented')).toBe(false);

    const ok = await generate({
      name: 'Represented',
      roleIds: [lead.id],
      representation: true,
      referralUserIds: [cast.people.TS.user.id],
    });
    expect(ok.statusCode).toBe(201);
    const [row] = (await listLinks()).filter((link) => link.title === 'Represented');
    expect(row?.agent).not.toBeNull();
    expect(row?.referralUser?.id).toBe(cast.people.TS.user.id);
  });

  it('refuses no role, no user, a non-member and a taken name with field messages; a TS may not generate', async () => {
    const noRole = await generate({ name: 'X1', roleIds: [], referralUserIds: [cast.people.PE.user.id] });
    expect(noRole.statusCode).toBe(400);
    expect(JSON.stringify(noRole.json())).toContain('Select at least one role');
    const noUser = await generate({ name: 'X2', roleIds: [lead.id], referralUserIds: [] });
    expect(noUser.statusCode).toBe(400);
    const stranger = await generate({
      name: 'X3',
      roleIds: [lead.id],
      referralUserIds: [cast.people.nonMember.user.id],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().details.issues[0]).toEqual({
      path: 'body.referralUserIds',
      message: 'Choose people who are on this project’s team.',
    });
    const taken = await generate({
      name: 'team referrals',
      roleIds: [lead.id],
      referralUserIds: [cast.people.PE.user.id],
    });
    expect(taken.statusCode).toBe(400);
    const ts = await generate(
      { name: 'X4', roleIds: [lead.id], referralUserIds: [cast.people.PE.user.id] },
      'TS',
    );
    expect(ts.statusCode).toBe(403);
  });
});
