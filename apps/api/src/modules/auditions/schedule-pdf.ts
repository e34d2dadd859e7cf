import { json } from 'node:stream/consumers';
import { AUDITION_PDF_STATUSES, type AuditionPdfStatus, type AuditionSchedulePdf } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { runningOrder } from './running-order';
import { schedulePdf } from './schedule-pdf-render';
import { projectNameOf, sessionOf } from './sessions';

export const AUDITION_PDF_QUEUE = 'audition-schedule-pdf';
export interface AuditionPdfJob {
  projectId: string;
  sessionId: string;
  /** Which copy: with contact details (for those who manage the roster) or without. */
  contacts: boolean;
}

/*
 * The printed schedule and its status live in storage, not in a table (decision 0842): there is one copy per session
 * and per contact right, so a reader without contact rights never opens the copy a manager asked for. The status
 * file beside the PDF says QUEUED, RUNNING, READY or FAILED with the job's progress.
 */
// The keys are also spelled in the delete trigger of audition_sessions (migration 0047), which queues them for the
// storage purge when a session goes, by its own delete or its project's.
const keyOf = (job: AuditionPdfJob, ext: 'pdf' | 'json') =>
  `auditions/${job.projectId}/${job.sessionId}/schedule-${job.contacts ? 'contacts' : 'names'}.${ext}`;

interface StoredStatus {
  status: AuditionPdfStatus;
  progress: number;
}

async function writeStatus(context: AppContext, job: AuditionPdfJob, status: StoredStatus) {
  const body = Buffer.from(JSON.stringify(status));
  await context.storage.putObject(keyOf(job, 'json'), body, 'application/json', body.length);
}

async function readStatus(context: AppContext, job: AuditionPdfJob): Promise<StoredStatus | null> {
  const stream = await context.storage.getObjectStream(keyOf(job, 'json')).catch(() => null);
  if (!stream) return null;
  const value = (await json(stream).catch(() => null)) as Partial<StoredStatus> | null;
  if (!value || !AUDITION_PDF_STATUSES.includes(value.status as AuditionPdfStatus)) return null;
  return { status: value.status as AuditionPdfStatus, progress: Number(value.progress) || 0 };
}

/**
 * The caller's copy of the printed schedule: its status, progress and, once READY, a five-minute signed address
 * named after the session. 404 for a session of another project (or office, which row-level security hides).
 */
export async function schedulePdfOf(context: AppContext, job: AuditionPdfJob): Promise<AuditionSchedulePdf> {
  const session = await sessionOf(context.database.db, job.projectId, job.sessionId);
  const stored = await readStatus(context, job);
  if (!stored) return { status: null, progress: 0, url: null };
  const name = session.name.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'schedule';
  const url =
    stored.status === 'READY'
      ? await context.storage.presignGet(keyOf(job, 'pdf'), {
          expiresIn: 300,
          downloadName: `${name}.pdf`,
          contentType: 'application/pdf',
        })
      : null;
  return { ...stored, url };
}

/** Queues the caller's copy (again, if one was made): it reads QUEUED until the job starts. */
export async function requestSchedulePdf(context: AppContext, job: AuditionPdfJob) {
  await sessionOf(context.database.db, job.projectId, job.sessionId);
  await writeStatus(context, job, { status: 'QUEUED', progress: 0 });
  try {
    await context.jobs.send<AuditionPdfJob>(AUDITION_PDF_QUEUE, job);
  } catch (error) {
    await writeStatus(context, job, { status: 'FAILED', progress: 0 });
    throw error;
  }
  return schedulePdfOf(context, job);
}

/** The job: prints the running order as it stands now, reporting progress per candidate, and stores the file. */
export async function buildSchedulePdf(context: AppContext, job: AuditionPdfJob) {
  const { db } = context.database;
  try {
    await writeStatus(context, job, { status: 'RUNNING', progress: 0 });
    const { session, rows } = await runningOrder(db, job.projectId, job.sessionId, job.contacts);
    const projectName = await projectNameOf(db, job.projectId);
    let reported = 0;
    const bytes = Buffer.from(
      await schedulePdf(session, projectName, rows, async (done) => {
        const value = Math.floor((done / Math.max(rows.length, 1)) * 90);
        // One status write per tenth of the way, not one per candidate.
        if (value - reported < 10) return;
        reported = value;
        await writeStatus(context, job, { status: 'RUNNING', progress: value });
      }),
    );
    await context.storage.putObject(keyOf(job, 'pdf'), bytes, 'application/pdf', bytes.length);
    await writeStatus(context, job, { status: 'READY', progress: 100 });
  } catch (error) {
    await writeStatus(context, job, { status: 'FAILED', progress: 0 }).catch(() => undefined);
    throw error;
  }
}

/** The team's printed schedules: one job at a time per process, retried once. */
export function defineAuditionPdfJobs(context: AppContext) {
  context.jobs.define<AuditionPdfJob>(AUDITION_PDF_QUEUE, (job) => buildSchedulePdf(context, job), {
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 1800,
    deadLetter: true,
    concurrency: 1,
  });
}
