import type { Readable } from 'node:stream';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_SHEET_MAX_BYTES,
  IMPORT_ZIP_MAX_BYTES,
  searchFold,
  type ImportDryRun,
  type ImportFile,
  type ImportJob,
  type ImportJobList,
  type ImportJobListQuery,
  type ImportPreview,
  type ImportRowProblem,
  type ImportRunRequest,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { applicants, importJobs, importRows, people } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import { assertProjectPermission, type Principal } from '../../platform/http/access';
import { projectStanding } from '../../platform/http/project-access';
import { roleInProject } from '../opportunities';
import { checkMedia, openMediaZip } from './media-zip';
import { readSheet, type Sheet } from './parse';
import {
  assertMapping,
  checkRow,
  duplicatesInFile,
  suggestMapping,
  type InvalidRow,
  type ValidRow,
} from './rows';

export const IMPORT_QUEUE = 'import-run';
export interface ImportRunJob {
  jobId: string;
}

/**
 * Who may import (spec section 2 and 6): staff but casting assistants, for whom the page is hidden. Into an
 * opportunity the project's matrix decides on top (ADD_REMOVE_APPLICANT), as for adding a candidate by hand.
 */
export function assertMayImport(principal: Principal): void {
  if (principal.roleCode === 'CASTING_ASSISTANT') throw new AppError('FORBIDDEN', IMPORT_MESSAGES.notAllowed);
}

const filePrefix = (userId: string) => `imports/${userId}/`;

/** Stores an uploaded sheet or media zip under the caller's own prefix; its key is the file id later calls name. */
export async function storeFile(
  context: AppContext,
  principal: Principal,
  input: { kind: 'SHEET' | 'MEDIA_ZIP'; length: number | null; body: Readable },
): Promise<ImportFile> {
  assertMayImport(principal);
  const max = input.kind === 'SHEET' ? IMPORT_SHEET_MAX_BYTES : IMPORT_ZIP_MAX_BYTES;
  if (input.length === null || !Number.isFinite(input.length)) {
    input.body.resume();
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.sizeRequired);
  }
  if (input.length > max) {
    input.body.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge(max / 1024 / 1024));
  }
  const key = context.storage.newKey(filePrefix(principal.userId) + input.kind.toLowerCase());
  const type = input.kind === 'SHEET' ? 'application/octet-stream' : 'application/zip';
  await context.storage.putObject(key, input.body, type, input.length);
  return { fileId: key, name: '', size: input.length };
}

