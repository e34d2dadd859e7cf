import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  formatOfficeMoment,
  PERSON_DATA_MESSAGES,
  PERSON_EXPORT_EXPIRY_DAYS,
  PERSON_EXPORTS_PER_DAY,
  VIEW_URL_TTL_SECONDS,
  type PersonExport,
  type PersonExportList,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { personExports, storagePurges, users } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { requestStoragePurge } from '../../platform/storage/purge';
import { writeZip, type ZipEntry } from '../media';
import { mediaPaths, personExportData } from './person-export-data';
import { personRow } from './people-rows';
import { officeClock } from '../../platform/mail/office-clock';

/** Builds one export's zip and mails its requester. */
export const PERSON_EXPORT_QUEUE = 'person-export';
/** Deletes one export when it expires (its zip follows through the storage purge). */
export const PERSON_EXPORT_EXPIRY_QUEUE = 'person-export-expiry';
export interface PersonExportJob {
  exportId: string;
}

type ExportRow = typeof personExports.$inferSelect;

/** The exports of a person listed at most; older ones have expired long before this many are made. */
const LISTED = 20;

async function present(
  context: AppContext,
  row: ExportRow,
  requestedBy: string | null,
): Promise<PersonExport> {
  const expired = row.expiresAt.getTime() <= Date.now();
  const ready = row.status === 'READY' && !expired;
  return {
    id: row.id,
    status: expired ? 'EXPIRED' : row.status,
    progress: row.progress,
    fileCount: row.fileCount,
    size: row.size,
    requestedBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    url: ready
      ? await context.storage.presignGet(row.objectKey, {
          expiresIn: VIEW_URL_TTL_SECONDS,
          downloadName: `person-data-${row.createdAt.toISOString().slice(0, 10)}.zip`,
          contentType: 'application/zip',
        })
      : null,
  };
}

/**
 * Asks for an export of a person's data: the export row (with the key its zip will have), the job that builds it and
 * the job that deletes it on expiry, in one transaction. At most PERSON_EXPORTS_PER_DAY per person in 24 hours,
 * counted under the person's row lock so two requests cannot both take the last one.
 */
export async function requestPersonExport(
  context: AppContext,
  principal: Principal,
  personId: string,
): Promise<PersonExport> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    const person = await personRow(tx, personId, true);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(personExports)
      .where(
        and(
          eq(personExports.personId, person.id),
          gt(personExports.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    if ((recent?.n ?? 0) >= PERSON_EXPORTS_PER_DAY) {
      throw new AppError('RATE_LIMITED', PERSON_DATA_MESSAGES.exportsPerDay(PERSON_EXPORTS_PER_DAY));
    }
    const id = uuidv7();
    const expiresAt = new Date(Date.now() + PERSON_EXPORT_EXPIRY_DAYS * 24 * 3600_000);
    const [row] = await tx
      .insert(personExports)
      .values({
        id,
        personId: person.id,
        requestedById: principal.userId,
        objectKey: `${context.storage.newKey('person-exports')}.zip`,
        expiresAt,
      })
      .returning();
    const asTx = tx as unknown as Db;
    await context.jobs.send<PersonExportJob>(PERSON_EXPORT_QUEUE, { exportId: id }, { tx: asTx });
    await context.jobs.send<PersonExportJob>(
      PERSON_EXPORT_EXPIRY_QUEUE,
      { exportId: id },
      { tx: asTx, startAfter: expiresAt },
    );
    const [me] = await tx
      .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
      .from(users)
      .where(eq(users.id, principal.userId));
    return present(context, row!, me?.name ?? null);
  });
}

