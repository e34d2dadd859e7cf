import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { createLinks, tokenOf } from './helpers';

/** One project with its team and two opportunities, Lead and Friend: what every submission link test starts from. */
export interface LinksFixture {
  t: TestApp;
  cast: Cast;
  roleA: { id: string };
  roleB: { id: string };
}

export async function buildLinksFixture(): Promise<LinksFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  const roleA = await buildRole(cast.project, { name: 'Lead' });
  const roleB = await buildRole(cast.project, { name: 'Friend' });
  return { t, cast, roleA, roleB };
}

export function privateTokenFrom(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no token in ${text}`);
  return match[1]!;
}

/** The calls submission link tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function linksCalls(fixture: () => Pick<LinksFixture, 't' | 'cast' | 'roleA'>) {
  const url = (path: string) => `/api/v2/projects/${fixture().cast.project.id}${path}`;

  async function newLink(body: Record<string, unknown> = {}) {
    const { t, cast, roleA } = fixture();
    const [link] = await createLinks(t.app, cast.headers('PO'), cast.project.id, {
      roleIds: [roleA.id],
      ...body,
    });
    return { ...link!, token: tokenOf(link!.link) };
  }

  const apply = (payload: Record<string, unknown>) =>
    fixture().t.app.inject({ method: 'POST', url: '/api/v2/applicants/standalone', payload });

  return { url, newLink, apply };
}
