import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectStanding } from '../../src/platform/http/project-access';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp, createUser, latestCode, PASSWORD, signIn, uniqueEmail } from '../support/identity';
import {
  accessRows,
  addMember,
  buildProject,
  principalFor,
  signedInUser,
  type SignedInUser,
} from '../support/projects';

let t: TestApp;
let owner: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  owner = await signedInUser(t.app, { firstName: 'Dana', lastName: 'Whitfield' });
});
afterAll(() => t.close());

const call = (
  who: { auth: Record<string, string> },
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function mailsTo(address: string): Promise<{ subject: string; text: string }[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(address)}` });
  return res.json().items;
}

const invite = (who: SignedInUser, projectId: string, invitations: { email: string; scope: string }[]) =>
  call(who, 'POST', `/api/projects/${projectId}/accesses`, { invitations });

describe('sending an invitation again', () => {
  it('mails a pending invitation again, and refuses members who joined and rows of other projects', async () => {
    const project = await buildProject(owner.user, { name: 'Harbor Lights' });
    const email = uniqueEmail('pending');
    const invited = (await invite(owner, project.id, [{ email, scope: 'TALENT_EDITOR' }])).json().accesses[0];
    expect(await mailsTo(email)).toHaveLength(1);

    const again = await call(owner, 'POST', `/api/projects/${project.id}/access/${invited.id}/resend`);
    expect(again.statusCode, again.body).toBe(204);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('You are invited to join Harbor Lights');

    const member = await createUser();
    const joined = await addMember(project, member, 'PROJECT_EDITOR');
    const refused = await call(owner, 'POST', `/api/projects/${project.id}/access/${joined.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');

    const other = await buildProject(owner.user, { name: 'Other' });
    const elsewhere = await call(owner, 'POST', `/api/projects/${other.id}/access/${invited.id}/resend`);
    expect(elsewhere.statusCode).toBe(404);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});

