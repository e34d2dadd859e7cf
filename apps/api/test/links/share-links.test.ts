import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildAgency, buildAgent, createLinks, tokenOf } from './helpers';

let t: TestApp;
let cast: Cast;
let roleA: { id: string };
let roleB: { id: string };

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  roleA = await buildRole(cast.project, { name: 'Lead' });
  roleB = await buildRole(cast.project, { name: 'Friend' });
});
afterAll(() => t.close());

const url = (path: string) => `/api/v2/projects/${cast.project.id}${path}`;

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

  it('refuses an empty title with the spec text', async () => {
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
  it('refuses a duplicate title with the spec message, writing nothing', async () => {
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

describe('talent submitter rules', () => {
  let ownAgency: { id: string } | undefined;
  /**
   * Makes the cast's talent submitter a verified agent of an agency, and has the owner share the Lead opportunity
   * with that agency through a link (once); answers the agency.
   */
  async function submitterAgency() {
    if (!ownAgency) {
      ownAgency = await buildAgency();
      await buildAgent(ownAgency.id, { userId: cast.people.TS.user.id, email: cast.people.TS.user.email });
      await createLinks(t.app, cast.headers('PO'), cast.project.id, {
        roleIds: [roleA.id],
        agencyIds: [ownAgency.id],
      });
    }
    return ownAgency;
  }
  const groupStatus = async (linkId: string) => {
    const list = await t.app.inject({
      method: 'GET',
      url: url('/share-links?limit=100'),
      headers: cast.headers('PO'),
    });
    return (list.json().items as { id: string; title: string; status: string; settings: object }[]).find(
      (item) => item.id === linkId,
    )!;
  };
  it('a TS who is not a verified agent cannot choose agencies', async () => {
    const agency = await buildAgency();
    const res = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('TS'),
      payload: { title: 'TS pick', roleIds: [roleA.id], agencyIds: [agency.id] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].message).toBe('Only a verified agent can choose agencies.');
  });

  it('a verified agent TS gets their own agency filled in, may not pick another, and lists only theirs', async () => {
    const own = await submitterAgency();
    const other = await buildAgency();
    const refused = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('TS'),
      payload: { title: 'TS other', roleIds: [roleA.id], agencyIds: [other.id] },
    });
    expect(refused.statusCode).toBe(400);
    const [link] = await createLinks(t.app, cast.headers('TS'), cast.project.id, { roleIds: [roleA.id] });
    const list = await t.app.inject({
      method: 'GET',
      url: url('/share-links?limit=100'),
      headers: cast.headers('TS'),
    });
    const items = list.json().items as { id: string; agency: { id: string } | null }[];
    expect(items.map((item) => item.id)).toContain(link!.id);
    expect(items.every((item) => item.agency?.id === own.id)).toBe(true);
  });

  it('a TS changes only groups wholly shared with their own agency; others are 404 and unchanged', async () => {
    const own = await submitterAgency();
    const other = await buildAgency();
    const po = cast.headers('PO');
    const [plain] = await createLinks(t.app, po, cast.project.id, { roleIds: [roleA.id] });
    const [foreign] = await createLinks(t.app, po, cast.project.id, {
      roleIds: [roleA.id],
      agencyIds: [other.id],
    });
    const [mixed] = await createLinks(t.app, po, cast.project.id, {
      roleIds: [roleA.id],
      agencyIds: [own.id, other.id],
    });
    const [forOwn] = await createLinks(t.app, po, cast.project.id, {
      roleIds: [roleA.id],
      agencyIds: [own.id],
    });
    const [mine] = await createLinks(t.app, cast.headers('TS'), cast.project.id, { roleIds: [roleA.id] });
    const patch = (link: { groupId: string }) =>
      t.app.inject({
        method: 'PATCH',
        url: url(`/share-link-groups/${link.groupId}`),
        headers: cast.headers('TS'),
        payload: { closed: true, title: `Taken ${link.groupId}` },
      });
    for (const link of [plain!, foreign!, mixed!]) {
      const res = await patch(link);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(await groupStatus(link.id)).toMatchObject({ status: 'OPEN' });
      expect((await groupStatus(link.id)).title).not.toContain('Taken');
      // The update branch of the upsert is refused the same way.
      const upsert = await t.app.inject({
        method: 'POST',
        url: url('/share-links'),
        headers: cast.headers('TS'),
        payload: { id: link.id, title: 'Renamed by TS', roleIds: [roleA.id] },
      });
      expect(upsert.statusCode).toBe(404);
      expect((await groupStatus(link.id)).title).not.toBe('Renamed by TS');
    }
    for (const link of [forOwn!, mine!]) {
      const res = await patch(link);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'CLOSED' });
    }
    // The staff still change any group.
    const staff = await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${foreign!.groupId}`),
      headers: po,
      payload: { closed: true },
    });
    expect(staff.statusCode).toBe(200);
  });

  it('a TS targets only the opportunities shared with their agency, and the dialog offers only those', async () => {
    await submitterAgency();
    const refused = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('TS'),
      payload: { title: 'TS friend', roleIds: [roleA.id, roleB.id], defaultRoleId: roleA.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues[0]).toEqual({
      path: 'body.roleIds',
      message:
        'Talent submitters can use only the opportunities the casting team has shared with their agency.',
    });
    const names = async (role: 'TS' | 'PO') =>
      (
        await t.app.inject({
          method: 'GET',
          url: url('/share-links/opportunities'),
          headers: cast.headers(role),
        })
      )
        .json()
        .items.map((item: { label: string }) => item.label);
    expect(await names('TS')).toEqual(['Lead']);
    expect(await names('PO')).toEqual(['Lead', 'Friend']);

    // Once the team shares Friend with the agency (here through one of its agents), the submitter may use it.
    const colleague = await buildAgent(ownAgency!.id);
    await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleB.id],
      agentIds: [colleague.id],
    });
    expect(await names('TS')).toEqual(['Lead', 'Friend']);
    await createLinks(t.app, cast.headers('TS'), cast.project.id, {
      roleIds: [roleA.id, roleB.id],
      defaultRoleId: roleB.id,
    });
  });

  it('a TS with no agent record is offered no opportunity', async () => {
    const other = await buildCast(t.app);
    const role = await buildRole(other.project, { name: 'Lead' });
    await createLinks(t.app, other.headers('PO'), other.project.id, { roleIds: [role.id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${other.project.id}/share-links/opportunities`,
      headers: other.headers('TS'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });

  it('a TS sets only the review and communication settings; the others keep their stored or default values', async () => {
    await submitterAgency();
    const [link] = await createLinks(t.app, cast.headers('TS'), cast.project.id, {
      roleIds: [roleA.id],
      displayProjectDetails: false,
      displayOpportunityDetails: false,
      allowAddRep: false,
      underReview: true,
      includeTalent: false,
    });
    expect((await groupStatus(link!.id)).settings).toMatchObject({
      displayProjectDetails: true,
      displayOpportunityDetails: true,
      allowAddRep: true,
      underReview: true,
      includeTalent: false,
      excludeAgent: false,
    });
    // The director hides the project details; the submitter cannot turn them back on.
    const staff = await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('PO'),
      payload: { settings: { displayProjectDetails: false } },
    });
    expect(staff.json().settings.displayProjectDetails).toBe(false);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('TS'),
      payload: { settings: { displayProjectDetails: true, allowAddRep: false, includeTalent: true } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().settings).toMatchObject({
      displayProjectDetails: false,
      allowAddRep: true,
      includeTalent: true,
    });
    const updated = await t.app.inject({
      method: 'POST',
      url: url('/share-links'),
      headers: cast.headers('TS'),
      payload: {
        id: link!.id,
        title: 'TS settings kept',
        roleIds: [roleA.id],
        displayProjectDetails: true,
        displayOpportunityDetails: false,
        underReview: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect((await groupStatus(link!.id)).settings).toMatchObject({
      displayProjectDetails: false,
      displayOpportunityDetails: true,
      allowAddRep: true,
      underReview: false,
    });
  });
});

describe('groups, close and expiry, resolve and url mapping', () => {
  it('closing a group makes resolve answer CLOSED with only its message, and reopening restores the form', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [roleA.id] });
    const token = tokenOf(link!.link);
    const open = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ status: 'OPEN', opportunities: [{ id: roleA.id, name: 'Lead' }] });
    expect(open.json().project.name).toBe(cast.project.name);

    const closed = await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('PE'),
      payload: { closed: true },
    });
    expect(closed.json().status).toBe('CLOSED');
    const resolved = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
    expect(resolved.json()).toMatchObject({
      status: 'CLOSED',
      message: 'This submission link is closed and no longer accepts submissions.',
      opportunities: [],
      project: null,
      lookups: null,
    });
    await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('PE'),
      payload: { closed: false },
    });
    const reopened = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
    expect(reopened.json().status).toBe('OPEN');
  });

  it('an expiry in the past answers EXPIRED', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [roleA.id] });
    await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('PO'),
      payload: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/share-links/resolve?token=${tokenOf(link!.link)}`,
    });
    expect(res.json().status).toBe('EXPIRED');
  });

  it('hides project and opportunity details when the link says so', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleA.id],
      displayProjectDetails: false,
      displayOpportunityDetails: false,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/share-links/resolve?token=${tokenOf(link!.link)}`,
    });
    expect(res.json().project).toBeNull();
    expect(res.json().opportunities[0].description).toBeNull();
  });

  it('a guessed or malformed secret is 404 or 400, never a link', async () => {
    const guessed = await t.app.inject({
      method: 'GET',
      url: '/api/v2/share-links/resolve?token=AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(guessed.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: "/api/v2/share-links/resolve?token=x'--" });
    expect(malformed.statusCode).toBe(400);
  });

  it('standalone-url-mapping resolves the slug of an apply address, within the named project', async () => {
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [roleA.id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/standalone-url-mapping?url=${encodeURIComponent(link!.link + '?utm=x')}&projectId=${cast.project.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectId: cast.project.id, shareLinkId: link!.id, status: 'OPEN' });
    const other = await buildCast(t.app);
    const wrongProject = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/standalone-url-mapping?url=${tokenOf(link!.link)}&projectId=${other.project.id}`,
    });
    expect(wrongProject.statusCode).toBe(404);
  });

  it('a group of another project is 404', async () => {
    const other = await buildCast(t.app);
    const otherRole = await buildRole(other.project);
    const [link] = await createLinks(t.app, other.headers('PO'), other.project.id, {
      roleIds: [otherRole.id],
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: url(`/share-link-groups/${link!.groupId}`),
      headers: cast.headers('PO'),
      payload: { closed: true },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('keyset paging of the links page', () => {
  it('walks every link once, newest first', async () => {
    const fresh = await buildCast(t.app);
    const role = await buildRole(fresh.project);
    for (let i = 0; i < 5; i += 1)
      await createLinks(t.app, fresh.headers('PO'), fresh.project.id, { roleIds: [role.id] });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { statusCode: number; json(): { items: { id: string }[]; nextCursor: string | null } } =
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/projects/${fresh.project.id}/share-links?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          headers: fresh.headers('PO'),
        });
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().items.map((item) => item.id));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });
});
