import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareLinkUpsertSchema } from '@casting/domain';
import { upsertShareLinks } from '../../src/modules/links/link-groups';
import type { TestApp } from '../support/app';
import { buildTestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildCast, buildRole, type Cast } from '../support/projects';

let t: TestApp;
let cast: Cast;
let roleId: string;
let openLink: string;

beforeAll(async () => {
  t = await buildTestApp();
  cast = await buildCast(t.app);
  const role = await buildRole(cast.project, { name: 'Lighthouse keeper' });
  roleId = role.id;
  const { db } = await testDatabase();
  const [link] = await upsertShareLinks(
    db,
    t.context.config.publicUrl,
    cast.project.id,
    { userId: cast.people.PO.user.id, actor: 'PO' },
    shareLinkUpsertSchema.parse({ title: 'Open call', roleIds: [role.id] }),
  );
  openLink = link!.link;
});
afterAll(() => t.close());

const breakdown = () => t.app.inject({ method: 'GET', url: `/api/v2/project-share/${cast.project.id}` });
const page = () =>
  t.app.inject({ method: 'GET', url: `/project-share/${cast.project.id}`, headers: { accept: 'text/html' } });

describe('the project share page', () => {
  it('is private until published; publishing shows the breakdown and link previews; unpublishing hides it at once', async () => {
    expect((await breakdown()).statusCode).toBe(404);
    expect((await page()).body).not.toContain('og:title');

    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/projects/${cast.project.id}/share`,
      headers: cast.headers('TE'),
      payload: { published: true },
    });
    expect(refused.statusCode).toBe(403);

    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/projects/${cast.project.id}/share`,
      headers: cast.headers('PE'),
      payload: { published: true },
    });
    expect(published.json()).toMatchObject({ published: true });

    const res = await breakdown();
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(cast.project.name);
    const opportunity = res.json().opportunities.find((item: { id: string }) => item.id === roleId);
    expect(opportunity.links).toEqual([{ title: 'Open call', url: openLink }]);
    // Nothing about the team or the candidates is in the public answer.
    expect(res.body).not.toContain(cast.people.PO.user.email);

    const html = (await page()).body;
    expect(html).toContain(`<meta property="og:title" content="${cast.project.name}" />`);
    expect(html).toContain('<meta property="og:image"');
    expect(html).toContain(`<title>${cast.project.name}</title>`);

    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/projects/${cast.project.id}/share`,
      headers: cast.headers('PO'),
      payload: { published: false },
    });
    expect((await breakdown()).statusCode).toBe(404);
    expect((await page()).body).not.toContain('og:title');
  });

  it('an archived project answers as unpublished; restoring it brings the published page back', async () => {
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/v2/projects/${cast.project.id}/share`,
      headers: cast.headers('PO'),
      payload: { published: true },
    });
    expect(published.json()).toMatchObject({ published: true });
    expect((await breakdown()).statusCode).toBe(200);

    const archive = (archived: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/projects/archive/${cast.project.id}?archived=${archived}`,
        headers: cast.headers('PO'),
      });
    const archived = await archive(true);
    expect(archived.statusCode, archived.body).toBe(200);
    const hidden = await breakdown();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('NOT_FOUND');
    expect(hidden.body).not.toContain(cast.project.name);
    expect((await page()).body).not.toContain('og:title');

    expect((await archive(false)).statusCode).toBe(200);
    expect((await breakdown()).statusCode).toBe(200);
    expect((await page()).body).toContain('og:title');
  });

  it('escapes what the project says about itself in the page head', async () => {
    const { db } = await testDatabase();
    const { projects } = await import('../../src/platform/db/schema');
    const { eq } = await import('drizzle-orm');
    await db
      .update(projects)
      .set({ description: '"><script>alert(1)</script> $& $1' })
      .where(eq(projects.id, cast.project.id));
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2/projects/${cast.project.id}/share`,
      headers: cast.headers('PO'),
      payload: { published: true },
    });
    const html = (await page()).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; $&#38; $1');
  });
});
