import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import {
  applyBody,
  buildAgency,
  buildAgent,
  createLinks,
  foldersOf,
  queuedMailsTo,
  submissionRow,
  tokenOf,
} from './helpers';

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

async function newLink(body: Record<string, unknown> = {}) {
  const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
    roleIds: [roleA.id],
    ...body,
  });
  return { ...link!, token: tokenOf(link!.link) };
}

const apply = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/applicants/standalone', payload });

function privateTokenFrom(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no token in ${text}`);
  return match[1]!;
}

describe('standalone apply', () => {
  it('lands in the default opportunity’s NEW_SUBMISSIONS, records source and referral, counts, and mails a private link', async () => {
    const link = await newLink({ roleIds: [roleA.id, roleB.id], defaultRoleId: roleB.id });
    const body = applyBody(link.token);
    const res = await apply(body);
    expect(res.statusCode).toBe(201);
    const { submissionId, applicantId } = res.json();
    expect(await foldersOf(submissionId)).toEqual(['NEW_SUBMISSIONS']);
    const row = await submissionRow(submissionId);
    expect(row).toMatchObject({
      roleId: roleB.id,
      source: 'SUBMISSION_LINK',
      shareLinkId: link.id,
      applicantId,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v2/projects/${cast.project.id}/share-links?limit=100`,
      headers: cast.headers('PO'),
    });
    expect(list.json().items.find((item: { id: string }) => item.id === link.id).submissionCount).toBe(1);
    const [mail] = await queuedMailsTo(body.email);
    expect(mail?.text).toContain(`/submission/${applicantId}?token=`);
  });

  it('offers the gender and ethnic appearance choices under the link secret, and stores the ones chosen', async () => {
    const link = await newLink();
    const resolved = await t.app.inject({
      method: 'GET',
      url: `/api/v2/share-links/resolve?token=${link.token}`,
    });
    expect(resolved.statusCode).toBe(200);
    const { genders, ethnicAppearances } = resolved.json().lookups as Record<
      string,
      { value: string; label: string }[]
    >;
    const female = genders!.find((option) => option.label === 'Female');
    expect(female).toBeDefined();
    expect(ethnicAppearances!.length).toBeGreaterThan(1);
    // The role breakdowns' wildcards describe a role, never a person.
    expect([...genders!, ...ethnicAppearances!].map((option) => option.label)).not.toContain('Any Gender');
    expect(ethnicAppearances!.map((option) => option.label)).not.toContain('Any Ethnicity');
    const [first, second] = ethnicAppearances!;
    const body = {
      ...applyBody(link.token),
      genderId: female!.value,
      ethnicAppearanceIds: [first!.value, second!.value],
    };
    const res = await apply(body);
    expect(res.statusCode).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/candidates/${res.json().applicantId}`,
      headers: cast.headers('PO'),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().gender).toEqual({ id: female!.value, name: 'Female' });
    expect(
      detail
        .json()
        .ethnicAppearances.map((ref: { id: string }) => ref.id)
        .sort(),
    ).toEqual([first!.value, second!.value].sort());
    // A value of another lookup (a gender offered as an appearance) is a field error, nothing written.
    const wrong = await apply({ ...applyBody(link.token), ethnicAppearanceIds: [female!.value] });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('ethnicAppearanceIds');
  });

  it('lands in TS_FOR_REVIEW when the link requires agency review', async () => {
    const link = await newLink({ underReview: true });
    const res = await apply(applyBody(link.token));
    expect(await foldersOf(res.json().submissionId)).toEqual(['TS_FOR_REVIEW']);
  });

  it('joins the same person (one applicant per e-mail per project) and never duplicates a submission', async () => {
    const link = await newLink({ roleIds: [roleA.id, roleB.id], defaultRoleId: roleA.id });
    const body = applyBody(link.token);
    const first = await apply(body);
    const again = await apply({ ...body, email: body.email.toUpperCase() });
    const other = await apply({ ...body, roleId: roleB.id });
    expect(again.json().submissionId).toBe(first.json().submissionId);
    expect(other.json().applicantId).toBe(first.json().applicantId);
    expect(other.json().submissionId).not.toBe(first.json().submissionId);
  });

  it('refuses an opportunity not on the link, bad phone and zip, with field messages and nothing written', async () => {
    const link = await newLink();
    const wrongRole = await apply(applyBody(link.token, { roleId: roleB.id }));
    expect(wrongRole.statusCode).toBe(400);
    expect(wrongRole.json().details.issues[0]).toEqual({
      path: 'body.roleId',
      message: 'Choose one of the opportunities of this link.',
    });
    const bad = await apply(applyBody(link.token, { phone: '12345', address: { zip: '123' } }));
    expect(bad.statusCode).toBe(400);
    const text = JSON.stringify(bad.json().details);
    expect(text).toContain(MESSAGES.invalidPhoneNumber);
    expect(text).toContain(MESSAGES.zipLength);
  });

  it('a closed link is 410 LINK_CLOSED with its message; an unknown one 404', async () => {
    const link = await newLink();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/projects/${cast.project.id}/share-link-groups/${link.groupId}`,
      headers: cast.headers('PO'),
      payload: { closed: true },
    });
    const closed = await apply(applyBody(link.token));
    expect(closed.statusCode).toBe(410);
    expect(closed.json()).toMatchObject({ code: 'LINK_CLOSED' });
    const unknown = await apply(applyBody('AAAAAAAAAAAAAAAAAAAAAAAA'));
    expect(unknown.statusCode).toBe(404);
  });

  it('a filled honeypot is answered like a success and stores nothing', async () => {
    const link = await newLink();
    const res = await apply(applyBody(link.token, { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(await submissionRow(res.json().submissionId)).toBeUndefined();
  });

  it('refuses a body over the public limit with 413', async () => {
    const link = await newLink();
    const res = await apply(applyBody(link.token, { bio: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
  });
});

describe('private link: view, update, resend, check-email', () => {
  it('opens and updates the submission with the mailed token only', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    const { applicantId } = (await apply(body)).json();
    const token = privateTokenFrom((await queuedMailsTo(body.email))[0]!.text);

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/token?token=${token}`,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      applicantId,
      firstName: 'Tara',
      email: body.email,
      opportunities: [{ id: roleA.id }],
    });

    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/token?token=${link.token}`,
    });
    expect(wrong.statusCode).toBe(404);

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/applicants/standalone/${applicantId}`,
      payload: { accessToken: token, firstName: 'Tamsin', sizes: { height: '170cm' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: 'Tamsin',
      lastName: 'Talent',
      sizes: { height: '170cm' },
    });

    const other = await apply(applyBody(link.token));
    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/applicants/standalone/${other.json().applicantId}`,
      payload: { accessToken: token, firstName: 'Hijack' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('resend-email answers Sent successfully! and mails a fresh link to the stored address', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    const { applicantId } = (await apply(body)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/applicants/${applicantId}/standalone/resend-email?token=${link.token}`,
    });
    expect(res.json()).toEqual({ message: 'Sent successfully!' });
    expect(await queuedMailsTo(body.email)).toHaveLength(2);
  });

  it('check-email-webform recognises a returning applicant and mails them instead of answering data', async () => {
    const link = await newLink();
    const body = applyBody(link.token);
    await apply(body);
    const returning = await t.app.inject({
      method: 'POST',
      url: `/api/applicants/${cast.project.id}/check-email-webform`,
      payload: { email: body.email, token: link.token },
    });
    expect(returning.json()).toEqual({ isReturning: true });
    const fresh = await t.app.inject({
      method: 'POST',
      url: `/api/applicants/${cast.project.id}/check-email-webform`,
      payload: { email: 'new-person@example.com', token: link.token },
    });
    expect(fresh.json()).toEqual({ isReturning: false });
  });
});

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
    expect(page.json()).toMatchObject({
      id: claimId,
      status: 'PENDING',
      projectName: cast.project.name,
      talentName: 'Tara Talent',
      agencyName: agency.name,
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

describe('send under review', () => {
  it('moves TS_FOR_REVIEW submissions to NEW_SUBMISSIONS; refuses others', async () => {
    const link = await newLink({ underReview: true });
    const { submissionId } = (await apply(applyBody(link.token))).json();
    const plain = await newLink();
    const other = (await apply(applyBody(plain.token))).json().submissionId;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/applicants/send-under-review`,
      headers: cast.headers('TS'),
      payload: { applicantIds: [submissionId, other] },
    });
    expect(refused.statusCode).toBe(400);
    expect(await foldersOf(submissionId)).toEqual(['TS_FOR_REVIEW']);
    // While it waits for the agency it is in no casting folder: New Submissions holds it only once sent on.
    const inNewSubmissions = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${cast.project.id}/applicants?roleId=${roleA.id}&systemAlias=NEW_SUBMISSIONS&limit=100`,
        headers: cast.headers('PO'),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string }[]).map((item) => item.id);
    };
    expect(await inNewSubmissions()).not.toContain(submissionId);
    // Nor anywhere else of the casting team's (not even Everyone); the talent submitter sees it in For Review.
    const listed = async (actor: 'PO' | 'TE' | 'TS') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${cast.project.id}/applicants?roleId=${roleA.id}&limit=100`,
        headers: cast.headers(actor),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().items as { id: string }[]).map((item) => item.id);
    };
    expect(await listed('PO')).not.toContain(submissionId);
    expect(await listed('TE')).not.toContain(submissionId);
    expect(await listed('PO')).toContain(other);
    expect(await listed('TS')).toContain(submissionId);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/applicants/send-under-review`,
      headers: cast.headers('TS'),
      payload: { applicantIds: [submissionId] },
    });
    expect(sent.json()).toEqual({ sent: 1 });
    expect(await foldersOf(submissionId)).toEqual(['NEW_SUBMISSIONS']);
    expect(await inNewSubmissions()).toContain(submissionId);
    expect(await listed('PO')).toContain(submissionId);
    const byDirector = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/applicants/send-under-review`,
      headers: cast.headers('PO'),
      payload: { applicantIds: [submissionId] },
    });
    expect(byDirector.statusCode).toBe(403);
  });
});
