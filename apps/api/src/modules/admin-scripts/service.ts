import type { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import {
  ADMIN_SCRIPT_MESSAGES,
  IMPORT_MESSAGES,
  IMPORT_ZIP_MAX_BYTES,
  type AdminRun,
  type AdminRunRequest,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { adminScriptRuns, projects } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import { exportProject } from './export-project';
import { restoreProject } from './restore-project';
import { purgeRetained, rebuildSearch, recount, reprocessMedia, transferOwnership } from './scripts';

export const ADMIN_SCRIPT_QUEUE = 'admin-script';
export interface AdminScriptJob {
  runId: string;
}

type RunRow = typeof adminScriptRuns.$inferSelect;

export function runView(row: RunRow): AdminRun {
  return {
    id: row.id,
    projectId: row.projectId,
    script: row.script,
    status: row.status as AdminRun['status'],
    progress: row.progress,
    result: row.result ?? null,
    error: row.error,
    createdBy: row.createdById,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function assertProject(db: Db, projectId: string): Promise<void> {
  if (!isUuid(projectId)) throw notFound('The project');
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw notFound('The project');
}

/** The query of a project's twenty latest runs, newest first (index admin_script_runs_project_idx). */
export function runListQuery(db: Queryable, projectId: string) {
  return db
    .select()
    .from(adminScriptRuns)
    .where(eq(adminScriptRuns.projectId, projectId))
    .orderBy(desc(adminScriptRuns.createdAt))
    .limit(20);
}

export async function listRuns(db: Db, projectId: string): Promise<AdminRun[]> {
  await assertProject(db, projectId);
  return (await runListQuery(db, projectId)).map(runView);
}

/** Records a run and queues it in the same transaction. */
export async function startRun(
  context: AppContext,
  principal: Principal,
  projectId: string,
  request: AdminRunRequest,
): Promise<AdminRun> {
  const { db } = context.database;
  await assertProject(db, projectId);
  if (request.script === 'TRANSFER_OWNERSHIP' && !request.email) {
    throw new AppError('VALIDATION_FAILED', ADMIN_SCRIPT_MESSAGES.newOwnerEmailRequired);
  }
  return queue(context, {
    projectId,
    script: request.script,
    params: request.email ? { email: request.email } : {},
    createdById: principal.userId,
  });
}

async function queue(context: AppContext, values: typeof adminScriptRuns.$inferInsert): Promise<AdminRun> {
  const row = await context.database.db.transaction(async (tx) => {
    const [run] = await tx.insert(adminScriptRuns).values(values).returning();
    await context.jobs.send<AdminScriptJob>(ADMIN_SCRIPT_QUEUE, { runId: run!.id }, { tx });
    return run!;
  });
  return runView(row);
}

/** Stores an export zip sent as the raw body and queues its restore as a new project. */
export async function startRestore(
  context: AppContext,
  principal: Principal,
  input: { length: number | null; body: Readable; name?: string },
): Promise<AdminRun> {
  if (input.length === null) {
    input.body.resume();
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.sizeRequired);
  }
  if (input.length > IMPORT_ZIP_MAX_BYTES) {
    input.body.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge(IMPORT_ZIP_MAX_BYTES / 1024 / 1024));
  }
  const key = context.storage.newKey('restores');
  await context.storage.putObject(key, input.body, 'application/zip', input.length);
  return queue(context, {
    projectId: null,
    script: 'RESTORE_PROJECT',
    params: input.name ? { fileName: input.name } : {},
    fileKey: key,
    createdById: principal.userId,
  });
}

export async function getRun(db: Db, runId: string): Promise<RunRow> {
  const [row] = isUuid(runId)
    ? await db.select().from(adminScriptRuns).where(eq(adminScriptRuns.id, runId))
    : [];
  if (!row) throw new AppError('NOT_FOUND', ADMIN_SCRIPT_MESSAGES.runNotFound);
  return row;
}

/** A short-lived signed URL of an export's zip. */
export async function exportUrl(context: AppContext, runId: string): Promise<{ url: string }> {
  const run = await getRun(context.database.db, runId);
  if (run.script !== 'EXPORT_PROJECT' || run.status !== 'DONE' || !run.fileKey) {
    throw new AppError('NOT_FOUND', ADMIN_SCRIPT_MESSAGES.exportNotReady);
  }
  const url = await context.storage.presignGet(run.fileKey, {
    expiresIn: 600,
    downloadName: `project-export-${run.projectId ?? run.id}.zip`,
    contentType: 'application/zip',
  });
  return { url };
}

/**
 * Runs one queued script: progress is written as it goes, the result or the reason on the run. A script's own refusal
 * (an unknown new owner, a zip that is not an export) ends the run FAILED with its message, not a retry.
 */
export async function runScript(context: AppContext, runId: string): Promise<void> {
  const { db } = context.database;
  const [run] = await db.select().from(adminScriptRuns).where(eq(adminScriptRuns.id, runId));
  if (!run || run.status === 'DONE' || run.status === 'FAILED') return;
  await db
    .update(adminScriptRuns)
    .set({ status: 'RUNNING', progress: 0 })
    .where(eq(adminScriptRuns.id, runId));
  const progress = async (percent: number) => {
    await db
      .update(adminScriptRuns)
      .set({ progress: Math.max(0, Math.min(99, percent)) })
      .where(and(eq(adminScriptRuns.id, runId), eq(adminScriptRuns.status, 'RUNNING')));
  };
  try {
    const projectId = run.projectId ?? '';
    let result: Record<string, unknown>;
    let fileKey = run.fileKey;
    let newProjectId = run.projectId;
    switch (run.script) {
      case 'RECOUNT':
        result = await recount(context, projectId, progress);
        break;
      case 'REBUILD_SEARCH':
        result = await rebuildSearch(context, projectId, progress);
        break;
      case 'REPROCESS_FAILED_MEDIA':
        result = await reprocessMedia(context, projectId);
        break;
      case 'TRANSFER_OWNERSHIP':
        result = await transferOwnership(context, projectId, run.params.email as string | undefined);
        break;
      case 'PURGE_RETAINED':
        result = await purgeRetained(context, projectId, progress);
        break;
      case 'EXPORT_PROJECT': {
        const exported = await exportProject(context, projectId, progress);
        fileKey = exported.key;
        result = exported.result;
        break;
      }
      case 'RESTORE_PROJECT': {
        const restored = await restoreProject(
          context,
          { fileKey: run.fileKey!, restoredById: run.createdById! },
          progress,
        );
        await context.storage.delete(run.fileKey!).catch(() => undefined);
        fileKey = null;
        newProjectId = restored.projectId;
        result = restored.result;
        break;
      }
      default:
        throw new AppError('BAD_REQUEST', ADMIN_SCRIPT_MESSAGES.runNotFound);
    }
    await db
      .update(adminScriptRuns)
      .set({
        status: 'DONE',
        progress: 100,
        result,
        fileKey,
        projectId: newProjectId,
        finishedAt: new Date(),
      })
      .where(eq(adminScriptRuns.id, runId));
  } catch (error) {
    if (!(error instanceof AppError)) context.log.error({ err: error, runId }, 'admin script failed');
    await db
      .update(adminScriptRuns)
      .set({
        status: 'FAILED',
        error:
          error instanceof AppError
            ? error.message
            : 'The script stopped on an unexpected error; see the server log.',
        finishedAt: new Date(),
      })
      .where(eq(adminScriptRuns.id, runId));
  }
}

/** One script at a time per process; a run interrupted by a stop is taken again (each script is safe to repeat). */
export function defineAdminScriptJobs(context: AppContext) {
  context.jobs.define<AdminScriptJob>(ADMIN_SCRIPT_QUEUE, (data) => runScript(context, data.runId), {
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 6 * 3600,
    // A worker that dies mid-run stops renewing its 2-minute lease: the run is taken again within minutes.
    leaseSeconds: 120,
    deadLetter: true,
    concurrency: 1,
  });
}
