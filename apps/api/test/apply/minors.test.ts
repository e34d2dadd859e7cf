import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bornOnOrBefore, CONSENT_TEXTS, MESSAGES, todayIn } from '@casting/domain';
import { applicants, applicationConsents } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { anyOfficeDb, officeWithOwner, submissionLinkOf, type Member } from '../offices/fixture';
import { applyBody, queuedMailsTo } from '../links/helpers';
import { privateTokenFrom } from '../links/links-fixture';

// Minors on the apply pages and the terms their application accepted: the office's age of majority judged on today's
// date where the office works, the guardian's consent the API requires of a minor, and what an application records.
let t: TestApp;
let owner: Member;
let token: string;
let projectId: string;

const TIME_ZONE = 'Pacific/Auckland';

beforeAll(async () => {
  t = await buildIdentityApp();
  let officeId: string;
  ({ officeId, owner } = await officeWithOwner(t.app, 'Junior Casting'));
  const settings = await patchOffice({ timeZone: TIME_ZONE });
  expect(settings.statusCode, settings.body).toBe(200);
  token = await submissionLinkOf(officeId, owner.user.id);
  const resolved = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
  expect(resolved.statusCode, resolved.body).toBe(200);
  projectId = resolved.json().projectId;
});
afterAll(() => t.close());

function patchOffice(payload: object) {
  return t.app.inject({ method: 'PATCH', url: '/api/offices/current', headers: owner.auth, payload });
}
const apply = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v2/applicants/standalone', payload });
const email = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
/** The date of birth of someone who turns `years` today (in the office's zone), plus `days`: later is younger. */
function bornYearsAgo(years: number, days = 0): string {
  const date = new Date(`${bornOnOrBefore(todayIn(TIME_ZONE), years)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const GUARDIAN = { fullName: 'Grace Parent', email: 'Grace.Parent@example.com', consent: true };

async function candidate(applicantId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/candidates/${applicantId}`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the link’s rule for minors', () => {
  it('is answered with the link, from the office’s settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/share-links/resolve?token=${token}` });
    expect(res.json().minorRule).toEqual({ ageOfMajority: 18, timeZone: TIME_ZONE });
  });
});

