import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { CLIENT_REVIEW_MESSAGES, DOWNLOAD_EXPIRY_DAYS, formatOfficeMoment } from '@casting/domain';
import type { Config } from '../../config';
import { toCsv } from '../../platform/csv';
import type { AppContext } from '../../platform/context';
import { resolveAuthSecret } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { applicants, clientLinkExports, mediaItems, projects, users } from '../../platform/db/schema';
import { minorSql } from '../../platform/db/minors';
import { AppError, fieldErrors } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { linkOfProject } from './links';
import { reportPdf } from './export-pdf';
import { linkReport } from './report';
import type { Report } from './report';
import { officeClock } from '../../platform/mail/office-clock';
import { linkNotesForExport, type ExportedNote } from '../notes';

export const CLIENT_EXPORT_QUEUE = 'client-link-export';
export interface ExportJob {
  exportId: string;
}

type ExportRow = typeof clientLinkExports.$inferSelect;

const keys = new WeakMap<Config, Buffer>();
function exportKey(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    const secret = resolveAuthSecret(config.AUTH_SECRET, config.dataDir);
    key = Buffer.from(hkdfSync('sha256', secret, 'casting', 'client-link-export', 32));
    keys.set(config, key);
  }
  return key;
}

/** The e-mailed link's token: HMAC of the export and its recipient, so whoever holds the mail may download. */
export function exportToken(config: Config, row: Pick<ExportRow, 'id' | 'recipientEmail'>): string {
  return createHmac('sha256', exportKey(config))
    .update(`${row.id}\n${row.recipientEmail}`)
    .digest('base64url');
}

/** Records an export of the link and queues its job, in one transaction; the link goes to the caller by default. */
export async function requestExport(
  context: AppContext,
  projectId: string,
  linkId: string,
  userId: string,
  email: string | undefined,
) {
  const { db } = context.database;
  const link = await linkOfProject(db, projectId, linkId);
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const recipientEmail = (email ?? me?.email ?? '').toLowerCase();
  if (!recipientEmail) throw fieldErrors([{ path: 'body.email', message: 'Email is required' }]);
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clientLinkExports)
      .values({
        linkId: link.id,
        projectId,
        requestedById: userId,
        recipientEmail,
        expiresAt: new Date(Date.now() + DOWNLOAD_EXPIRY_DAYS * 24 * 3600_000),
      })
      .returning({ id: clientLinkExports.id, expiresAt: clientLinkExports.expiresAt });
    await context.jobs.send<ExportJob>(
      CLIENT_EXPORT_QUEUE,
      { exportId: row!.id },
      { tx: tx as unknown as Db },
    );
    return row!;
  });
  return {
    id: queued.id,
    message: CLIENT_REVIEW_MESSAGES.exportQueued,
    recipientEmail,
    expiresAt: queued.expiresAt.toISOString(),
  };
}

/**
 * One row per candidate and viewer (a candidate without feedback still gets a row), then the tally per candidate;
 * then one row per note the link's viewers may read (its author as the viewer, the note as the comment).
 */
