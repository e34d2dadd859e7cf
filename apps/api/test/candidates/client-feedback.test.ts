import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { linkCalls } from '../client-review/client-link-fixture';

// The clients' votes and comments beside the team's: a tally on each row of the candidates list, the comments with
// who wrote them on which link in the candidate's detail, and the feedback filters reaching clients.
let t: TestApp;
let cast: Cast;
let role: { id: string; projectId: string };
const rows: Record<'ana' | 'ben' | 'cy', { id: string; applicantId: string }> = {} as never;
const { createLink, identify } = linkCalls(() => ({ t, cast }));

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  role = await buildRole(cast.project);
  const owner = cast.people.PO.user;
  rows.ana = await buildApplicant(role, owner, { firstName: 'Ana' });
  rows.ben = await buildApplicant(role, owner, { firstName: 'Ben' });
  rows.cy = await buildApplicant(role, owner, { firstName: 'Cy' });
  const link = await createLink({ title: 'Producer picks', submissionIds: [rows.ana.id, rows.ben.id] });
  const paula = await identify(link.clientLink, 'Paula Producer');
  const dan = await identify(link.clientLink, 'Dan Director');
  const feedback = async (who: { headers: Record<string, string> }, id: string, payload: object) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${cast.project.id}/applicants/${link.clientLink}/${id}/feedback`,
      headers: who.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await feedback(paula, rows.ana.id, { vote: 'YES', comment: 'Great energy' });
  await feedback(dan, rows.ana.id, { vote: 'NO' });
  await feedback(paula, rows.ben.id, { vote: 'MAYBE' });
});
afterAll(() => t.close());

async function list(query: Record<string, string>, actor: 'PO' | 'TS' = 'PO') {
  return t.app.inject({
    method: 'GET',
    url: `/api/projects/${cast.project.id}/applicants`,
    headers: cast.headers(actor),
    query: { roleId: role.id, ...query },
  });
}
const ids = async (query: Record<string, string>) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((item) => item.id).sort();
};

describe('client feedback in the candidates workspace', () => {
  it('each row carries the clients’ tally beside the team’s votes', async () => {
    const res = await list({});
    const byId = new Map(
      (res.json().items as { id: string; clientFeedback: unknown }[]).map((i) => [i.id, i]),
    );
    expect(byId.get(rows.ana.id)?.clientFeedback).toEqual({ YES: 1, NO: 1, MAYBE: 0, comments: 1 });
    expect(byId.get(rows.ben.id)?.clientFeedback).toEqual({ YES: 0, NO: 0, MAYBE: 1, comments: 0 });
    expect(byId.get(rows.cy.id)?.clientFeedback).toEqual({ YES: 0, NO: 0, MAYBE: 0, comments: 0 });
  });

  it('the feedback filters reach clients', async () => {
    expect(await ids({ feedbackFromClients: 'true' })).toEqual([rows.ana.id, rows.ben.id].sort());
    expect(await ids({ feedbackFromClients: 'true', feedback: 'YES' })).toEqual([rows.ana.id]);
    expect(await ids({ feedbackFromClients: 'true', feedback: 'MAYBE' })).toEqual([rows.ben.id]);
    // Without clients chosen, the feedback filter stays the team's: nobody on the team voted here.
    expect(await ids({ feedback: 'YES' })).toEqual([]);
    // Clients as one more provider beside a team member: OR takes either, AND needs both.
    await t.app.inject({
      method: 'POST',
      url: `/api/projects/${cast.project.id}/applicants/votes`,
      headers: cast.headers('PO'),
      payload: { applicantIds: [rows.cy.id, rows.ana.id], vote: 'UP_VOTE' },
    });
    const owner = cast.people.PO.user.id;
    expect(await ids({ feedbackFromClients: 'true', feedbackProviderNames: owner, feedback: 'YES' })).toEqual(
      [rows.ana.id, rows.cy.id].sort(),
    );
    expect(
      await ids({
        feedbackFromClients: 'true',
        feedbackProviderNames: owner,
        feedbackProviderQueryType: 'AND',
        feedback: 'YES',
      }),
    ).toEqual([rows.ana.id]);
  });

  it('the detail lists the clients’ comments with the viewer’s name and the link', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/candidates/${rows.ana.id}`,
      headers: cast.headers('PO'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const feedback = res.json().submissions[0].clientFeedback as { viewerName: string }[];
    expect(feedback).toHaveLength(2);
    expect(feedback).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          viewerName: 'Paula Producer',
          linkTitle: 'Producer picks',
          vote: 'YES',
          comment: 'Great energy',
        }),
        expect.objectContaining({ viewerName: 'Dan Director', vote: 'NO', comment: null }),
      ]),
    );
  });
});
