import { randomUUID } from 'node:crypto';
import { mediaItems } from '../../src/platform/db/schema';
import { buildMediaApp, type MediaApp } from './support';

/** A media app with one project and one candidate in it: what every media access test starts from. */
export interface AccessFixture {
  t: MediaApp;
  applicantId: string;
  projectId: string;
}

export async function buildAccessFixture(): Promise<AccessFixture> {
  const t = await buildMediaApp();
  const projectId = t.cast.project.id;
  const applicantId = (await t.applicant()).applicantId;
  return { t, applicantId, projectId };
}

/** The calls media access tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function accessCalls(fixture: () => AccessFixture) {
  const po = () => fixture().t.cast.headers('PO');

  async function item(values: Partial<typeof mediaItems.$inferInsert> = {}) {
    const { t, projectId, applicantId } = fixture();
    const [row] = await t.ownerDb
      .insert(mediaItems)
      .values({
        projectId,
        applicantId,
        kind: 'image',
        originalKey: `PM/RoleSideDocuments/${projectId}/${randomUUID()}`,
        name: 'photo.jpg',
        contentType: 'image/jpeg',
        size: 10,
        ...values,
      })
      .returning();
    return row!;
  }

  async function api(method: string, url: string, headers: Record<string, string>, payload?: object) {
    const res = await fixture().t.app.inject({
      method: method as 'POST',
      url,
      headers,
      ...(payload ? { payload } : {}),
    });
    return res;
  }

  return { po, item, api };
}
