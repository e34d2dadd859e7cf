import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { applyBody, buildAgency, buildAgent, createLinks, tokenOf } from './helpers';

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/applicants?${query}`,
    headers: cast.headers('PO'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id).sort();
};

describe('referral and agent filters of the applicants list', () => {
  it('filters by link, by agent (submitting or represented) and by agent search', async () => {
    const role = await buildRole(cast.project);
    const agency = await buildAgency('Northwind Talent');
    const agent = await buildAgent(agency.id, { firstName: 'Quentin' });
    const [plain] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
    const [viaAgent] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [role.id],
      agentIds: [agent.id],
    });
    const apply = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/applicants/standalone',
          payload: applyBody(token),
        })
      ).json().submissionId as string;
    const a = await apply(tokenOf(plain!.link));
    const b = await apply(tokenOf(plain!.link));
    const c = await apply(tokenOf(viaAgent!.link));

    expect(await list(`referral=${plain!.id}`)).toEqual([a, b].sort());
    expect(await list(`referral=${plain!.id}&referral=${viaAgent!.id}`)).toEqual([a, b, c].sort());
    expect(await list(`agents=${agent.id}`)).toEqual([c]);
    expect(await list('agentSearchTerm=quent')).toEqual([c]);
    expect(await list('agentSearchType=AGENCY_NAME&agentSearchTerm=northwind')).toEqual([c]);
    expect(await list(`agentSearchType=AGENT_EMAIL&agentSearchTerm=${agent.email.slice(0, 10)}`)).toEqual([
      c,
    ]);
    expect(await list('agentSearchType=AGENCY_NAME&agentSearchTerm=nobody')).toEqual([]);
  });

  it('shows each row’s location and representation (the submitting agent and agency, else none)', async () => {
    const role = await buildRole(cast.project);
    const agency = await buildAgency('Harbour Artists');
    const agent = await buildAgent(agency.id, { firstName: 'Rosa' });
    const [plain] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
    const [viaAgent] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [role.id],
      agentIds: [agent.id],
    });
    const apply = async (token: string, extra: Record<string, unknown> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/applicants/standalone',
        payload: applyBody(token, extra),
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().submissionId as string;
    };
    const self = await apply(tokenOf(plain!.link), {
      address: { city: 'Porto', province: 'Douro', country: 'Portugal' },
    });
    const represented = await apply(tokenOf(viaAgent!.link));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants?roleId=${role.id}`,
      headers: cast.headers('PO'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().items as { id: string; location: string | null; representation: unknown }[];
    expect(rows.find((row) => row.id === self)).toMatchObject({
      location: 'Porto, Douro',
      representation: null,
    });
    expect(rows.find((row) => row.id === represented)).toMatchObject({
      location: null,
      representation: { agencyName: 'Harbour Artists', agentName: 'Rosa Agent' },
    });
  });

  it('refuses a short agent search and a malformed id with field messages', async () => {
    const short = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants?agentSearchTerm=ab`,
      headers: cast.headers('PO'),
    });
    expect(short.statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants?referral=nope`,
      headers: cast.headers('PO'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
