import { eq, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, type AddApplicant, type ImportMapping } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Queryable } from '../../platform/db/ids';
import { importJobs, importRows, people } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import type { Db } from '../../platform/db/client';
import { emitMembershipChanges, publishApplicantsUpdated, submitApplicant } from '../candidates';
import { adoptOriginals, type AdoptedOriginal } from '../media';
import { checkMedia, discard, openMediaZip, storeRowMedia, type MediaZip } from './media-zip';
import { loadSheet } from './files';
import { IMPORT_QUEUE, type ImportRunJob } from './jobs';
import { checkSheet, type CheckedRow } from './rows';

export interface RunHooks {
  /** Called after each row's transaction commits (tests stop a run here to play a crash). */
  afterRow?: (rowNumber: number) => void;
}

type Outcome = 'NEW' | 'EXISTING' | 'FAILED';

/**
 * Runs (or resumes) one import. Each row is one transaction that writes the person, their submission and the row's
 * outcome together, and advances the job's counters: a row is either wholly imported and recorded, or not touched.
 * Rows already recorded are skipped, so a run cut short by a restart continues where it stopped, and running the
 * job twice imports nobody twice. A row that fails unexpectedly is recorded as failed (and logged) so one bad row
 * never blocks the rest; a failure outside the rows (the file gone) fails the job with the reason.
 */
export async function runImport(context: AppContext, jobId: string, hooks: RunHooks = {}): Promise<void> {
  const { db } = context.database;
  const [job] = await db.select().from(importJobs).where(eq(importJobs.id, jobId));
  if (!job || job.status === 'DONE' || job.status === 'FAILED') return;
  await db.update(importJobs).set({ status: 'RUNNING' }).where(eq(importJobs.id, jobId));
  let rows: CheckedRow[];
  try {
    const sheet = await loadSheet(context, job.createdById, job.fileKey);
    rows = checkSheet(sheet, {
      mapping: job.mapping as ImportMapping,
      target:
        job.target === 'ROSTER'
          ? { type: 'ROSTER' }
          : { type: 'OPPORTUNITY', projectId: job.projectId!, roleId: job.roleId! },
    });
  } catch (error) {
    const message = error instanceof Error && 'code' in error ? error.message : IMPORT_MESSAGES.fileNotFound;
    await db
      .update(importJobs)
      .set({ status: 'FAILED', error: message, finishedAt: new Date() })
      .where(eq(importJobs.id, jobId));
    return;
  }
  let zip: MediaZip | null = null;
  if (job.mediaZipKey) {
    try {
      zip = await openMediaZip(context, job.mediaZipKey);
    } catch (error) {
      await db
        .update(importJobs)
        .set({
          status: 'FAILED',
          error: error instanceof AppError ? error.message : IMPORT_MESSAGES.fileNotFound,
          finishedAt: new Date(),
        })
        .where(eq(importJobs.id, jobId));
      return;
    }
  }
  checkMedia(rows, zip);
  try {
    await runRows(context, job, rows, zip, hooks);
  } finally {
    await zip?.dispose();
  }
}

async function runRows(
  context: AppContext,
  job: JobRow,
  rows: CheckedRow[],
  zip: MediaZip | null,
  hooks: RunHooks,
): Promise<void> {
  const { db } = context.database;
  const jobId = job.id;
  const done = new Set(
    (await db.select({ row: importRows.rowNumber }).from(importRows).where(eq(importRows.jobId, jobId))).map(
      (r) => r.row,
    ),
  );
  let changed = 0;
  for (const row of rows) {
    if (done.has(row.rowNumber)) continue;
    try {
      const outcome = await importRow(context, job, row, zip);
      if (outcome !== 'FAILED') changed++;
    } catch (error) {
      if (isUniqueViolation(error)) continue; // another worker recorded this row first
      context.log.error({ err: error, jobId, row: row.rowNumber }, 'import row failed');
      await recordFailure(context, jobId, row, IMPORT_MESSAGES.rowFailed).catch(() => undefined);
    }
    hooks.afterRow?.(row.rowNumber);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(importJobs)
      .set({ status: 'DONE', finishedAt: new Date(), total: rows.length })
      .where(eq(importJobs.id, jobId));
    // One refetch for the whole import rather than one per row.
    if (changed > 0 && job.projectId) {
      await publishApplicantsUpdated(
        context.events,
        tx,
        job.projectId,
        'ADD',
        changed,
        job.roleId ?? undefined,
      );
    }
  });
}

