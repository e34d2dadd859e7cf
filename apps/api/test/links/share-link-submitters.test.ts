import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { buildAgency, buildAgent, createLinks } from './helpers';
import { buildLinksFixture, linksCalls, type LinksFixture } from './links-fixture';

// What a talent submitter may do with submission links: only their own agency, the opportunities shared with it,
// and the review and communication settings.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
let roleB: LinksFixture['roleB'];
const { url } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA, roleB } = await buildLinksFixture());
});
afterAll(() => t.close());

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
