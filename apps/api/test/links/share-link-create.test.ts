import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildAgency, buildAgent, createLinks, tokenOf } from './helpers';
import { buildLinksFixture, linksCalls, type LinksFixture } from './links-fixture';

// Making submission links: the title check, and creating or updating a group of links with its opportunities,
// agencies and settings.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
let roleB: LinksFixture['roleB'];
const { url } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA, roleB } = await buildLinksFixture());
});
afterAll(() => t.close());

describe('check-title', () => {
  it('answers isUnique, ignoring case and surrounding spaces', async () => {
    await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      title: 'Open Call',
      roleIds: [roleA.id],
    });
    const taken = await t.app.inject({
      method: 'POST',
      url: url('/share-links/check-title'),
      headers: cast.headers('PE'),
      payload: { title: '  open call ' },
    });
    expect(taken.json()).toEqual({ isUnique: false });
    const free = await t.app.inject({
      method: 'POST',
      url: url('/share-links/check-title'),
      headers: cast.headers('PE'),
      payload: { title: 'Something else' },
    });
    expect(free.json()).toEqual({ isUnique: true });
  });

  it('refuses an empty title with the catalogue text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('/share-links/check-title'),
      headers: cast.headers('PO'),
      payload: { title: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().details)).toContain(MESSAGES.titleRequired);
  });
});

describe('create', () => {
  it('refuses a duplicate title with the catalogue message, writing nothing', async () => {
    await createLinks(t.app, cast.headers('PO'), cast.project.id, { title: 'Dup', roleIds: [roleA.id] });
    const res = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: { title: 'DUP', roleIds: [roleA.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([{ path: 'body.title', message: MESSAGES.linkTitleNotUnique }]);
  });

  it('needs at least one opportunity, and a default one among them when there are several', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: { title: 'No roles', roleIds: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json().details)).toContain(MESSAGES.opportunityRequired);

    const noDefault = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: { title: 'Two roles', roleIds: [roleA.id, roleB.id] },
    });
    expect(noDefault.statusCode).toBe(400);
    expect(JSON.stringify(noDefault.json().details)).toContain(MESSAGES.defaultOpportunityRequired);

    const wrongDefault = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: { title: 'Two roles', roleIds: [roleA.id], defaultRoleId: roleB.id },
    });
    expect(wrongDefault.statusCode).toBe(400);
    expect(JSON.stringify(wrongDefault.json().details)).toContain(MESSAGES.defaultOpportunityNotChosen);
  });

  it('refuses an opportunity of another project', async () => {
    const other = await buildCast(t.app);
    const foreign = await buildRole(other.project);
    const res = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: { title: 'Foreign', roleIds: [foreign.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].path).toBe('body.roleIds');
  });

  it('makes one link per chosen agency or agent, as one group, with distinct 144-bit secrets', async () => {
    const agencyOne = await buildAgency();
    const agencyTwo = await buildAgency();
    const lone = await buildAgent((await buildAgency()).id);
    // An agent of a chosen agency is dropped: selecting an agency removes its agents.
    const covered = await buildAgent(agencyOne.id);
    const links = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      title: 'Agencies',
      roleIds: [roleA.id, roleB.id],
      defaultRoleId: roleB.id,
      agencyIds: [agencyOne.id, agencyTwo.id],
      agentIds: [lone.id, covered.id],
    });
    expect(links).toHaveLength(3);
    expect(new Set(links.map((link) => link.groupId)).size).toBe(1);
    const tokens = links.map((link) => tokenOf(link.link));
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const list = await t.app.inject({
      method: 'GET',
      url: url('/share-links?limit=100'),
      headers: cast.headers('PO'),
    });
    const mine = list.json().items.filter((item: { groupId: string }) => item.groupId === links[0]!.groupId);
    expect(mine).toHaveLength(3);
    expect(mine.map((item: { agency: { id: string } | null }) => item.agency?.id ?? null).sort()).toEqual(
      [agencyOne.id, agencyTwo.id, null].sort(),
    );
    const first = mine[0];
    expect(first.opportunities.map((o: { name: string }) => o.name)).toEqual(['Lead', 'Friend']);
    expect(first.defaultRoleId).toBe(roleB.id);
    expect(first.submissionCount).toBe(0);
    expect(first.status).toBe('OPEN');
  });

  it('applies the toggle dependencies: no agencies forces Change Agency off; Exclude Agent needs Include Candidate', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleA.id],
      allowChangeRep: true,
      includeTalent: false,
      excludeAgent: true,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: url('/share-links?limit=100'),
      headers: cast.headers('PO'),
    });
    const item = list.json().items.find((row: { id: string }) => row.id === link!.id);
    expect(item.settings.allowChangeRep).toBe(false);
    expect(item.settings.excludeAgent).toBe(false);
  });

  it('updates the group of an existing link with id', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      title: 'Before',
      roleIds: [roleA.id],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('PO'),
      payload: {
        id: link!.id,
        title: 'After',
        roleIds: [roleA.id, roleB.id],
        defaultRoleId: roleA.id,
        underReview: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].link).toBe(link!.link);
    const list = await t.app.inject({
      method: 'GET',
      url: url('/share-links?limit=100'),
      headers: cast.headers('PO'),
    });
    const item = list.json().items.find((row: { id: string }) => row.id === link!.id);
    expect(item.title).toBe('After');
    expect(item.settings.underReview).toBe(true);
    expect(item.opportunities).toHaveLength(2);
  });
});
