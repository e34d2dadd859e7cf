import { and, desc, eq, sql } from 'drizzle-orm';
import {
  IMPORT_MESSAGES,
  type ImportJob,
  type ImportJobList,
  type ImportJobListQuery,
  type ImportRunRequest,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keyText, keysetPage } from '../../platform/db/keyset';
import { importJobs, importRows } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import { isOfficeOwner } from '../../platform/http/principal';
import { loadFileHead, loadSheet } from './files';
import { assertMayImport, assertRequestMapping, assertTarget } from './request-checks';

// An import job: started and queued, read back, listed, and its failed rows.

export const IMPORT_QUEUE = 'import-run';
export interface ImportRunJob {
  jobId: string;
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

/** One of the caller's imports (the office's owner may read any); another user's id reads as not found. */
export async function getJob(db: Db, principal: Principal, jobId: string): Promise<JobRow> {
  assertMayImport(principal);
  const [row] = await db
    .select()
    .from(importJobs)
    .where(
      and(
        eq(importJobs.id, jobId),
        isOfficeOwner(principal) ? sql`true` : eq(importJobs.createdById, principal.userId),
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