export function reportCsv(report: Report, notes: readonly ExportedNote[] = []): string {
  const columns = [
    'Candidate',
    'Opportunity',
    'Viewer',
    'Vote',
    'Comment',
    'Yes',
    'No',
    'Maybe',
    'Updated at',
  ];
  const lines: string[][] = [];
  for (const candidate of report.candidates) {
    const tally = [candidate.tally.YES, candidate.tally.NO, candidate.tally.MAYBE].map(String);
    if (candidate.feedback.length === 0) {
      lines.push([candidate.name, candidate.roleName, '', '', '', ...tally, '']);
    }
    for (const entry of candidate.feedback) {
      lines.push([
        candidate.name,
        candidate.roleName,
        entry.viewerName,
        entry.vote ?? '',
        entry.comment ?? '',
        ...tally,
        entry.updatedAt,
      ]);
    }
    for (const note of notes.filter((entry) => entry.submissionId === candidate.submissionId)) {
      lines.push([
        candidate.name,
        candidate.roleName,
        note.authorName,
        '',
        note.text,
        ...tally,
        note.createdAt,
      ]);
    }
  }
  return toCsv(columns, lines);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The job: builds both files, stores them, and mails the recipient a link to each. */
export async function buildExport(context: AppContext, exportId: string) {
  const { db } = context.database;
  const [row] = await db.select().from(clientLinkExports).where(eq(clientLinkExports.id, exportId));
  if (!row || row.status === 'READY') return;
  try {
    const report = await linkReport(db, row.projectId, row.linkId);
    const [project] = await db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, row.projectId));
    const photos = new Map<string, Buffer>();
    const facts = new Map<string, string[]>();
    for (const candidate of report.candidates) {
      const [person] = await db
        .select({
          min: applicants.playingAgeMin,
          max: applicants.playingAgeMax,
          location: applicants.location,
          minor: minorSql(),
        })
        .from(applicants)
        .where(eq(applicants.id, candidate.applicantId));
      const lines: string[] = [];
      if (person?.min != null || person?.max != null)
        lines.push(`Playing age: ${[person?.min, person?.max].filter((v) => v != null).join('-')}`);
      // The export goes to the client: a minor's whereabouts never do (decision 0104).
      if (person?.location && !person.minor) lines.push(`Location: ${person.location}`);
      facts.set(candidate.submissionId, lines);
      const [photo] = await db
        .select({ key: mediaItems.thumbnailKey, original: mediaItems.originalKey })
        .from(mediaItems)
        .where(and(eq(mediaItems.applicantId, candidate.applicantId), eq(mediaItems.isPrimaryPhoto, true)));
      const stream = photo ? await context.storage.getObjectStream(photo.key ?? photo.original) : null;
      if (stream) {
        const bytes = await readAll(stream);
        const { default: sharp } = await import('sharp');
        const jpeg = await sharp(bytes)
          .rotate()
          .resize(400, 520, { fit: 'inside' })
          .jpeg({ quality: 80 })
          .toBuffer()
          .catch(() => null);
        if (jpeg) photos.set(candidate.applicantId, jpeg);
      }
    }
    const csv = Buffer.from(reportCsv(report, await linkNotesForExport(db, row.linkId)), 'utf8');
    const pdf = Buffer.from(await reportPdf(report, { projectName: project?.name ?? '', photos, facts }));
    const base = `client-exports/${row.projectId}/${row.id}`;
    await context.storage.putObject(`${base}.csv`, csv, 'text/csv; charset=utf-8', csv.length);
    await context.storage.putObject(`${base}.pdf`, pdf, 'application/pdf', pdf.length);
    await db
      .update(clientLinkExports)
      .set({ status: 'READY', csvKey: `${base}.csv`, pdfKey: `${base}.pdf` })
      .where(eq(clientLinkExports.id, row.id));
    const token = exportToken(context.config, row);
    const clock = await officeClock(db);
    const url = (format: string) =>
      `${context.config.publicUrl.replace(/\/$/, '')}/api/v2/client-link-exports/${row.id}/${format}?token=${token}`;
    await enqueueMail(context.jobs, {
      kind: 'notice',
      message: {
        to: row.recipientEmail,
        subject: `Client feedback export: ${report.link.title.replace(/\s+/g, ' ')}`,
        text: [
          `The feedback on "${report.link.title}" (${report.candidates.length} candidate(s)) is ready.`,
          `Presentation (PDF): ${url('pdf')}`,
          `Spreadsheet (CSV): ${url('csv')}`,
          `The links expire on ${formatOfficeMoment(row.expiresAt, clock)}.`,
        ].join('\n\n'),
      },
    });
  } catch (error) {
    await db
      .update(clientLinkExports)
      .set({ status: 'FAILED', failureReason: (error as Error).message.slice(0, 500) })
      .where(eq(clientLinkExports.id, row.id));
    throw error;
  }
}

/** The e-mailed link: with the right token and before expiry, a redirect to a short-lived signed URL of the file. */
export async function exportFileUrl(
  context: AppContext,
  exportId: string,
  format: 'csv' | 'pdf',
  token: string,
) {
  const { db } = context.database;
  const missing = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.exportNotFound);
  if (!isUuid(exportId)) throw missing();
  const [row] = await db.select().from(clientLinkExports).where(eq(clientLinkExports.id, exportId));
  if (!row || row.status !== 'READY' || row.expiresAt.getTime() <= Date.now()) throw missing();
  const expected = Buffer.from(exportToken(context.config, row));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw missing();
  const key = format === 'csv' ? row.csvKey : row.pdfKey;
  if (!key) throw missing();
  return context.storage.presignGet(key, {
    expiresIn: 300,
    downloadName: `client-feedback.${format}`,
    contentType: format === 'csv' ? 'text/csv' : 'application/pdf',
  });
}

/** Expired exports' files go, then their rows. */
export async function purgeExpiredExports(context: AppContext) {
  const { db } = context.database;
  const rows = await db
    .delete(clientLinkExports)
    .where(lt(clientLinkExports.expiresAt, new Date()))
    .returning({ csv: clientLinkExports.csvKey, pdf: clientLinkExports.pdfKey });
  for (const row of rows) {
    for (const key of [row.csv, row.pdf]) if (key) await context.storage.delete(key).catch(() => undefined);
  }
}
