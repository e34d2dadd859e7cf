import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client';
import {
  applicants,
  applicantTags,
  folderMemberships,
  folders,
  people,
  projectAccesses,
  projects,
  roles,
  submissions,
  tags,
  users,
  votes,
} from '../platform/db/schema';
import { loadDemoData } from './demo-data';
import { DEMO_PROJECTS, DEMO_USERS } from './demo-data-content';

/**
 * Every table the demo office writes to (demo-data.ts, demo-candidates.ts, and the roster trigger that files each
 * applicant as a person), in the order their dates are moved. Applicants come before submissions: moving an
 * applicant's date of birth makes a trigger copy it onto their submissions (migration 0023).
 */
const OFFICE_TABLES: readonly PgTable[] = [
  users,
  projects,
  roles,
  folders,
  projectAccesses,
  tags,
  people,
  applicants,
  submissions,
  folderMemberships,
  votes,
  applicantTags,
];

/**
 * Dates of the office that stand for "so long before now" (ages): moved with it, by whole days. Submissions carry a
 * copy of the applicant's, which the applicant's trigger keeps in step.
 */
const RELATIVE_DATES = new Set<unknown>([applicants.dateOfBirth, people.dateOfBirth]);

const DEMO_EMAILS = new Set(DEMO_USERS.map((user) => user.email));

/**
 * Whether a first start may copy the build's seed that already holds the demo office. Not when the first admin's
 * address is a demo account's: written at start, the office would make that admin the account (its insert skips an
 * existing address), which a prepared office cannot.
 */
export function demoSeedFits(adminEmail: string): boolean {
  return !DEMO_EMAILS.has(adminEmail.toLowerCase());
}

/**
 * The demo office for the first admin's first start: when the data directory came from the build's seed with the
 * office in it, its dates are brought up to now; otherwise (PostgreSQL, running from source, an admin address of the
 * demo team) it is written.
 */
export async function provideDemoOffice(db: Db, log: FastifyBaseLogger, adminEmail: string): Promise<void> {
  if (await bringDemoOfficeToNow(db, log)) return;
  await loadDemoData(db, log, adminEmail);
}

/**
 * Moves every moment the demo office holds (submitted, created, confirmed, accepted...) and the birth dates forward by
 * the time since it was written, so that it reads as written now: submissions minutes to days old, the same ages.
 * Calendar dates in the office's content (deadlines, shoot dates) are fixed and stay. The office was written in one
 * transaction, whose moment every `created_at` default took: its projects are the demo owner's demo projects of that
 * moment, and only their rows, the demo accounts and the office's people move. Returns false when there is no demo
 * office to move.
 */
export async function bringDemoOfficeToNow(db: Db, log: FastifyBaseLogger): Promise<boolean> {
  const owner = DEMO_PROJECTS[0]!.ownerEmail;
  const moved = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: projects.id, writtenAt: projects.createdAt })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.ownerId))
      .where(
        and(
          eq(users.email, owner),
          inArray(
            projects.name,
            DEMO_PROJECTS.map((project) => project.name),
          ),
        ),
      )
      .orderBy(desc(projects.createdAt));
    const writtenAt = found[0]?.writtenAt;
    if (!writtenAt) return false;
    const ids = found
      .filter((project) => project.writtenAt.getTime() === writtenAt.getTime())
      .map((p) => p.id);
    const officeRows = (table: PgTable): SQL => {
      if (table === users) return inArray(users.email, [...DEMO_EMAILS]);
      if (table === projects) return inArray(projects.id, ids);
      if (table === people) {
        const filed = tx
          .select({ id: applicants.personId })
          .from(applicants)
          .where(inArray(applicants.projectId, ids));
        return inArray(people.id, filed);
      }
      const project = getTableConfig(table).columns.find((column) => column.name === 'project_id');
      if (!project) throw new Error(`Demo office table ${getTableConfig(table).name} has no project_id`);
      return inArray(project, ids);
    };
    const shift = sql`(now() - ${writtenAt.toISOString()}::timestamptz)`;
    const days = sql`extract(day from ${shift})::int`;
    for (const table of OFFICE_TABLES) {
      const moves: SQL[] = [];
      for (const column of getTableConfig(table).columns) {
        const name = sql.identifier(column.name);
        if (column.columnType === 'PgTimestamp' || column.columnType === 'PgTimestampString') {
          moves.push(sql`${name} = ${name} + ${shift}`);
        } else if (RELATIVE_DATES.has(column)) {
          moves.push(sql`${name} = ${name} + ${days}`);
        }
      }
      if (moves.length > 0)
        await tx.execute(sql`update ${table} set ${sql.join(moves, sql`, `)} where ${officeRows(table)}`);
    }
    return true;
  });
  if (moved) log.info({ projects: DEMO_PROJECTS.length, users: DEMO_USERS.length }, 'demo data loaded');
  return moved;
}