/** The caller's own uploaded file as bytes; another user's id, or a purged file, is "not available". */
async function loadFile(context: AppContext, userId: string, fileId: string): Promise<Buffer> {
  const gone = () => new AppError('NOT_FOUND', IMPORT_MESSAGES.fileNotFound);
  if (!fileId.startsWith(filePrefix(userId)) || fileId.includes('..')) throw gone();
  const stream = await context.storage.getObjectStream(fileId).catch(() => null);
  if (!stream) throw gone();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function loadSheet(context: AppContext, userId: string, fileId: string): Promise<Sheet> {
  return readSheet(await loadFile(context, userId, fileId));
}

/** The header, the first rows (padded to the header's width) and the mapping its headers suggest. */
export async function previewFile(
  context: AppContext,
  principal: Principal,
  fileId: string,
): Promise<ImportPreview> {
  assertMayImport(principal);
  const sheet = await loadSheet(context, principal.userId, fileId);
  const width = sheet.columns.length;
  return {
    columns: sheet.columns.map((column, index) => column || `Column ${index + 1}`),
    rows: sheet.rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((row) => Array.from({ length: width }, (_, index) => row.cells[index] ?? '')),
    rowCount: sheet.rows.length,
    suggestedMapping: suggestMapping(sheet.columns),
  };
}

/**
 * The target checked for the caller. The office roster is open to whoever may import (super admins and admins but
 * assistants, as the roster page); an opportunity also needs the project's matrix (ADD_REMOVE_APPLICANT), then the
 * opportunity in that project.
 */
async function assertTarget(db: Db, principal: Principal, target: ImportRunRequest['target']) {
  if (target.type === 'ROSTER') return;
  const { actor } = await projectStanding(db, principal, target.projectId);
  assertProjectPermission(actor, 'ADD_REMOVE_APPLICANT');
  await roleInProject(db, target.projectId, target.roleId);
}

interface CheckedRow {
  rowNumber: number;
  cells: string[];
  check: ValidRow | InvalidRow;
}

/** Every row checked: the field rules, then repeats of an earlier row of the file. */
function checkSheet(sheet: Sheet, request: Pick<ImportRunRequest, 'mapping' | 'target'>): CheckedRow[] {
  const checked = sheet.rows.map((row) => ({
    rowNumber: row.rowNumber,
    cells: row.cells,
    check: checkRow(row, request.mapping, request.target) as ValidRow | InvalidRow,
  }));
  const duplicates = duplicatesInFile(checked);
  for (const row of checked) {
    const earlier = duplicates.get(row.rowNumber);
    if (earlier !== undefined) {
      row.check = { ok: false, name: row.check.name, reason: IMPORT_MESSAGES.duplicateInFile(earlier) };
    }
  }
  return checked;
}

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
async function existingEmails(
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
async function possibleDuplicates(
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
async function rosterDuplicates(
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

/** Everything the import would do, without writing: counts, every failing row with its reason, likely duplicates. */
export async function dryRun(
  context: AppContext,
  principal: Principal,
  request: ImportRunRequest,
): Promise<ImportDryRun> {
  assertMayImport(principal);
  const { db } = context.database;
  await assertTarget(db, principal, request.target);
  const sheet = await loadSheet(context, principal.userId, request.fileId);
  assertRequestMapping(request, sheet.columns.length);
  const rows = checkSheet(sheet, request);
  if (request.mediaZipId) {
    await loadFileHead(context, principal.userId, request.mediaZipId);
    const zip = await openMediaZip(context, request.mediaZipId);
    try {
      checkMedia(rows, zip);
    } finally {
      await zip.dispose();
    }
  } else checkMedia(rows, null);
  const emails = [
    ...new Set(
      rows.flatMap((row) => (row.check.ok && row.check.person.email ? [row.check.person.email] : [])),
    ),
  ];
  const knownEmails = await existingEmails(db, request.target, emails);
  const failed: ImportRowProblem[] = rows.flatMap((row) =>
    row.check.ok ? [] : [{ row: row.rowNumber, name: row.check.name, reason: row.check.reason }],
  );
  const valid = rows.filter((row) => row.check.ok);
  const projectDuplicates = await possibleDuplicates(db, request.target, rows, knownEmails);
  const flagged = new Set(projectDuplicates.map((problem) => problem.row));
  const roster =
    request.target.type === 'OPPORTUNITY'
      ? await rosterDuplicates(
          db,
          rows,
          (row) =>
            flagged.has(row.rowNumber) ||
            (!!row.check.person.email && knownEmails.has(row.check.person.email)),
        )
      : [];
  return {
    total: rows.length,
    valid: valid.length,
    existing: valid.filter(
      (row) => row.check.ok && row.check.person.email && knownEmails.has(row.check.person.email),
    ).length,
    failed,
    possibleDuplicates: [...projectDuplicates, ...roster].sort((a, b) => a.row - b.row),
  };
}

/** The mapping's own rules, and media only where there is an applicant to hold it (an opportunity). */
function assertRequestMapping(request: ImportRunRequest, columnCount: number): void {
  assertMapping(request.mapping, columnCount);
  if (request.target.type === 'ROSTER' && request.mapping.media !== undefined) {
    throw fieldErrors([{ path: 'body.mapping.media', message: IMPORT_MESSAGES.mediaOnlyIntoOpportunity }]);
  }
}

/** Checks what can be checked up front, records the job and queues it in the same transaction. */
export async function startImport(
  context: AppContext,
  principal: Principal,
  request: ImportRunRequest,
): Promise<ImportJob> {
  assertMayImport(principal);
  const { db } = context.database;
  await assertTarget(db, principal, request.target);
  const sheet = await loadSheet(context, principal.userId, request.fileId);
  assertRequestMapping(request, sheet.columns.length);
  if (request.mediaZipId) await loadFileHead(context, principal.userId, request.mediaZipId);
  const row = await db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({
        createdById: principal.userId,
        target: request.target.type,
        projectId: request.target.type === 'OPPORTUNITY' ? request.target.projectId : null,
        roleId: request.target.type === 'OPPORTUNITY' ? request.target.roleId : null,
        fileKey: request.fileId,
        fileName: request.fileName,
        mediaZipKey: request.mediaZipId ?? null,
        mapping: request.mapping as Record<string, number>,
        total: sheet.rows.length,
      })
      .returning();
    await context.jobs.send<ImportRunJob>(IMPORT_QUEUE, { jobId: job!.id }, { tx });
    return job!;
  });
  return jobView(row);
}

async function loadFileHead(context: AppContext, userId: string, fileId: string): Promise<void> {
  if (!fileId.startsWith(filePrefix(userId)) || !(await context.storage.head(fileId).catch(() => null))) {
    throw new AppError('NOT_FOUND', IMPORT_MESSAGES.fileNotFound);
  }
}

type JobRow = typeof importJobs.$inferSelect;

export function jobView(row: JobRow): ImportJob {
  return {
    id: row.id,
    status: row.status as ImportJob['status'],
    fileName: row.fileName,
    target: row.target as ImportJob['target'],
    projectId: row.projectId,
    roleId: row.roleId,
    total: row.total,
    processed: row.processed,
    imported: row.imported,
    existing: row.existing,
    failed: row.failed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** One of the caller's imports (a super admin may read any); another user's id reads as not found. */
export async function getJob(db: Db, principal: Principal, jobId: string): Promise<JobRow> {
  assertMayImport(principal);
  const [row] = await db
    .select()
    .from(importJobs)
    .where(
      and(
        eq(importJobs.id, jobId),
        principal.accountRole === 'SUPER_ADMIN' ? sql`true` : eq(importJobs.createdById, principal.userId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.jobNotFound);
  return row;
}

/**
 * A page of a person's imports, newest first, after the cursor: one range read of import_jobs_creator_idx
 * (created_by_id, created_at desc, id desc); `limit + 1` rows tell whether another page exists, nothing is counted.
 */
export function jobListQuery(db: Queryable, userId: string, query: ImportJobListQuery = { limit: 20 }) {
  return db
    .select({ job: importJobs, sortKey: keyText(importJobs.createdAt) })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.createdById, userId),
        query.cursor
          ? afterPosition(importJobs.createdAt, importJobs.id, decodeCursor(query.cursor))
          : undefined,
      ),
    )
    .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
    .limit(query.limit + 1);
}

/** The caller's own imports (a super admin reads another's by its id, not in this list). */
export async function listJobs(
  db: Db,
  principal: Principal,
  query: ImportJobListQuery,
): Promise<ImportJobList> {
  assertMayImport(principal);
  const rows = await jobListQuery(db, principal.userId, query);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.sortKey, id: row.job.id }));
  return { items: page.items.map((row) => jobView(row.job)), nextCursor: page.nextCursor };
}

/** The failed rows of an import in file order, with the reason (at most the file's row limit). */
export async function failedRows(db: Db, jobId: string) {
  return db
    .select({
      row: importRows.rowNumber,
      name: importRows.name,
      reason: importRows.reason,
      cells: importRows.cells,
    })
    .from(importRows)
    .where(and(eq(importRows.jobId, jobId), eq(importRows.outcome, 'FAILED')))
    .orderBy(importRows.rowNumber);
}

export { checkSheet, type CheckedRow };