describe('a minor’s application', () => {
  it('is refused without a guardian’s name, e-mail and consent, naming each, and writes nothing', async () => {
    const address = email('kid');
    const res = await apply(applyBody(token, { email: address, dateOfBirth: bornYearsAgo(18, 1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      { path: 'body.guardian.fullName', message: CONSENT_TEXTS.guardianNameRequired },
      { path: 'body.guardian.email', message: CONSENT_TEXTS.guardianEmailRequired },
      { path: 'body.guardian.consent', message: CONSENT_TEXTS.guardianConsentRequired },
    ]);
    const halfway = await apply(
      applyBody(token, {
        email: address,
        dateOfBirth: bornYearsAgo(12),
        guardian: { fullName: 'Grace Parent', email: 'not-an-address', consent: false },
      }),
    );
    expect(halfway.statusCode).toBe(400);
    expect(halfway.json().details.issues).toEqual([
      { path: 'body.guardian.email', message: MESSAGES.invalidEmailAddress },
      { path: 'body.guardian.consent', message: CONSENT_TEXTS.guardianConsentRequired },
    ]);
    const db = await anyOfficeDb();
    expect(await db.select().from(applicants).where(eq(applicants.email, address))).toEqual([]);
    expect(await queuedMailsTo(address)).toEqual([]);
  });

  it('counts an age in years given instead of a date of birth', async () => {
    const res = await apply(applyBody(token, { email: email('aged'), age: 15 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues.map((issue: { path: string }) => issue.path)).toContain(
      'body.guardian.consent',
    );
  });

  it('with the guardian’s consent is stored as a minor’s, with the guardian, the consent time and the versions', async () => {
    const started = Date.now();
    const res = await apply(
      applyBody(token, { email: email('minor'), dateOfBirth: bornYearsAgo(18, 1), guardian: GUARDIAN }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { applicantId, submissionId } = res.json();
    const db = await anyOfficeDb();
    const [row] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
    expect(row!.isMinor).toBe(true);
    const [consent] = await db
      .select()
      .from(applicationConsents)
      .where(eq(applicationConsents.applicantId, applicantId));
    expect(consent).toMatchObject({
      submissionId,
      minor: true,
      guardianName: 'Grace Parent',
      guardianEmail: 'grace.parent@example.com',
    });
    expect(consent!.guardianConsentAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);

    const detail = await candidate(applicantId);
    expect(detail.minor).toBe(true);
    expect(detail.application).toEqual({
      termsVersion: 1,
      privacyVersion: 1,
      acceptedAt: consent!.acceptedAt.toISOString(),
      guardian: {
        fullName: 'Grace Parent',
        email: 'grace.parent@example.com',
        consentAt: consent!.guardianConsentAt!.toISOString(),
      },
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/applicants`,
      headers: owner.auth,
    });
    const item = list
      .json()
      .items.find((entry: { applicantId: string }) => entry.applicantId === applicantId);
    expect(item.minor).toBe(true);
  });
});

describe('an adult’s application', () => {
  it('needs no guardian from the day they reach the age of majority, and records the accepted versions', async () => {
    const res = await apply(
      applyBody(token, { email: email('adult'), dateOfBirth: bornYearsAgo(18), guardian: GUARDIAN }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const detail = await candidate(res.json().applicantId);
    expect(detail.minor).toBe(false);
    expect(detail.application).toMatchObject({ termsVersion: 1, privacyVersion: 1, guardian: null });
  });

  it('is refused without the terms accepted', async () => {
    const { acceptTerms: _accepted, ...body } = applyBody(token, { email: email('no-terms') });
    const res = await apply(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues).toEqual([
      { path: 'body.acceptTerms', message: CONSENT_TEXTS.acceptTermsRequired },
    ]);
  });

  it('follows the office’s own age of majority and the current version of each text', async () => {
    expect((await patchOffice({ ageOfMajority: 16, termsText: 'Junior terms.' })).statusCode).toBe(200);
    const res = await apply(applyBody(token, { email: email('seventeen'), dateOfBirth: bornYearsAgo(17) }));
    expect(res.statusCode, res.body).toBe(201);
    const detail = await candidate(res.json().applicantId);
    expect(detail.minor).toBe(false);
    expect(detail.application).toMatchObject({ termsVersion: 2, privacyVersion: 1 });
  });
});

describe('a date of birth changed through the private link', () => {
  it('that makes the talent a minor needs the guardian’s consent, which it then records beside the accepted versions', async () => {
    const address = email('grown');
    const applied = await apply(applyBody(token, { email: address, dateOfBirth: bornYearsAgo(30) }));
    expect(applied.statusCode, applied.body).toBe(201);
    const { applicantId } = applied.json();
    const privateToken = privateTokenFrom((await queuedMailsTo(address))[0]!.text);
    const update = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v2/applicants/standalone/${applicantId}`,
        payload: { accessToken: privateToken, ...payload },
      });
    const younger = bornYearsAgo(12);
    const refused = await update({ dateOfBirth: younger });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'body.guardian.fullName',
      'body.guardian.email',
      'body.guardian.consent',
    ]);
    const db = await anyOfficeDb();
    const [unchanged] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
    expect(unchanged).toMatchObject({ dateOfBirth: bornYearsAgo(30), isMinor: false });

    const saved = await update({ dateOfBirth: younger, guardian: GUARDIAN });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await db.select().from(applicants).where(eq(applicants.id, applicantId));
    expect(row).toMatchObject({ dateOfBirth: younger, isMinor: true });
    const consents = await db
      .select()
      .from(applicationConsents)
      .where(eq(applicationConsents.applicantId, applicantId));
    expect(consents).toHaveLength(2);
    const guardianConsent = consents.find((consent) => consent.minor);
    const firstConsent = consents.find((consent) => !consent.minor);
    expect(guardianConsent).toMatchObject({
      submissionId: null,
      guardianName: 'Grace Parent',
      termsVersion: firstConsent!.termsVersion,
      privacyVersion: firstConsent!.privacyVersion,
    });
    // Once on record, a later change asks for nothing more.
    const again = await update({ dateOfBirth: bornYearsAgo(11) });
    expect(again.statusCode, again.body).toBe(200);
  });
});
