import { eq } from 'drizzle-orm';
import type { Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { buildCast, buildRole, type Cast } from '../support/projects';
import { testDatabase } from '../support/database';
import { applicants } from '../../src/platform/db/schema';

/** Two projects of one office, each with its team and one opportunity: what every roster test starts from. */
export interface RosterFixture {
  t: TestApp;
  cast: Cast;
  other: Cast;
  role: Role;
  otherRole: Role;
}

export async function buildRosterFixture(): Promise<RosterFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  const other = await buildCast(t.app);
  const role = await buildRole(cast.project, { name: 'Lead' });
  const otherRole = await buildRole(other.project, { name: 'Villain' });
  return { t, cast, other, role, otherRole };
}

export interface OutboxItem {
  subject: string;
  text: string;
  html: string | null;
}

/** The calls roster tests make, bound to the app the file's fixture builds (read lazily: it exists after beforeAll). */
export function rosterCalls(app: () => TestApp) {
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => app().app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

  const personOf = async (applicantId: string) => {
    const { db } = await testDatabase();
    const [row] = await db
      .select({ personId: applicants.personId })
      .from(applicants)
      .where(eq(applicants.id, applicantId));
    return row!.personId!;
  };

  /** What the development outbox holds for one address, newest first. */
  const outbox = async (to: string): Promise<OutboxItem[]> => {
    const res = await app().app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=50`,
    });
    return res.json().items;
  };

  const outboxSubjects = async (to: string) => (await outbox(to)).map((item) => item.subject);

  return { api, personOf, outbox, outboxSubjects };
}
