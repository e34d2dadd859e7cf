import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_MESSAGES, type ProjectDraft } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { signedInUser, type SignedInUser } from '../support/projects';

let t: TestApp;
let director: SignedInUser;

beforeAll(async () => {
  t = await buildIdentityApp();
  director = await signedInUser(t.app, { roleCode: 'CASTING_DIRECTOR' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who = director) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function listed(who = director) {
  const drafts = (await call('GET', '/projects/drafts', undefined, who)).json<{ items: ProjectDraft[] }>()
    .items;
  const projects = (await call('GET', '/projects?archived=all', undefined, who)).json<{
    items: { id: string }[];
  }>().items;
  const switcher = (await call('GET', '/projects/accessed-projects', undefined, who)).json<{
    items: { id: string }[];
  }>().items;
  return {
    drafts: drafts.map((d) => d.id),
    projects: projects.map((p) => p.id),
    switcher: switcher.map((p) => p.id),
  };
}

describe('project wizard drafts', () => {
  it('keeps a draft out of the lists until it is finished, and remembers its step', async () => {
    const created = await call('POST', '/projects/drafts', { name: 'Harbour Nights', location: 'Bristol' });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json<ProjectDraft>();
    expect(draft).toMatchObject({ name: 'Harbour Nights', step: 'OPPORTUNITIES' });

    let seen = await listed();
    expect(seen.drafts[0]).toBe(draft.id);
    expect(seen.projects).not.toContain(draft.id);
    expect(seen.switcher).not.toContain(draft.id);
    // The draft is a real project: the ordinary calls work on it.
    expect((await call('GET', `/v2/projects/${draft.id}`)).json().location).toBe('Bristol');

    const early = await call('POST', `/projects/drafts/${draft.id}/finish`);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toContain(DRAFT_MESSAGES.needsOpportunity);

    const role = await call('POST', `/v2/projects/${draft.id}/roles`, { name: 'Lead' });
    expect(role.statusCode, role.body).toBe(201);
    expect((await call('PATCH', `/projects/drafts/${draft.id}`, { step: 'TEAM' })).json().step).toBe('TEAM');
    expect((await call('GET', `/projects/drafts/${draft.id}`)).json().step).toBe('TEAM');

    expect((await call('POST', `/projects/drafts/${draft.id}/finish`)).statusCode).toBe(200);
    seen = await listed();
    expect(seen.drafts).not.toContain(draft.id);
    expect(seen.projects).toContain(draft.id);
    expect(seen.switcher).toContain(draft.id);
    const again = await call('GET', `/projects/drafts/${draft.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DRAFT_MESSAGES.notADraft);
    // A finished project is not discarded through the wizard.
    expect((await call('DELETE', `/projects/drafts/${draft.id}`)).statusCode).toBe(409);
    expect((await call('GET', `/v2/projects/${draft.id}`)).statusCode).toBe(200);
  });

  it('discards a draft with what its steps made, and shows drafts to their owner only', async () => {
    const draft = (await call('POST', '/projects/drafts', { name: 'Discard me' })).json<ProjectDraft>();
    await call('POST', `/v2/projects/${draft.id}/roles`, { name: 'Extra' });
    const other = await signedInUser(t.app, { roleCode: 'CASTING_DIRECTOR' });
    expect((await listed(other)).drafts).not.toContain(draft.id);
    const refused = await call('DELETE', `/projects/drafts/${draft.id}`, undefined, other);
    expect(refused.json().code).toBe('PROJECT_ACCESS_DENIED');

    expect((await call('DELETE', `/projects/drafts/${draft.id}`)).statusCode).toBe(204);
    expect((await listed()).drafts).not.toContain(draft.id);
    expect((await call('GET', `/v2/projects/${draft.id}`)).statusCode).toBe(404);
  });

  it('lets only project creators start one, with the project form’s rules', async () => {
    const client = await signedInUser(t.app, { roleCode: 'CLIENT' });
    const refused = await call('POST', '/projects/drafts', { name: 'Nope' }, client);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_DENIED');
    const invalid = await call('POST', '/projects/drafts', { name: '' });
    expect(invalid.statusCode).toBe(400);
    const badStep = await call(
      'PATCH',
      `/projects/drafts/${(await call('POST', '/projects/drafts', { name: 'S' })).json().id}`,
      {
        step: 'NOPE',
      },
    );
    expect(badStep.statusCode).toBe(400);
  });
});
