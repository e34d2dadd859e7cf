import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { buildApplicant, placeInFolder } from '../support/candidates';
import { buildIdentityApp, latestCode, newestOutboxId, uniqueEmail } from '../support/identity';
import { buildCast, buildFolder, buildRole, type Cast } from '../support/projects';

type Row = { id: string; applicantId: string };

/** One project with an opportunity: two candidates to share, one to keep hidden, and one in a "Callbacks" folder. */
export interface LinkFixture {
  t: TestApp;
  cast: Cast;
  role: { id: string; projectId: string };
  shared: Row[];
  hidden: Row;
  folderId: string;
  folderRow: Row;
}

export async function buildLinkFixture(): Promise<LinkFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  const role = await buildRole(cast.project);
  const owner = cast.people.PO.user;
  const shared = [
    await buildApplicant(role, owner, { firstName: 'Ana', email: uniqueEmail('ana'), phone: '+15555550101' }),
    await buildApplicant(role, owner, { firstName: 'Ben', email: uniqueEmail('ben') }),
  ];
  const hidden = await buildApplicant(role, owner, { firstName: 'Hidden', email: uniqueEmail('hidden') });
  const folder = await buildFolder(role, 'Callbacks');
  const folderRow = await buildApplicant(role, owner, { firstName: 'Folded' });
  await placeInFolder(folderRow, folder.id, cast.project.id);
  return { t, cast, role, shared, hidden, folderId: folder.id, folderRow };
}

/** The calls client-link tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function linkCalls(fixture: () => Pick<LinkFixture, 't' | 'cast'>) {
  async function createLink(body: Record<string, unknown>, actor: 'PO' | 'PE' | 'SA' = 'PO') {
    const { t, cast } = fixture();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/projects/${cast.project.id}/client-links`,
      headers: cast.headers(actor),
      payload: { title: 'Selects for the producer', ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; clientLink: string; link: string; settings: Record<string, boolean> };
  }

  /** Identifies a viewer on a link with the code mailed to them; returns the viewer's session headers. */
  async function identify(secret: string, name = 'Paula Producer', email = uniqueEmail('producer')) {
    const { t } = fixture();
    // Someone identifying again waits for the new code's mail, not the last one's.
    const after = await newestOutboxId(t.app, email);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${secret}/identify`,
      payload: { name, email },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { code } = await latestCode(t.app, email, { after });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v2/client-links/${secret}/verify`,
      payload: { email, code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json() as { viewerToken: string; viewer: { id: string; name: string } };
    return { ...session, headers: { 'x-client-viewer': session.viewerToken }, email };
  }

  const applicantsUrl = (secret: string, projectId = fixture().cast.project.id) =>
    `/api/projects/${projectId}/applicants/${secret}`;

  return { createLink, identify, applicantsUrl };
}
