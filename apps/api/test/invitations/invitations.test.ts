import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp } from '../support/app';
import { buildApplicant, systemFolder } from '../support/candidates';
import { buildRole, type Cast } from '../support/projects';
import { buildEmailFixture, emailCalls, unfold, type EmailFixture } from '../email/email-fixture';

// Inviting people from a CSV to apply through a submission link, and tracking the invitations.
let t: TestApp;
let cast: Cast;
let role: EmailFixture['role'];
let received: EmailFixture['received'];
let close: EmailFixture['close'];
const { as, api, messagesTo, settled, link, submitterAgency } = emailCalls(() => ({
  t,
  cast,
  role,
  received,
}));

beforeAll(async () => {
  ({ t, cast, role, received, close } = await buildEmailFixture());
});
afterAll(() => close());

describe('invitations', () => {
  it('reads a CSV with bad rows, invites the good ones once and tracks them (TS_INVITED for a talent submitter)', async () => {
    const csv = [
      'First Name,Last Name,E-mail',
      '"Mia, Jr.",Stone,mia@example.com',
      'Noah,Park,not-an-address',
      'Ola,Berg,',
      'Mia,Again,MIA@example.com',
      'Pia,Lund,pia@example.com',
    ].join('\r\n');
    const check = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations/check'),
      headers: as('TS'),
      payload: { text: csv, format: 'CSV', roleId: role.id },
    });
    expect(check.statusCode).toBe(200);
    const parsed = check.json();
    expect(parsed.valid.map((row: { email: string }) => row.email)).toEqual([
      'mia@example.com',
      'pia@example.com',
    ]);
    expect(parsed.valid[0]).toMatchObject({ firstName: 'Mia, Jr.', lastName: 'Stone', line: 2 });
    expect(parsed.invalid.map((row: { line: number }) => row.line)).toEqual([3, 4]);
    expect(parsed.duplicates.map((row: { line: number }) => row.line)).toEqual([5]);

    const noColumn = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations/check'),
      headers: as('PO'),
      payload: { text: 'name,phone\nA,1', format: 'CSV' },
    });
    expect(noColumn.statusCode).toBe(400);
    expect(JSON.stringify(noColumn.json())).toContain('no column named email');

    const templates = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('TS') });
    const invitation = templates
      .json()
      .items.find((item: { starterKey: string }) => item.starterKey === 'INVITATION');
    // A talent submitter invites through a link of their own agency only.
    const otherLink = await link();
    const refused = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('TS'),
      payload: {
        roleId: role.id,
        shareLinkId: otherLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('Choose a submission link of this project');
    const shareLink = await link([await submitterAgency()]);
    // Mia is already a candidate of another opportunity: the invitation reuses her, never a second applicant.
    const otherRole = await buildRole(cast.project);
    const existingMia = await buildApplicant(otherRole, cast.people.PO.user, {
      firstName: 'Mia',
      lastName: 'Stone',
      email: 'mia@example.com',
    });
    const send = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('TS'),
      payload: {
        roleId: role.id,
        shareLinkId: shareLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(send.statusCode).toBe(201);
    expect(send.json()).toMatchObject({ invited: 2, skipped: [] });
    await settled(send.json().sendId);
    const mia = unfold(messagesTo('mia@example.com').at(-1)!.raw);
    expect(mia).toContain(shareLink.link);
    expect(mia).toContain('Hi Mia, Jr.,');

    const twice = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('PO'),
      payload: {
        roleId: role.id,
        shareLinkId: shareLink.id,
        templateId: invitation.id,
        people: parsed.valid,
      },
    });
    expect(twice.json()).toMatchObject({ invited: 0, sendId: null });

    // A retry of an invitation whose answer was lost, with the same Idempotency-Key, replays the first answer.
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: api('/candidate-invitations'),
        headers: { ...as('PO'), 'idempotency-key': 'invite-quinn-once' },
        payload: {
          roleId: role.id,
          shareLinkId: shareLink.id,
          templateId: invitation.id,
          people: [{ email: 'quinn@example.com', firstName: 'Quinn', lastName: 'Hale' }],
        },
      });
    const firstInvite = await invite();
    const retriedInvite = await invite();
    expect(firstInvite.json()).toMatchObject({ invited: 1, skipped: [] });
    expect(retriedInvite.headers['idempotency-replayed']).toBe('true');
    expect(retriedInvite.json()).toEqual(firstInvite.json());
    await settled(firstInvite.json().sendId);
    expect(messagesTo('quinn@example.com')).toHaveLength(1);
    expect(twice.json().skipped).toHaveLength(2);

    const list = await t.app.inject({ method: 'GET', url: api('/candidate-invitations'), headers: as('TS') });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(2);
    expect(list.json().items[0]).toMatchObject({
      status: 'INVITED',
      mailStatus: 'SENT',
      submitterFolder: 'TS_INVITED',
    });

    // The invitees are the agency's candidates in the opportunity's Invited folder, and not yet the team's.
    const invitedFolder = await systemFolder(role, 'TS_INVITED');
    const inFolder = async (actor: 'TS' | 'PO', folderId?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${cast.project.id}/applicants?roleId=${role.id}${folderId ? `&folderId=${folderId}` : ''}`,
        headers: as(actor),
      });
      expect(res.statusCode).toBe(200);
      return res.json().items as {
        applicantId: string;
        firstName: string;
        lastName: string;
        email: string | null;
      }[];
    };
    const invitedRows = await inFolder('TS', invitedFolder);
    expect(invitedRows.map((row) => row.firstName).sort()).toEqual(['Mia', 'Pia']);
    expect(invitedRows.find((row) => row.firstName === 'Mia')?.applicantId).toBe(existingMia.applicantId);
    const invitees = ['mia@example.com', 'pia@example.com'];
    const teamSees = async (folderId?: string) =>
      (await inFolder('PO', folderId)).filter((row) => invitees.includes(row.email ?? ''));
    expect(await teamSees()).toEqual([]);
    const counts = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${cast.project.id}/applicants/folder-counts?roleId=${role.id}`,
      headers: as('TS'),
    });
    expect(
      counts.json().counts.find((entry: { folderId: string }) => entry.folderId === invitedFolder),
    ).toMatchObject({ count: 2 });

    // Once Pia applies to the opportunity, her invitation reads as applied: she leaves Invited, lands in New
    // Submissions for the team, and her application's details replace the invitation's.
    await buildApplicant(role, cast.people.PO.user, {
      firstName: 'Pia',
      lastName: 'Lund-Hansen',
      email: 'pia@example.com',
    });
    expect((await inFolder('TS', invitedFolder)).map((row) => row.firstName)).toEqual(['Mia']);
    const teamRows = await teamSees(await systemFolder(role, 'NEW_SUBMISSIONS'));
    expect(teamRows.map((row) => `${row.firstName} ${row.lastName}`)).toEqual(['Pia Lund-Hansen']);
    const afterApply = await t.app.inject({
      method: 'GET',
      url: api('/candidate-invitations'),
      headers: as('PO'),
    });
    const pia = afterApply.json().items.find((item: { email: string }) => item.email === 'pia@example.com');
    expect(pia.status).toBe('APPLIED');
  });

  it('refuses a submission link that does not take the chosen opportunity', async () => {
    const otherRole = await buildRole(cast.project);
    const shareLink = await link();
    const templates = await t.app.inject({ method: 'GET', url: api('/email-templates'), headers: as('PO') });
    const res = await t.app.inject({
      method: 'POST',
      url: api('/candidate-invitations'),
      headers: as('PO'),
      payload: {
        roleId: otherRole.id,
        shareLinkId: shareLink.id,
        templateId: templates.json().items[0].id,
        people: [{ email: 'x@example.com' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('does not accept submissions for the chosen opportunity');
  });
});