/** A person's exports, newest first, with each one's status, progress and (while ready) a download URL. */
export async function listPersonExports(context: AppContext, personId: string): Promise<PersonExportList> {
  const { db } = context.database;
  const person = await personRow(db, personId);
  const rows = await db
    .select({
      row: personExports,
      requestedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(personExports)
    .leftJoin(users, eq(users.id, personExports.requestedById))
    .where(eq(personExports.personId, person.id))
    .orderBy(desc(personExports.createdAt), desc(personExports.id))
    .limit(LISTED);
  return { items: await Promise.all(rows.map(({ row, requestedBy }) => present(context, row, requestedBy))) };
}

/** One export with the person it is of: where the export-ready mail's link leads (the mail names no one). */
export async function readPersonExport(
  context: AppContext,
  exportId: string,
): Promise<PersonExport & { personId: string }> {
  const { db } = context.database;
  const [found] = isUuid(exportId)
    ? await db
        .select({
          row: personExports,
          requestedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        })
        .from(personExports)
        .leftJoin(users, eq(users.id, personExports.requestedById))
        .where(eq(personExports.id, exportId))
    : [];
  if (!found) throw new AppError('NOT_FOUND', PERSON_DATA_MESSAGES.exportNotFound);
  return { ...(await present(context, found.row, found.requestedBy)), personId: found.row.personId };
}

async function setProgress(db: Db, exportId: string, values: Partial<ExportRow>) {
  return db
    .update(personExports)
    .set(values)
    .where(eq(personExports.id, exportId))
    .returning({ id: personExports.id });
}

/**
 * The job: `person.json` and the person's media originals streamed one at a time into a zip on local disk, stored
 * under the export's key, and a mail to the requester with a link to the export in the roster (naming no one: not
 * even the person's id, which an erasure must leave nowhere).
 * Progress moves as files are written. When the person is erased meanwhile, the export row is gone: the job stops,
 * and a zip already stored goes to the storage purge.
 */
export async function buildPersonExport(context: AppContext, exportId: string): Promise<void> {
  const { db } = context.database;
  const [row] = await db.select().from(personExports).where(eq(personExports.id, exportId));
  if (!row || row.status === 'READY') return;
  await setProgress(db, row.id, { status: 'RUNNING', progress: 5, failureReason: null });
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'casting-person-export-'));
  const file = path.join(dir, 'export.zip');
  try {
    const data = await personExportData(db, row.personId, new Date());
    if (!data) return;
    const paths = mediaPaths(data.media);
    const total = data.media.length + 1;
    let opened = 0;
    let shown = 5;
    const advance = async () => {
      opened += 1;
      // Up to 90 while files are written; the last tenth is storing the zip. Written at most every 5 points.
      const progress = 5 + Math.floor((opened / total) * 85);
      if (progress >= shown + 5) {
        shown = progress;
        await setProgress(db, row.id, { progress });
      }
    };
    const entries: ZipEntry[] = [
      {
        name: 'person.json',
        contentType: 'application/json',
        open: async () => {
          await advance();
          return Readable.from([Buffer.from(JSON.stringify(data.json, null, 2), 'utf8')]);
        },
      },
      ...data.media.map((item): ZipEntry => ({
        name: paths.get(item.id)!,
        contentType: item.contentType,
        open: async () => {
          await advance();
          return context.storage.getObjectStream(item.originalKey);
        },
      })),
    ];
    const count = await writeZip(entries, fs.createWriteStream(file));
    const { size } = await fs.promises.stat(file);
    await context.storage.putObject(row.objectKey, fs.createReadStream(file), 'application/zip', size);
    const stillWanted = await setProgress(db, row.id, {
      status: 'READY',
      progress: 100,
      size,
      fileCount: count,
    });
    if (stillWanted.length === 0) {
      // Erased while the zip was written: its row (and its purge trigger) went before the object existed.
      await db.insert(storagePurges).values({ objectKey: row.objectKey });
      await requestStoragePurge(context.jobs);
      return;
    }
    const [requester] = row.requestedById
      ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.requestedById))
      : [];
    if (requester) {
      const clock = await officeClock(db);
      await enqueueMail(context.jobs, {
        kind: 'notice',
        message: {
          to: requester.email,
          subject: PERSON_DATA_MESSAGES.exportReadySubject,
          text: [
            'The data export you asked for is ready to download from the person’s page in the roster:',
            `${context.config.publicUrl}/roster?export=${row.id}`,
            `It is deleted on ${formatOfficeMoment(row.expiresAt, clock)}.`,
          ].join('\n\n'),
        },
      });
    }
  } catch (error) {
    await setProgress(db, row.id, {
      status: 'FAILED',
      failureReason: (error as Error).message.slice(0, 500),
    });
    throw error;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** The expiry: the export's row goes, and its zip with it through the delete trigger and the storage purge. */
export async function expirePersonExport(context: AppContext, exportId: string): Promise<void> {
  const { db } = context.database;
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(personExports)
      .where(eq(personExports.id, exportId))
      .returning({ id: personExports.id });
    if (gone.length > 0) await requestStoragePurge(context.jobs, { tx: tx as unknown as Db });
  });
}

/** The export queues: a zip is one streaming pass, retried once; the expiry is idempotent. */
export function definePersonExportJobs(context: AppContext) {
  context.jobs.define<PersonExportJob>(
    PERSON_EXPORT_QUEUE,
    (job) => buildPersonExport(context, job.exportId),
    {
      retryLimit: 1,
      retryDelaySeconds: 60,
      expireInSeconds: 6 * 3600,
      deadLetter: true,
      concurrency: 1,
    },
  );
  context.jobs.define<PersonExportJob>(PERSON_EXPORT_EXPIRY_QUEUE, (job) =>
    expirePersonExport(context, job.exportId),
  );
}