type JobRow = typeof importJobs.$inferSelect;

/**
 * One person into the office roster (decision 0038's people): a new person, or, when the e-mail is already known,
 * the existing one with their details kept (as an application by a known address does). The database folds the
 * names for search and sorting.
 */
async function addPerson(
  tx: Queryable,
  person: AddApplicant,
): Promise<{ applicantId: string | null; createdApplicant: boolean }> {
  const [inserted] = await tx
    .insert(people)
    .values({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email ?? null,
      phone: person.phone ?? null,
      dateOfBirth: person.dateOfBirth ?? null,
      location: person.location ?? null,
      skills: person.skills,
      languages: person.languages,
    })
    .onConflictDoNothing({ target: [people.officeId, people.email], where: sql`${people.email} is not null` })
    .returning({ id: people.id });
  return { applicantId: null, createdApplicant: inserted !== undefined };
}

async function importRow(
  context: AppContext,
  job: JobRow,
  row: CheckedRow,
  zip: MediaZip | null,
): Promise<Outcome> {
  if (!row.check.ok) {
    await recordFailure(context, job.id, row, row.check.reason);
    return 'FAILED';
  }
  const check = row.check;
  // The row's files go to storage first; the items that point at them are written with the row, or the files go.
  let media: Omit<AdoptedOriginal, 'applicantId'>[] = [];
  if (zip && check.media.length > 0 && job.projectId) {
    const stored = await storeRowMedia(context, zip, job.projectId, check.media);
    if ('reason' in stored) {
      await recordFailure(context, job.id, row, stored.reason);
      return 'FAILED';
    }
    media = stored.items;
  }
  return context.database.db
    .transaction(async (tx) => {
      const submitted =
        job.target === 'ROSTER'
          ? null
          : await submitApplicant(tx, {
              projectId: job.projectId!,
              roleId: job.roleId!,
              person: check.person,
              createdById: job.createdById,
              source: 'ADMIN',
              folderIds: [],
              folderAlias: 'NEW_SUBMISSIONS',
            });
      const result = submitted ?? (await addPerson(tx, check.person));
      if (media.length > 0 && result.applicantId) {
        await adoptOriginals(
          tx as unknown as Db,
          media.map((item) => ({ ...item, applicantId: result.applicantId! })),
          context.jobs,
        );
      }
      // Each imported row is told in its own transaction, as it lands in New Submissions.
      if (submitted) await emitMembershipChanges(context.jobs, tx, job.projectId!, submitted.memberships);
      const outcome: Outcome = result.createdApplicant ? 'NEW' : 'EXISTING';
      await tx.insert(importRows).values({
        jobId: job.id,
        rowNumber: row.rowNumber,
        outcome,
        name: check.name,
        applicantId: result.applicantId,
      });
      await tx
        .update(importJobs)
        .set({
          processed: sql`${importJobs.processed} + 1`,
          ...(outcome === 'NEW'
            ? { imported: sql`${importJobs.imported} + 1` }
            : { existing: sql`${importJobs.existing} + 1` }),
        })
        .where(eq(importJobs.id, job.id));
      return outcome;
    })
    .catch(async (error: unknown) => {
      await discard(context, media);
      throw error;
    });
}

async function recordFailure(
  context: AppContext,
  jobId: string,
  row: CheckedRow,
  reason: string,
): Promise<void> {
  await context.database.db.transaction(async (tx) => {
    await tx.insert(importRows).values({
      jobId,
      rowNumber: row.rowNumber,
      outcome: 'FAILED',
      name: row.check.name,
      reason,
      cells: row.cells,
    });
    await tx
      .update(importJobs)
      .set({ processed: sql`${importJobs.processed} + 1`, failed: sql`${importJobs.failed} + 1` })
      .where(eq(importJobs.id, jobId));
  });
}

/**
 * The import queue: one import at a time per process (rows are small transactions; the database is the limit).
 * A stop fails the job back to its queue; a crash stops the lease's renewal, so the job is failed back about two
 * minutes later (not at the 4-hour expiry). The retry resumes after the last recorded row.
 */
export function defineImportJobs(context: AppContext) {
  context.jobs.define<ImportRunJob>(IMPORT_QUEUE, (data) => runImport(context, data.jobId), {
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 4 * 3600,
    // A worker that dies mid-import stops renewing its 2-minute lease: the job is retried within minutes, not hours.
    leaseSeconds: 120,
    deadLetter: true,
    concurrency: 1,
  });
}
