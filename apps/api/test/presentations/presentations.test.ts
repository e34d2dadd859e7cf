import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mediaItems, presentations } from '../../src/platform/db/schema';
import { purgeDeletedObjects } from '../../src/platform/storage/purge';
import type { TestApp } from '../support/app';
import { buildApplicant } from '../support/candidates';
import { testDatabase } from '../support/database';
import { buildProject, buildRole, type Cast } from '../support/projects';
import { buildLinkFixture, linkCalls, type LinkFixture } from '../client-review/client-link-fixture';

// Presentations: the director's order and media choice, refusals of foreign ids, what the client link shows, the PDF.
let t: TestApp;
let cast: Cast;
let fx: LinkFixture;
const { applicantsUrl } = linkCalls(() => ({ t, cast }));
const docs: Record<string, string> = {};

beforeAll(async () => {
  fx = await buildLinkFixture();
  ({ t, cast } = fx);
  const { db } = await testDatabase();
  const doc = (applicantId: string, name: string, visibility: 'ALL' | 'TEAM' = 'ALL') => ({
    id: (docs[name] = randomUUID()),
    projectId: cast.project.id,
    applicantId,
    kind: 'document' as const,
    name,
    contentType: 'application/pdf',
    size: 10,
    originalKey: `PM/RoleSideDocuments/${cast.project.id}/${randomUUID()}`,
    status: 'PROCESSED' as const,
    visibility,
  });
  await db
    .insert(mediaItems)
    .values([
      doc(fx.shared[0]!.applicantId, 'ana-resume.pdf'),
      doc(fx.shared[0]!.applicantId, 'ana-sides.pdf'),
      doc(fx.shared[0]!.applicantId, 'ana-team-notes.pdf', 'TEAM'),
      doc(fx.shared[1]!.applicantId, 'ben-resume.pdf'),
    ]);
});
afterAll(() => t.close());

const url = (path = '') => `/api/v2/projects/${cast.project.id}/presentations${path}`;
type Detail = {
  id: string;
  layout: string;
  pdf: { status: string | null; progress: number };
  items: { submissionId: string; firstName: string; mediaChosen: boolean; media: { name: string }[] }[];
};

async function call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) {
  return t.app.inject({ method, url: url(path), headers: cast.headers('PE'), payload });
}

