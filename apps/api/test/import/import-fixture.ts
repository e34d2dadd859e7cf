import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ImportJob, Role } from '@casting/domain';
import type { TestApp } from '../support/app';
import { buildIdentityApp } from '../support/identity';
import { testDatabase } from '../support/database';
import { submissions } from '../../src/platform/db/schema';
import { buildCast, type Cast } from '../support/projects';

/** One project with its team: what every import test starts from. */
export interface ImportFixture {
  t: TestApp;
  cast: Cast;
}

export async function buildImportFixture(): Promise<ImportFixture> {
  const t = await buildIdentityApp();
  const cast = await buildCast(t.app);
  return { t, cast };
}

export const MAPPING = { firstName: 0, lastName: 1, email: 2, phone: 3, dateOfBirth: 4, skills: 5 };

/**
 * A sheet as offices export them: a byte-order mark, CRLF line ends, accents, quoted cells with commas and quotes,
 * blank lines, the same person twice, and bad addresses. `people` good rows follow the awkward ones.
 */
export function realWorldCsv(people: number, tag: string): { csv: string; bad: number } {
  const lines = [
    'First name,Last name,E-mail,Phone,Date of birth,Skills',
    `Zoë,Ñúñez-García,zoe.${tag}@example.com,+14155550101,1990-04-12,"Dancer, singer"`,
    '',
    `"José ""Pepe""",O'Brien,jose.${tag}@example.com,,15/06/1985,Stage combat;Horse riding`,
    `Anaïs,Lefèvre,not-an-email,,,`,
    '   ',
    `Zoë,Ñúñez-García,ZOE.${tag}@example.com,,,`,
    `,Nameless,nameless.${tag}@example.com,,,`,
    `Björk,Guðmundsdóttir,bjork.${tag}@example,,,`,
  ];
  for (let index = 0; index < people; index++) {
    lines.push(`Person${index},Ölander,p${index}.${tag}@example.com,,,`);
  }
  return { csv: '\uFEFF' + lines.join('\r\n') + '\r\n', bad: 4 };
}

export async function countIn(role: Role) {
  const { db } = await testDatabase();
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.roleId, role.id));
  return row!.count;
}

/** The calls import tests make, bound to the file's fixture (read lazily: it exists after beforeAll). */
export function importCalls(fixture: () => ImportFixture) {
  async function sendFile(headers: Record<string, string>, body: string | Buffer, name = 'people.csv') {
    const res = await fixture().t.app.inject({
      method: 'PUT',
      url: `/api/import/files?kind=SHEET&name=${encodeURIComponent(name)}`,
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ fileId: string; name: string; size: number }>();
  }

  const post = (url: string, payload: object, headers = fixture().cast.headers('PO')) =>
    fixture().t.app.inject({ method: 'POST', url: `/api/import/${url}`, headers, payload });

  async function waitForJob(id: string, headers = fixture().cast.headers('PO')): Promise<ImportJob> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fixture().t.app.inject({ method: 'GET', url: `/api/import/jobs/${id}`, headers });
      const job = res.json<ImportJob>();
      if (job.status === 'DONE' || job.status === 'FAILED' || Date.now() > deadline) return job;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  return { sendFile, post, waitForJob };
}
