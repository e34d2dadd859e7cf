import { and, eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, searchFold, type ImportRowProblem, type ImportRunRequest } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import { applicants, people } from '../../platform/db/schema';
import type { CheckedRow, ValidRow } from './rows';

// The people of a file its target already knows, by e-mail, and those it likely knows, by names and date of birth.

const BATCH = 1000;

/** The people a target already holds: a project's applicants, or the office's people. */
function known(target: ImportRunRequest['target']) {
  return target.type === 'ROSTER'
    ? {
        email: people.email,
        firstName: people.firstName,
        lastName: people.lastName,
        dateOfBirth: people.dateOfBirth,
        table: people,
        scope: sql`true`,
      }
    : {
        email: applicants.email,
        firstName: applicants.firstName,
        lastName: applicants.lastName,
        dateOfBirth: applicants.dateOfBirth,
        table: applicants,
        scope: eq(applicants.projectId, target.projectId),
      };
}

/** E-mails of the file the target already knows (one unique-index lookup per thousand addresses). */
export async function existingEmails(
  db: Queryable,
  target: ImportRunRequest['target'],
  emails: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const columns = known(target);
  for (let start = 0; start < emails.length; start += BATCH) {
    const rows = await db
      .select({ email: columns.email })
      .from(columns.table)
      .where(and(columns.scope, inArray(columns.email, emails.slice(start, start + BATCH))));
    for (const row of rows) if (row.email) found.add(row.email);
  }
  return found;
}

/** Valid rows without a known e-mail whose name and date of birth match a person of the project: likely the same. */
export async function possibleDuplicates(
  db: Queryable,
  target: ImportRunRequest['target'],
  rows: readonly CheckedRow[],
  knownEmails: Set<string>,
) {
  const columns = known(target);
  const candidates = rows.filter(
    (row): row is CheckedRow & { check: ValidRow } =>
      row.check.ok &&
      !!row.check.person.dateOfBirth &&
      !(row.check.person.email && knownEmails.has(row.check.person.email)),
  );
  const dates = [...new Set(candidates.map((row) => row.check.person.dateOfBirth!))];
  const found: { name: string; dateOfBirth: string | null }[] = [];
  for (let start = 0; start < dates.length; start += BATCH) {
    found.push(
      ...(await db
        .select({
          name: sql<string>`${columns.firstName} || ' ' || ${columns.lastName}`,
          dateOfBirth: columns.dateOfBirth,
        })
        .from(columns.table)
        .where(and(columns.scope, inArray(columns.dateOfBirth, dates.slice(start, start + BATCH))))),
    );
  }
  const keys = new Set(found.map((person) => `${searchFold(person.name)}|${person.dateOfBirth}`));
  return candidates
    .filter((row) =>
      keys.has(
        `${searchFold(`${row.check.person.firstName} ${row.check.person.lastName}`)}|${row.check.person.dateOfBirth}`,
      ),
    )
    .map((row) => ({
      row: row.rowNumber,
      name: row.check.name,
      reason: IMPORT_MESSAGES.possibleDuplicate,
    }));
}

/**
 * Into an opportunity, the office roster is checked too (a person the office knows is not new even when this project
 * never saw them): a row whose e-mail a roster person has joins that person (the applicant trigger links by e-mail,
 * filling only their blank details), said so; else the same folded names and date of birth as a roster person is a
 * likely duplicate, as in the roster's own rule (names and date of birth never link on their own). Rows already
 * known to the project or flagged against it are left out. Both lookups are index-backed: `people_email_key`, and
 * `people_identity_idx` on the folded names and date of birth.
 */
export async function rosterDuplicates(
  db: Queryable,
  rows: readonly CheckedRow[],
  skip: (row: CheckedRow & { check: ValidRow }) => boolean,
): Promise<ImportRowProblem[]> {
  const open = rows.filter(
    (row): row is CheckedRow & { check: ValidRow } =>
      row.check.ok && !skip(row as CheckedRow & { check: ValidRow }),
  );
  const emails = [
    ...new Set(open.flatMap((row) => (row.check.person.email ? [row.check.person.email] : []))),
  ];
  const rosterEmails = new Set<string>();
  for (let start = 0; start < emails.length; start += BATCH) {
    const found = await db
      .select({ email: people.email })
      .from(people)
      .where(inArray(people.email, emails.slice(start, start + BATCH)));
    for (const row of found) if (row.email) rosterEmails.add(row.email);
  }
  const byName = open.filter(
    (row) =>
      !!row.check.person.dateOfBirth && !(row.check.person.email && rosterEmails.has(row.check.person.email)),
  );
  // Row numbers whose folded names and date of birth a roster person has (one probe of people_identity_idx each).
  const likely = new Set<number>();
  const NAME_BATCH = 200;
  for (let start = 0; start < byName.length; start += NAME_BATCH) {
    const found = (await db.execute(
      rosterIdentityStatement(
        byName.slice(start, start + NAME_BATCH).map((row) => ({
          rowNumber: row.rowNumber,
          firstName: row.check.person.firstName,
          lastName: row.check.person.lastName,
          dateOfBirth: row.check.person.dateOfBirth!,
        })),
      ),
    )) as unknown as { rows: { n: number }[] };
    for (const row of found.rows) likely.add(Number(row.n));
  }
  return open.flatMap((row): ImportRowProblem[] => {
    if (row.check.person.email && rosterEmails.has(row.check.person.email)) {
      return [{ row: row.rowNumber, name: row.check.name, reason: IMPORT_MESSAGES.inOfficeRoster }];
    }
    return likely.has(row.rowNumber)
      ? [{ row: row.rowNumber, name: row.check.name, reason: IMPORT_MESSAGES.possibleRosterDuplicate }]
      : [];
  });
}

/**
 * The row numbers whose folded names and date of birth a roster person has: a VALUES list probed against
 * `people_identity_idx` (the plan test reads it). Exported for that test.
 */
export function rosterIdentityStatement(
  rows: readonly { rowNumber: number; firstName: string; lastName: string; dateOfBirth: string }[],
) {
  const values = rows.map(
    (row) =>
      sql`(${row.rowNumber}::int, candidate_sort_fold(${row.lastName}), candidate_sort_fold(${row.firstName}), ${row.dateOfBirth}::date)`,
  );
  // A lateral probe with LIMIT 1 per row: one index lookup each, never a scan of the whole roster to hash it.
  return sql`select r.n from (values ${sql.join(values, sql`, `)}) as r(n, l, f, d)
    cross join lateral (select 1 from people p where p.sort_last_name = r.l and p.sort_first_name = r.f
      and p.date_of_birth = r.d and p.date_of_birth is not null limit 1) as known`;
}