describe('presentations', () => {
  let made: Detail;

  it('is made from one opportunity’s candidates in the order given, and refuses foreign ids', async () => {
    const ids = [fx.shared[0]!.id, fx.shared[1]!.id, fx.folderRow.id];
    const res = await call('POST', '', { title: 'For the producer', roleId: fx.role.id, submissionIds: ids });
    expect(res.statusCode, res.body).toBe(201);
    made = res.json();
    expect(made.items.map((item) => item.submissionId)).toEqual(ids);
    // Only media shared with everyone can be shown to a client: the team-only document is not offered.
    expect(made.items[0]!.media.map((item) => item.name).sort()).toEqual(['ana-resume.pdf', 'ana-sides.pdf']);

    // A candidate of another project, or of another opportunity, is refused in the same one query.
    const other = await buildRole(await buildProject(cast.people.PO.user));
    const stranger = await buildApplicant(other, cast.people.PO.user);
    const otherRole = await buildRole(cast.project);
    const sameProject = await buildApplicant(otherRole, cast.people.PO.user);
    for (const submissionIds of [[fx.shared[0]!.id, stranger.id], [sameProject.id]]) {
      const refused = await call('POST', '', { title: 'No', roleId: fx.role.id, submissionIds });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    // A presentation of another project is not found through this one.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${other.projectId}/presentations`,
      headers: cast.headers('SA'),
      payload: { title: 'Elsewhere', roleId: other.id, submissionIds: [stranger.id] },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect((await call('GET', `/${elsewhere.json().id}`)).statusCode).toBe(404);
  });

  it('moves a candidate, chooses media per candidate and changes the layout', async () => {
    const [first, second, third] = made.items.map((item) => item.submissionId);
    let res = await call('PUT', `/${made.id}/items/${third}/position`, { position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    res = await call('PUT', `/${made.id}/items/${first}/position`, { position: 1 });
    expect((res.json() as Detail).items.map((item) => item.submissionId)).toEqual([third, first, second]);

    res = await call('PUT', `/${made.id}/items/${first}/media`, { mediaIds: [docs['ana-sides.pdf']] });
    expect(res.statusCode, res.body).toBe(200);
    // Another candidate's media, and team-only media, are refused.
    for (const name of ['ben-resume.pdf', 'ana-team-notes.pdf']) {
      const refused = await call('PUT', `/${made.id}/items/${first}/media`, { mediaIds: [docs[name]] });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    res = await call('PATCH', `/${made.id}`, { layout: 'pages', title: 'Selects, in order' });
    expect((res.json() as Detail).layout).toBe('pages');
    const list = await call('GET', '');
    expect((list.json() as { items: { id: string }[] }).items.map((item) => item.id)).toContain(made.id);
  });

  it('shares as a client link showing the set order, only the chosen media and the layout', async () => {
    const res = await call('POST', `/${made.id}/share`, {
      settings: { requireIdentification: false, showDocuments: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const secret = res.json().clientLink as string;
    const list = await t.app.inject({ method: 'GET', url: applicantsUrl(secret) });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { items: { submissionId: string }[]; presentationLayout: string };
    expect(body.presentationLayout).toBe('pages');
    const order = [fx.folderRow.id, fx.shared[0]!.id, fx.shared[1]!.id];
    expect(body.items.map((item) => item.submissionId)).toEqual(order);
    const media = async (submissionId: string) => {
      const one = await t.app.inject({ method: 'GET', url: `${applicantsUrl(secret)}/${submissionId}` });
      expect(one.statusCode, one.body).toBe(200);
      return (one.json().media as { name: string }[]).map((item) => item.name);
    };
    expect(await media(fx.shared[0]!.id)).toEqual(['ana-sides.pdf']);
    // Not chosen: whatever the link's settings share.
    expect(await media(fx.shared[1]!.id)).toEqual(['ben-resume.pdf']);
    // The link is a snapshot: a later move does not reorder it.
    await call('PUT', `/${made.id}/items/${fx.shared[1]!.id}/position`, { position: 0 });
    const again = await t.app.inject({ method: 'GET', url: applicantsUrl(secret) });
    expect((again.json() as typeof body).items.map((item) => item.submissionId)).toEqual(order);
  });

  it('prints the PDF by a job, names in the set order and the notes shared with clients, for the team', async () => {
    expect((await call('GET', `/${made.id}/pdf`)).statusCode).toBe(409);
    // Ana's notes: one shared with client links at a time code of her tape, one for the team only.
    const note = async (payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/projects/${cast.project.id}/candidates/${fx.shared[0]!.applicantId}/notes`,
        headers: cast.headers('PE'),
        payload: { roleId: fx.role.id, ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await note({
      body: 'Lovely pause before the line',
      visibility: 'CLIENT_LINKS',
      mediaId: docs['ana-sides.pdf'],
      offsetMs: 7000,
    });
    await note({ body: 'Agent asks too much', visibility: 'TEAM' });
    const asked = await call('POST', `/${made.id}/pdf`);
    expect(asked.statusCode, asked.body).toBe(202);
    let detail: Detail = asked.json();
    for (const deadline = Date.now() + 60_000; detail.pdf.status !== 'READY' && Date.now() < deadline;) {
      expect(detail.pdf.status).not.toBe('FAILED');
      await new Promise((resolve) => setTimeout(resolve, 200));
      detail = (await call('GET', `/${made.id}`)).json();
    }
    expect(detail.pdf).toMatchObject({ status: 'READY', progress: 100 });
    const file = await call('GET', `/${made.id}/pdf`);
    expect(file.statusCode, file.body).toBe(200);
    const bytes = await t.app.inject({
      method: 'GET',
      url: (file.json().url as string).replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(bytes.statusCode).toBe(200);
    const mupdf = await import('mupdf');
    const document = mupdf.Document.openDocument(bytes.rawPayload, 'application/pdf');
    // A cover, one page per candidate, and a page of the shared notes.
    expect(document.countPages()).toBe(5);
    const text = [0, 1, 2, 3, 4]
      .map((n) => document.loadPage(n).toStructuredText('preserve-whitespace').asText())
      .join('\n');
    expect(text).toContain('Selects, in order');
    const names = detail.items.map((item) => item.firstName);
    expect(names).toEqual(['Ben', 'Folded', 'Ana']);
    const at = names.map((name) => text.indexOf(name));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).toContain('[0:07]');
    expect(text).toContain('Lovely pause before the line');
    expect(text).not.toContain('Agent asks too much');

    // Deleting the presentation takes its stored PDF with it (through the storage purge).
    const key = (
      await t.ownerDb
        .select({ pdfKey: presentations.pdfKey })
        .from(presentations)
        .where(eq(presentations.id, made.id))
    )[0]!.pdfKey!;
    expect(await t.context.storage.head(key)).not.toBeNull();
    expect((await call('DELETE', `/${made.id}`)).statusCode).toBe(204);
    await purgeDeletedObjects(t.context);
    expect(await t.context.storage.head(key)).toBeNull();
  });
});
