import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantRepresentatives, applicants } from '../../src/platform/db/schema';
import { runInOffice } from '../../src/platform/db/scope';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { applyBody, buildAgency, buildAgent } from '../links/helpers';
import { officeWithOwner, submissionLinkOf } from './fixture';

// Agencies and agents are one directory for the installation (an agent submits to many offices); what an agent
// submitted to one office is that office's alone.
let t: TestApp;
beforeAll(async () => {
  t = await buildIdentityApp();
});
afterAll(() => t.close());

describe('one agent submitting to two offices', () => {
  it('leaves each office with its own submission and representation, and nothing of the other’s', async () => {
    const agency = await buildAgency();
    const agent = await buildAgent(agency.id);
    const a = await officeWithOwner(t.app, 'Agent Office A');
    const b = await officeWithOwner(t.app, 'Agent Office B');
    const surname = `Across${randomUUID().slice(0, 6)}`;
    const submit = async (officeId: string, ownerId: string, firstName: string) => {
      const token = await submissionLinkOf(officeId, ownerId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/applicants/standalone',
        payload: applyBody(token, { firstName, lastName: surname, repId: agent.id }),
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await submit(a.officeId, a.owner.user.id, 'Ana');
    await submit(b.officeId, b.owner.user.id, 'Ben');

    // Read as the application in each office: its own applicant and representation, never the other's.
    const { db } = t.context.database;
    const seenIn = (officeId: string) =>
      runInOffice(officeId, () =>
        db
          .select({ firstName: applicants.firstName, agentId: applicantRepresentatives.agentId })
          .from(applicantRepresentatives)
          .innerJoin(applicants, eq(applicants.id, applicantRepresentatives.applicantId))
          .where(eq(applicantRepresentatives.agentId, agent.id)),
      );
    expect(await seenIn(a.officeId)).toEqual([{ firstName: 'Ana', agentId: agent.id }]);
    expect(await seenIn(b.officeId)).toEqual([{ firstName: 'Ben', agentId: agent.id }]);

    // Each office's roster finds its own talent by the shared surname, and not the other office's.
    const roster = async (auth: { authorization: string }) =>
      (await t.app.inject({ method: 'GET', url: `/api/roster/people?q=${surname}`, headers: auth }))
        .json()
        .items.map((item: { firstName: string }) => item.firstName);
    expect(await roster(a.owner.auth)).toEqual(['Ana']);
    expect(await roster(b.owner.auth)).toEqual(['Ben']);
  });
});
