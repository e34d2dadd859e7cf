import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@casting/domain';
import { PUBLIC_QUOTAS } from '../../src/platform/http/public-quota';
import type { TestApp } from '../support/app';
import { eq } from 'drizzle-orm';
import { applicants, folderMemberships, submissions } from '../../src/platform/db/schema';
import { buildApplicant, placeInFolder, systemFolder } from '../support/candidates';
import { testDatabase } from '../support/database';
import { collect } from '../support/live-events';
import { addMember, buildProject, buildRole, signedInUser, type Cast } from '../support/projects';
import {
  applyBody,
  buildAgency,
  buildAgent,
  foldersOf,
  queuedMailsTo,
  submissionRow,
} from '../links/helpers';
import { buildLinksFixture, linksCalls, type LinksFixture } from '../links/links-fixture';

// Applying through a submission link: where the submission lands, what the form offers and refuses, and sending
// submissions under agency review on to the team.
let t: TestApp;
let cast: Cast;
let roleA: LinksFixture['roleA'];
let roleB: LinksFixture['roleB'];
const { newLink, apply } = linksCalls(() => ({ t, cast, roleA }));

beforeAll(async () => {
  ({ t, cast, roleA, roleB } = await buildLinksFixture());
});
afterAll(() => t.close());

describe('standalone apply', () => {
  it('lands in the default opportunity’s NEW_SUBMISSIONS, records source and referral, counts, tells the team live, and mails a private link', async () => {
    const link = await newLink({ roleIds: [roleA.id, roleB.id], defaultRoleId: roleB.id });
    const live = collect(t.context.events, cast.project.id);
    const body = applyBody(link.token);
    const res = await apply(body);
    expect(res.statusCode).toBe(201);
    const { submissionId, applicantId } = res.json();
    // The team's open candidates pages hear of it.
    expect(await live.count(1)).toEqual([
      {
        projectId: cast.project.id,
        event: 'APPLICANTS_UPDATED',
        payload: { kind: 'ADD', count: 1, roleId: roleB.id },
      },
    ]);
    live.stop();
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

  it('never duplicates a submission; another opportunity with a known address waits for its owner', async () => {
    const link = await newLink({ roleIds: [roleA.id, roleB.id], defaultRoleId: roleA.id });
    const body = applyBody(link.token);
    const first = await apply(body);
    const again = await apply({ ...body, email: body.email.toUpperCase() });
    const other = await apply({ ...body, roleId: roleB.id });
    expect(again.json().submissionId).toBe(first.json().submissionId);
    // It joins the person only once the address's owner confirms it (test/apply/address-owner.test.ts).
    expect(other.statusCode).toBe(201);
    expect(other.json().applicantId).not.toBe(first.json().applicantId);
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

  it('takes an address in any country: the postal code follows the country and is stored as the country writes it', async () => {
    const link = await newLink();
    const british = {
      country: 'gb',
      zip: ' sw1a   1aa ',
      city: 'London',
      addressLineOne: '10 Downing Street',
    };
    const res = await apply(applyBody(link.token, { address: british }));
    expect(res.statusCode, res.body).toBe(201);
    const { db } = await testDatabase();
    const [stored] = await db
      .select({ address: applicants.address })
      .from(applicants)
      .where(eq(applicants.id, res.json().applicantId));
    expect(stored?.address).toMatchObject({ country: 'GB', zip: 'SW1A 1AA', city: 'London' });

    const wrong = await apply(applyBody(link.token, { address: { country: 'GB', zip: '90210' } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.issues).toContainEqual({
      path: 'body.address.zip',
      message: MESSAGES.postalCodeFormat('United Kingdom'),
    });
    const unknown = await apply(applyBody(link.token, { address: { country: 'Narnia', zip: '1' } }));
    expect(JSON.stringify(unknown.json().details)).toContain(MESSAGES.countryUnknown);
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

  const send = (actor: 'TS' | 'PO', applicantIds: string[], projectId = cast.project.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${projectId}/applicants/send-under-review`,
      headers: cast.headers(actor),
      payload: { applicantIds },
    });

  it('sends from the agency’s New Submissions and Hold for Later too; refuses, moving nothing, another project’s id', async () => {
    const link = await newLink({ underReview: true });
    const { submissionId } = (await apply(applyBody(link.token))).json();
    const { db } = await testDatabase();
    const onlyIn = async (id: string, folderId: string, projectId: string) => {
      await db.delete(folderMemberships).where(eq(folderMemberships.submissionId, id));
      await placeInFolder({ id }, folderId, projectId);
    };
    // The agency's Maybe keeps the candidate in Hold for Later, still the agency's to send on; its Yes puts another in
    // the agency's own New Submissions, which the casting team does not see until the agency sends it on.
    await onlyIn(submissionId, await systemFolder(roleA, 'TS_HOLD_LATER'), cast.project.id);
    const approved = (await apply(applyBody(link.token))).json().submissionId as string;
    await onlyIn(approved, await systemFolder(roleA, 'TS_NEW_SUBMISSIONS'), cast.project.id);
    // Another project, with its own talent submitter and a candidate waiting in its For Review.
    const elsewhere = await buildProject(cast.people.PO.user);
    const otherRole = await buildRole(elsewhere);
    const otherSubmitter = await signedInUser(t.app, { firstName: 'Ola', lastName: 'Other-Agent' });
    await addMember(elsewhere, otherSubmitter.user, 'TALENT_SUBMITTER');
    const foreign = await buildApplicant(otherRole, cast.people.PO.user);
    await onlyIn(foreign.id, await systemFolder(otherRole, 'TS_FOR_REVIEW'), elsewhere.id);

    const mixed = await send('TS', [submissionId, foreign.id]);
    expect(mixed.statusCode).toBe(400);
    expect(await foldersOf(submissionId)).toEqual(['TS_HOLD_LATER']);
    expect(await foldersOf(foreign.id)).toEqual(['TS_FOR_REVIEW']);
    // Nor through the other project's path: this submitter is not on its team.
    expect((await send('TS', [foreign.id], elsewhere.id)).statusCode).toBe(403);
    expect(await foldersOf(foreign.id)).toEqual(['TS_FOR_REVIEW']);

    const sent = await send('TS', [submissionId, approved]);
    expect(sent.json()).toEqual({ sent: 2 });
    expect(await foldersOf(submissionId)).toEqual(['NEW_SUBMISSIONS']);
    expect(await foldersOf(approved)).toEqual(['NEW_SUBMISSIONS']);
    // Already sent: it waits with the agency no more, so a second send is refused.
    expect((await send('TS', [submissionId])).statusCode).toBe(400);
  });

  it('counts what waits with each agency for the casting team, per opportunity; never for a talent submitter', async () => {
    const { db } = await testDatabase();
    const northlight = await buildAgent((await buildAgency('Northlight Talent')).id);
    const bright = await buildAgent((await buildAgency('Bright Agency')).id);
    const link = await newLink({ underReview: true, roleIds: [roleB.id] });
    const applyWith = async (agentId: string) => {
      const { submissionId } = (await apply(applyBody(link.token))).json();
      await db.update(submissions).set({ referringAgentId: agentId }).where(eq(submissions.id, submissionId));
      return submissionId as string;
    };
    const first = await applyWith(northlight.id);
    await applyWith(northlight.id);
    await applyWith(bright.id);
    // Sent straight to the team: not waiting.
    await apply(applyBody((await newLink({ roleIds: [roleB.id] })).token));
    const counts = (actor: 'PO' | 'TE' | 'TS', roleId = roleB.id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v2/projects/${cast.project.id}/applicants/agency-review-counts?roleId=${roleId}`,
        headers: cast.headers(actor),
      });
    const before = await counts('TE');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      total: 3,
      agencies: [
        { agencyId: northlight.agencyId, agencyName: 'Northlight Talent', count: 2 },
        { agencyId: bright.agencyId, agencyName: 'Bright Agency', count: 1 },
      ],
    });
    expect((await counts('TS')).statusCode).toBe(403);
    // An opportunity of another project is not found, never counted as empty.
    const otherRole = await buildRole(await buildProject(cast.people.PO.user));
    expect((await counts('PO', otherRole.id)).statusCode).toBe(404);

    expect((await send('TS', [first])).statusCode).toBe(200);
    expect((await counts('PO')).json()).toEqual({
      total: 2,
      agencies: [
        { agencyId: bright.agencyId, agencyName: 'Bright Agency', count: 1 },
        { agencyId: northlight.agencyId, agencyName: 'Northlight Talent', count: 1 },
      ],
    });
    // The other opportunity's waiting candidates are not these.
    const lead = (await counts('PO', roleA.id)).json() as { agencies: { agencyName: string | null }[] };
    expect(lead.agencies.map((group) => group.agencyName)).not.toContain('Northlight Talent');
    expect(await foldersOf(first)).toEqual(['NEW_SUBMISSIONS']);
  });
});

describe('mail queued by applying, per address', () => {
  it('lets one address queue at most a few minutes of confirmation mail, then refuses the next application whole', async () => {
    const link = await newLink();
    const address = '198.51.100.77';
    const send = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/applicants/standalone',
        payload: applyBody(link.token, { email }),
        remoteAddress: address,
      });
    const { max } = PUBLIC_QUOTAS.application;
    // At about a message a second through the notice queue, the allowance stays well under a quarter of an hour.
    expect(max).toBeLessThanOrEqual(120);
    for (let index = 0; index < max; index += 1) {
      expect((await send(`burst-${index}-${link.id.slice(0, 8)}@example.com`)).statusCode).toBe(201);
    }
    const refusedEmail = `burst-over-${link.id.slice(0, 8)}@example.com`;
    const refused = await send(refusedEmail);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    const { db } = await testDatabase();
    expect(await db.select().from(applicants).where(eq(applicants.email, refusedEmail))).toEqual([]);
    expect(await queuedMailsTo(refusedEmail)).toEqual([]);
    // Another address is not held up by this one.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v2/applicants/standalone',
      payload: applyBody(link.token),
      remoteAddress: '198.51.100.78',
    });
    expect(elsewhere.statusCode).toBe(201);
  });
});
