import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/platform/db/rows';
import type { TestApp } from '../support/app';
import { testDatabase } from '../support/database';
import { buildIdentityApp } from '../support/identity';
import { ACTORS, buildCast, type ActorName, type Cast } from '../support/projects';
import type { Outcome } from '../projects/route-rules';
import { setRetention } from './fixture';
import { RETENTION_ROUTES } from './route-table';

// The retention routes as each actor of the project matrix: only the office's owner (here the super admin, who owns
// the first office) reads its preview; the owner of another office is answered their own office's, never this one's.
let t: TestApp;
let cast: Cast;
let officeId: string;

beforeAll(async () => {
  t = await buildIdentityApp();
  cast = await buildCast(t.app);
  const { db } = await testDatabase();
  const [project] = rowsOf<{ office_id: string }>(
    await db.execute(sql`select office_id from projects where id = ${cast.project.id}`),
  );
  officeId = project!.office_id;
  await setRetention(officeId, 30);
  await db.execute(sql`update projects set archived_at = now() where id = ${cast.project.id}`);
});
afterAll(async () => {
  await setRetention(officeId, null);
  await t.close();
});

const denied = (code: string, status = 403): Outcome => ({ status, code });

interface PreviewPage {
  items: { projectId: string }[];
  nextCursor: string | null;
}

/**
 * How often the cast's project appears in the whole preview. The first office is shared with the rest of the suite,
 * whose earlier archives come first (oldest archive first), so every page is read, not only the first.
 */
async function countOnEveryPage(first: PreviewPage, actor: ActorName): Promise<number> {
  let page = first;
  let count = 0;
  for (;;) {
    count += page.items.filter((item) => item.projectId === cast.project.id).length;
    if (!page.nextCursor) return count;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/offices/current/retention?limit=100&cursor=${page.nextCursor}`,
      headers: cast.headers(actor),
    });
    expect(res.statusCode).toBe(200);
    page = res.json();
  }
}

describe('the retention route table', () => {
  it('is one route, for the office’s owner', () => {
    const registered = t.app.routeAccess
      .filter((entry) => entry.method !== 'HEAD' && entry.url.startsWith('/api/offices/current/retention'))
      .map((entry) => [`${entry.method} ${entry.url}`, entry.access]);
    expect(registered).toEqual(
      Object.entries(RETENTION_ROUTES).map(([route, rule]) => [route, expect.objectContaining(rule)]),
    );
  });
});

describe('GET /api/offices/current/retention', () => {
  it('answers each actor as the rule says, and another office’s owner nothing of this office', async () => {
    const actual: Record<string, Outcome & { projects?: number }> = {};
    for (const actor of ACTORS) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/offices/current/retention',
        headers: cast.headers(actor),
      });
      const outcome: Outcome & { projects?: number } = { status: res.statusCode };
      if (res.statusCode >= 400) outcome.code = res.json().code;
      else outcome.projects = await countOnEveryPage(res.json(), actor);
      actual[actor] = outcome;
    }
    expect(actual).toEqual({
      anonymous: denied('UNAUTHENTICATED', 401),
      talent: denied('TALENT_NOT_ALLOWED'),
      nonMember: denied('FORBIDDEN'),
      otherOffice: { status: 200, projects: 0 },
      TS: denied('FORBIDDEN'),
      TE: denied('FORBIDDEN'),
      PE: denied('FORBIDDEN'),
      PO: denied('FORBIDDEN'),
      SA: { status: 200, projects: 1 },
    });
  });
});