describe('inviting team members', () => {
  it('invites an address without an account by mail; after signing up with it the person sees the project', async () => {
    const project = await buildProject(owner.user, { name: 'Harbor Lights' });
    const email = uniqueEmail('colleague');
    const res = await invite(owner, project.id, [{ email: email.toUpperCase(), scope: 'PROJECT_EDITOR' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accesses: [expect.objectContaining({ email, scope: 'PROJECT_EDITOR', user: null, status: 'INVITED' })],
      duplicateEmails: [],
      talentEmails: [],
    });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('You are invited to join Harbor Lights');
    expect(mail?.text).toContain(
      'Dana Whitfield invited you to join the casting project "Harbor Lights" as Project Editor.',
    );
    expect(mail?.text).toContain(`/auth/sign-up?email=${encodeURIComponent(email)}`);

    const register = await t.app.inject({
      method: 'POST',
      url: '/api/staffs/register',
      payload: { firstName: 'Cole', lastName: 'League', email, password: PASSWORD, roleType: 'ADMIN' },
    });
    expect(register.statusCode, register.body).toBe(201);
    const { code } = await latestCode(t.app, email, { subject: 'Your Casting confirmation code' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/users/confirm',
      payload: { email, code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const colleague = await signIn(t.app, { email, password: PASSWORD });

    const list = (await call(colleague, 'GET', '/api/projects')).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([project.id]);
    expect(list.items[0].projectAccessScope).toBe('PROJECT_EDITOR');
    const detail = await call(colleague, 'GET', `/api/v2/projects/${project.id}`);
    expect(detail.json()).toMatchObject({ projectAccessScope: 'PROJECT_EDITOR', projectActor: 'PE' });
    const editRole = await call(colleague, 'POST', `/api/v2/projects/${project.id}/roles`, {
      name: 'Bartender',
    });
    expect(editRole.statusCode).toBe(201);

    const team = (await call(owner, 'GET', `/api/projects/${project.id}/accesses`)).json();
    expect(team.items).toEqual([
      expect.objectContaining({ scope: 'PROJECT_OWNER', isOwner: true, status: 'ACTIVE' }),
      expect.objectContaining({
        email,
        scope: 'PROJECT_EDITOR',
        status: 'ACTIVE',
        isOwner: false,
        user: { id: expect.any(String), fullName: 'Cole League', imageUrl: null },
      }),
    ]);
  });

  it('links an existing account at once and sends it a notice', async () => {
    const project = await buildProject(owner.user, { name: 'Night Ferry' });
    const existing = await createUser({ firstName: 'Mara', lastName: 'Lin' });
    const res = await invite(owner, project.id, [{ email: existing.email, scope: 'TALENT_EDITOR' }]);
    expect(res.json().accesses).toEqual([
      expect.objectContaining({
        scope: 'TALENT_EDITOR',
        status: 'ACTIVE',
        user: { id: existing.id, fullName: 'Mara Lin', imageUrl: null },
      }),
    ]);
    const rows = await accessRows(project.id);
    expect(rows.find((row) => row.email === existing.email)?.userId).toBe(existing.id);
    const [mail] = await mailsTo(existing.email);
    expect(mail?.subject).toBe('You have been added to Night Ferry');
    expect(mail?.text).toContain(`/projects/overview/${project.id}`);
  });

  it('refuses talent accounts, reporting them in talentEmails, and reports duplicates without changing them', async () => {
    const project = await buildProject(owner.user);
    const talent = await createUser({ roleCode: 'TALENT' });
    const member = await createUser();
    await addMember(project, member, 'TALENT_EDITOR');
    const fresh = uniqueEmail('fresh');
    const res = await invite(owner, project.id, [
      { email: talent.email, scope: 'PROJECT_EDITOR' },
      { email: member.email, scope: 'PROJECT_OWNER' },
      { email: fresh, scope: 'TALENT_SUBMITTER' },
      { email: fresh, scope: 'PROJECT_EDITOR' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.talentEmails).toEqual([talent.email]);
    expect(body.duplicateEmails).toEqual([member.email]);
    expect(
      body.accesses.map((access: { email: string; scope: string }) => [access.email, access.scope]),
    ).toEqual([[fresh, 'TALENT_SUBMITTER']]);
    const rows = await accessRows(project.id);
    expect(rows.some((row) => row.email === talent.email)).toBe(false);
    expect(rows.find((row) => row.email === member.email)?.scope).toBe('TALENT_EDITOR');
    expect(await mailsTo(talent.email)).toEqual([]);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('refuses scopes outside the inviter’s scopeAllowedToCreate, adding nobody', async () => {
    const project = await buildProject(owner.user);
    const talentEditor = await signedInUser(t.app);
    await addMember(project, talentEditor.user, 'TALENT_EDITOR');
    const fine = uniqueEmail('fine');
    const res = await invite(talentEditor, project.id, [
      { email: fine, scope: 'TALENT_EDITOR' },
      { email: uniqueEmail('too-high'), scope: 'PROJECT_EDITOR' },
    ]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_DENIED', details: { scope: 'PROJECT_EDITOR' } });
    expect((await accessRows(project.id)).some((row) => row.email === fine)).toBe(false);
  });

  it('validates the invitations', async () => {
    const project = await buildProject(owner.user);
    const none = await call(owner, 'POST', `/api/projects/${project.id}/accesses`, { invitations: [] });
    expect(none.json().details.issues).toEqual([
      { path: 'body.invitations', message: 'Please enter a valid email address' },
    ]);
    const bad = await invite(owner, project.id, [{ email: 'not-an-email', scope: 'CLIENT' }]);
    expect(bad.json().details.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.invitations.0.email', message: 'Please enter a valid email' },
        expect.objectContaining({ path: 'body.invitations.0.scope' }),
      ]),
    );
  });

  it('never matches an invitation to an account whose address is unconfirmed', async () => {
    const project = await buildProject(owner.user);
    const email = uniqueEmail('squatter');
    await invite(owner, project.id, [{ email, scope: 'PROJECT_EDITOR' }]);
    const { db } = await testDatabase();
    const squatter = await createUser({ email, confirmed: false });
    expect((await projectStanding(db, principalFor(squatter), project.id)).actor).toBeNull();
    expect((await accessRows(project.id)).find((row) => row.email === email)?.userId).toBeNull();
  });
});
