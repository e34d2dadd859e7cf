import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicants } from '../../src/platform/db/schema';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildIdentityApp, uniqueEmail } from '../support/identity';
import {
  addMember,
  buildCast,
  buildRole,
  signedInUser,
  type Cast,
  type SignedInUser,
} from '../support/projects';
import { linkCalls } from './client-link-fixture';

// A minor's contact details (e-mail, phone, address) and whereabouts never reach a client, whatever a client review
// link shares: the server leaves them out of every answer a client-link viewer or a client account receives.
let t: TestApp;
let cast: Cast;
let client: SignedInUser;
type Row = { id: string; applicantId: string };
let adult: Row;
let child: Row;
let markedMinor: Row;
const { createLink, applicantsUrl } = linkCalls(() => ({ t, cast }));

const ADDRESS = {
  addressLineOne: '1 Home Lane',
  city: 'Burbank',
  province: 'CA',
  zip: '91501',
  country: 'US',
};
const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  const owner = cast.people.PO.user;
  const details = (name: string) => ({
    firstName: name,
    email: uniqueEmail(name.toLowerCase()),
    phone: '+15555550123',
    location: 'Burbank, CA',
    address: ADDRESS,
  });
  adult = await buildApplicant(role, owner, { ...details('Adele'), dateOfBirth: yearsAgo(30) });
  // A child added by hand: a minor by the date of birth the team holds.
  child = await buildApplicant(role, owner, { ...details('Kit'), dateOfBirth: yearsAgo(12) });
  // Marked a minor when applying (no date of birth: they gave an age).
  markedMinor = await buildApplicant(role, owner, details('Mo'));
  const { db } = await testDatabase();
  await db.update(applicants).set({ isMinor: true }).where(eq(applicants.id, markedMinor.applicantId));
  client = await signedInUser(t.app, { roleCode: 'CLIENT', firstName: 'Carla', lastName: 'Client' });
  await addMember(cast.project, client.user, 'PROJECT_EDITOR');
});
afterAll(() => t.close());

type Candidate = { applicantId: string; contact: { email: string | null } | null; location: string | null };

describe('a client review link that shares contact details', () => {
  it('answers an adult’s, and no minor’s, in the list and in each candidate', async () => {
    const link = await createLink({
      submissionIds: [adult.id, child.id, markedMinor.id],
      settings: { requireIdentification: false, showContactDetails: true },
    });
    const list = await t.app.inject({ method: 'GET', url: applicantsUrl(link.clientLink) });
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map((list.json().items as Candidate[]).map((item) => [item.applicantId, item]));
    expect(byId.get(adult.applicantId)).toMatchObject({
      contact: { phone: '+15555550123' },
      location: 'Burbank, CA',
    });
    for (const minor of [child, markedMinor]) {
      expect(byId.get(minor.applicantId)).toMatchObject({ contact: null, location: null });
      const one = await t.app.inject({ method: 'GET', url: `${applicantsUrl(link.clientLink)}/${minor.id}` });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ contact: null, location: null });
      expect(one.body).not.toContain('+15555550123');
      expect(one.body).not.toContain('Home Lane');
    }
  });
});

describe('a client account', () => {
  it('gets no minor’s contact details, address, location or application record; the team gets them all', async () => {
    const url = (row: Row) => `/api/projects/${cast.project.id}/candidates/${row.applicantId}`;
    for (const minor of [child, markedMinor]) {
      const seen = await t.app.inject({ method: 'GET', url: url(minor), headers: client.auth });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toMatchObject({
        minor: true,
        email: null,
        phone: null,
        address: null,
        location: null,
        application: null,
      });
      const team = await t.app.inject({ method: 'GET', url: url(minor), headers: cast.headers('PO') });
      expect(team.json()).toMatchObject({ minor: true, phone: '+15555550123', address: ADDRESS });
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants`,
      headers: client.auth,
    });
    const rows = list.json().items as (Candidate & { minor: boolean; email: string | null })[];
    expect(rows.find((row) => row.applicantId === child.applicantId)).toMatchObject({
      minor: true,
      email: null,
      location: null,
    });
    expect(rows.find((row) => row.applicantId === adult.applicantId)).toMatchObject({
      minor: false,
      location: 'Burbank, CA',
    });
  });
});
