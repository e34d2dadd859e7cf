import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadGrant } from '../../src/modules/media';
import { mediaUploadFailures } from '../../src/platform/db/schema';
import { buildProject } from '../support/projects';
import { UploadClient } from './client';
import { buildMediaApp, type MediaApp } from './support';

let t: MediaApp;
beforeAll(async () => {
  t = await buildMediaApp();
}, 60_000);
afterAll(() => t.close());

describe('upload failures on the admin scripts page', () => {
  it('lists a project’s reported failures newest first, keyset paged, for super admins only', async () => {
    const projectId = t.cast.project.id;
    const staff = new UploadClient(t.origin, t.cast.headers('PE'));
    const page = new UploadClient(t.origin, {});
    const first = await staff.call('/media-management/upload-failed', {
      projectId,
      error: 'Upload incomplete - some chunks failed',
      context: { fileName: 'tape.mp4', size: 12 },
    });
    expect(first.status).toBe(201);
    const second = await page.call('/media-management/upload-failed', {
      uploadGrant: createUploadGrant(t.context.config, { projectId }),
      error: 'Maximum retries reached for me.jpg',
      context: { fileName: 'me.jpg' },
    });
    expect(second.status).toBe(201);
    // Another project's failure is not listed.
    const other = await buildProject(t.cast.people.PO.user);
    await t.ownerDb.insert(mediaUploadFailures).values({ projectId: other.id, error: 'elsewhere' });

    const url = `/api/projects/${projectId}/upload-failures`;
    const one = await t.app.inject({ method: 'GET', url: `${url}?limit=1`, headers: t.cast.headers('SA') });
    expect(one.statusCode).toBe(200);
    expect(one.json().items).toEqual([
      expect.objectContaining({
        error: 'Maximum retries reached for me.jpg',
        source: 'APPLY_PAGE',
        reporter: null,
        context: { fileName: 'me.jpg' },
      }),
    ]);
    expect(one.json().nextCursor).toEqual(expect.any(String));
    const two = await t.app.inject({
      method: 'GET',
      url: `${url}?limit=1&cursor=${one.json().nextCursor}`,
      headers: t.cast.headers('SA'),
    });
    expect(two.json().items).toEqual([
      expect.objectContaining({
        error: 'Upload incomplete - some chunks failed',
        source: 'STAFF',
        reporter: { name: expect.any(String), email: t.cast.people.PE.user.email },
      }),
    ]);
    expect(two.json().nextCursor).toBeNull();

    for (const actor of ['PO', 'PE'] as const) {
      const refused = await t.app.inject({ method: 'GET', url, headers: t.cast.headers(actor) });
      expect(refused.statusCode).toBe(403);
    }
    const badCursor = await t.app.inject({
      method: 'GET',
      url: `${url}?cursor=nonsense`,
      headers: t.cast.headers('SA'),
    });
    expect(badCursor.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/projects/00000000-0000-4000-8000-000000000000/upload-failures',
      headers: t.cast.headers('SA'),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
