import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildCast, buildRole, lookupId, type Cast } from '../support/projects';
import { createLinks, tokenOf } from './helpers';
import { buildLinksFixture, linksCalls, type LinksFixture } from './links-fixture';

// A group of submission links once made: closing and expiry as resolve answers them, hidden details, the apply
// address's slug, and paging through the links page.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
const { url } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA } = await buildLinksFixture());
});
afterAll(() => t.close());

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

  it("shows the breakdown talent decide on: the project facts and each opportunity's terms, choices named", async () => {
    const project = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}`,
      headers: cast.headers('PO'),
      payload: { location: 'Glasgow', submissionDeadline: '2027-03-01', productionCompany: 'Clyde Films' },
    });
    expect(project.statusCode, project.body).toBe(200);
    const role = await buildRole(cast.project, {
      name: 'Ferry captain',
      ageMin: 40,
      ageMax: 55,
      rate: '£600 a day',
      requirements: 'Must hold a boat licence',
      shootStartDate: '2027-04-01',
      shootEndDate: '2027-04-12',
      unionStatusId: await lookupId('union', 'SAG-AFTRA'),
    });
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, { roleIds: [role.id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/share-links/resolve?token=${tokenOf(link!.link)}`,
    });
    expect(res.json().project).toMatchObject({
      location: 'Glasgow',
      submissionDeadline: '2027-03-01',
      productionCompany: 'Clyde Films',
    });
    expect(res.json().opportunities[0].breakdown).toEqual({
      roleType: null,
      genders: [],
      ageMin: 40,
      ageMax: 55,
      ethnicAppearances: [],
      union: 'SAG-AFTRA',
      rate: '£600 a day',
      shootStartDate: '2027-04-01',
      shootEndDate: '2027-04-12',
      requirements: 'Must hold a boat licence',
      backgrounds: [],
    });

    const [hidden] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [role.id],
      displayOpportunityDetails: false,
    });
    const withoutDetails = await t.app.inject({
      method: 'GET',
      url: `/api/v2/share-links/resolve?token=${tokenOf(hidden!.link)}`,
    });
    expect(withoutDetails.json().opportunities[0]).toEqual({
      id: role.id,
      name: 'Ferry captain',
      description: null,
      breakdown: null,
    });
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
