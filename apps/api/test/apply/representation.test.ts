import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import type { TestApp } from '../support/app';
import { type Cast } from '../support/projects';
import {
  applyBody,
  buildAgency,
  buildAgent,
  createLinks,
  queuedMailsTo,
  submissionRow,
  tokenOf,
} from '../links/helpers';
import { buildLinksFixture, linksCalls, privateTokenFrom, type LinksFixture } from '../links/links-fixture';

// Representation on apply pages: agents named on the link and their claims, the representative form's rules,
// agencies a link allows, and agency search.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
const { newLink, apply } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA } = await buildLinksFixture());
});
afterAll(() => t.close());

describe('representation and claims', () => {
  it('a link pre-filled with an agent names them; the agent is mailed a claim and confirms it', async () => {
    const agency = await buildAgency();
    const agent = await buildAgent(agency.id);
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleA.id],
      agentIds: [agent.id],
    });
    const token = tokenOf(link!.link);
    const reps = await t.app.inject({ method: 'GET', url: `/api/users/representatives?token=${token}` });
    expect(reps.json().items[0]).toMatchObject({
      id: agent.id,
      shortLinkId: link!.id,
      agency: { agencyId: agency.id },
    });

    const res = await apply(applyBody(token));
    expect((await submissionRow(res.json().submissionId))?.referringAgentId).toBe(agent.id);
    const [mail] = await queuedMailsTo(agent.email);
    expect(mail?.text).toContain('/claim-confirmation/');
    const claimId = /claim-confirmation\/([0-9a-f-]+)/.exec(mail!.text)![1]!;
    const claimToken = privateTokenFrom(mail!.text);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/claim-representative/${claimId}?token=${claimToken}`,
    });
    // The secret opens the talent's and the project's names only: nothing else about either is told.
    expect(page.json()).toEqual({
      id: claimId,
      status: 'PENDING',
      projectName: cast.project.name,
      talentName: 'Tara Talent',
    });
    const pageWrongSecret = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/claim-representative/${claimId}?token=${token}`,
    });
    expect(pageWrongSecret.statusCode).toBe(404);

    const wrongSecret = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/claim-representative`,
      payload: { claimId, token: token },
    });
    expect(wrongSecret.statusCode).toBe(404);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/claim-representative`,
      payload: { claimId, token: claimToken },
    });
    expect(confirmed.json()).toMatchObject({ status: 'CONFIRMED' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/claim-representative`,
      payload: { claimId, token: claimToken },
    });
    expect(again.statusCode).toBe(200);
    // Reopened, the page learns the claim is answered and says so instead of asking again.
    const reopened = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/claim-representative/${claimId}?token=${claimToken}`,
    });
    expect(reopened.json()).toMatchObject({ status: 'CONFIRMED', talentName: 'Tara Talent' });
    const denyAfter = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/claim-representative/deny`,
      payload: { claimId, token: claimToken },
    });
    expect(denyAfter.statusCode).toBe(409);

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/representatives?applicantIds[]=${res.json().applicantId}`,
      headers: cast.headers('PE'),
    });
    expect(listed.json().items[0].representatives[0]).toMatchObject({ id: agent.id, status: 'CONFIRMED' });
  });

  it('a denied claim answered again gets APPLICANT_REPRESENTATIVE_ALREADY_DENIED with its text', async () => {
    const agency = await buildAgency();
    const link = await newLink({ allowAddRep: true });
    const email = `new-agent-${Date.now()}@example.com`;
    const res = await apply(
      applyBody(link.token, {
        representative: {
          agency: { name: 'Fresh Talent', websiteUrl: 'fresh.example.com' },
          agent: { firstName: 'Nora', lastName: 'New', email },
        },
      }),
    );
    expect(res.statusCode).toBe(201);
    const mail = (await queuedMailsTo(email))[0]!;
    const claimId = /claim-confirmation\/([0-9a-f-]+)/.exec(mail.text)![1]!;
    const claimToken = privateTokenFrom(mail.text);
    const deny = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/claim-representative/deny`,
      payload: { claimId, token: claimToken },
    });
    expect(deny.json()).toMatchObject({ status: 'DENIED' });
    for (const path of ['claim-representative', 'claim-representative/deny']) {
      const second = await t.app.inject({
        method: 'POST',
        url: `/api/v2/projects/${cast.project.id}/${path}`,
        payload: { claimId, token: claimToken },
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        code: 'APPLICANT_REPRESENTATIVE_ALREADY_DENIED',
        message: 'This representation claim has already been declined',
      });
    }
    expect(agency.id).toBeTruthy();
  });

  it('the representative form rules (names, e-mail, phone, agency name and website) apply on apply pages', async () => {
    const link = await newLink();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/representatives',
      payload: {
        token: link.token,
        agency: { name: 'A', websiteUrl: 'not a url' },
        agent: { firstName: 'B', lastName: '', email: 'nope', phoneNumber: '12' },
      },
    });
    expect(res.statusCode).toBe(400);
    const text = JSON.stringify(res.json().details);
    for (const message of [
      MESSAGES.agencyNameMin,
      MESSAGES.invalidUrl,
      MESSAGES.firstNameMin,
      MESSAGES.lastNameRequired,
      MESSAGES.invalidEmailAddress,
      MESSAGES.invalidPhoneNumber,
    ]) {
      expect(text).toContain(message);
    }
  });

  it('a link with an agency refuses another agency unless it allows changing, and requires one unless it allows none', async () => {
    const agency = await buildAgency();
    const ownAgent = await buildAgent(agency.id);
    const stranger = await buildAgent((await buildAgency()).id);
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleA.id],
      agencyIds: [agency.id],
      allowChangeRep: false,
      allowNoRep: false,
    });
    const token = tokenOf(link!.link);
    const foreign = await apply(applyBody(token, { repId: stranger.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details.issues[0].message).toBe(
      'This link does not let you add or change the representation.',
    );
    const none = await apply(applyBody(token));
    expect(none.statusCode).toBe(400);
    expect(none.json().details.issues[0].message).toBe('This link requires a representative.');
    const ok = await apply(applyBody(token, { repId: ownAgent.id }));
    expect(ok.statusCode).toBe(201);
  });

  it('agency search finds by name in pages of 20; a TS sees only their agency', async () => {
    const name = `Zebra${Date.now()}`;
    const mine = await buildAgency(`${name} One`);
    await buildAgency(`${name} Two`);
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/users/agencies/search?text=${name.toLowerCase()}`,
      headers: cast.headers('PO'),
    });
    expect(all.json()).toMatchObject({ limit: 20, offset: 0, hasMore: false });
    expect(all.json().items).toHaveLength(2);
    await buildAgent(mine.id, { userId: cast.people.TS.user.id, email: cast.people.TS.user.email });
    const ts = await t.app.inject({
      method: 'GET',
      url: `/api/users/agencies/search?text=${name}&projectId=${cast.project.id}`,
      headers: cast.headers('TS'),
    });
    expect(ts.json().items.map((item: { id: string }) => item.id)).toEqual([mine.id]);
  });
});
