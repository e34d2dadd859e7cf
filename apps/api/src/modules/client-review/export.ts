import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { PDFFont, PDFImage } from 'pdf-lib';
import { CLIENT_REVIEW_MESSAGES, DOWNLOAD_EXPIRY_DAYS, formatOfficeMoment } from '@casting/domain';
import type { Config } from '../../config';
import type { AppContext } from '../../platform/context';
import { resolveAuthSecret } from '../../platform/crypto/secrets';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { applicants, clientLinkExports, mediaItems, projects, users } from '../../platform/db/schema';
import { minorSql } from '../../platform/db/minors';
import { AppError, fieldErrors } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { linkOfProject } from './links';
import { linkReport } from './report';
import { officeClock } from '../../platform/mail/office-clock';

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
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clientLinkExports)
      .values({
        linkId: link.id,
        projectId,
        requestedById: userId,
        recipientEmail,
        expiresAt: new Date(Date.now() + DOWNLOAD_EXPIRY_DAYS * 24 * 3600_000),
      })
      .returning({ id: clientLinkExports.id });
    await context.jobs.send<ExportJob>(
      CLIENT_EXPORT_QUEUE,
      { exportId: row!.id },
      { tx: tx as unknown as Db },
    );
    return row!.id;
  });
  return { id, message: CLIENT_REVIEW_MESSAGES.exportQueued };
}

/** A CSV field: quoted, quotes doubled; a leading formula character is neutralised so spreadsheets show text. */
function csvField(value: string | number | null): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export type Report = Awaited<ReturnType<typeof linkReport>>;

/** One row per candidate and viewer (a candidate without feedback still gets a row), then the tally per candidate. */
export function reportCsv(report: Report): string {
  const lines = [
    ['Candidate', 'Opportunity', 'Viewer', 'Vote', 'Comment', 'Yes', 'No', 'Maybe', 'Updated at'],
  ];
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
  }
  return `${lines.map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The standard PDF fonts speak WinAnsi only: anything else is replaced rather than failing the whole export. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A printable presentation: a cover with the link's title and the tally, then one page per candidate with the
 * primary photo, name, opportunity, key facts, and every viewer's vote and comment.
 */
export async function reportPdf(
  report: Report,
  details: { projectName: string; photos: Map<string, Buffer>; facts: Map<string, string[]> },
): Promise<Uint8Array> {
  // pdf-lib and sharp are loaded by the first export, not when the API starts (together about half a second of it).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(winAnsi(`${details.projectName} - ${report.link.title}`));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595.28, 841.89];
  const margin = 48;
  const cover = pdf.addPage([width, height]);
  cover.drawText(winAnsi(details.projectName), {
    x: margin,
    y: height - 96,
    size: 14,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
  cover.drawText(winAnsi(report.link.title), { x: margin, y: height - 124, size: 24, font: bold });
  let y = height - 170;
  for (const line of wrap(report.link.message, font, 11, width - 2 * margin).slice(0, 12)) {
    cover.drawText(line, { x: margin, y, size: 11, font });
    y -= 16;
  }
  y -= 16;
  cover.drawText(`${report.candidates.length} candidate(s)`, { x: margin, y, size: 12, font: bold });
  y -= 22;
  for (const candidate of report.candidates.slice(0, 36)) {
    const { YES, NO, MAYBE } = candidate.tally;
    cover.drawText(
      winAnsi(`${candidate.name} (${candidate.roleName}): yes ${YES}, no ${NO}, maybe ${MAYBE}`),
      {
        x: margin,
        y,
        size: 10,
        font,
      },
    );
    y -= 15;
  }
  for (const candidate of report.candidates) {
    const page = pdf.addPage([width, height]);
    let top = height - margin;
    const photo = details.photos.get(candidate.applicantId);
    let image: PDFImage | null = null;
    if (photo) image = await pdf.embedJpg(photo).catch(() => null);
    if (image) {
      const scaled = image.scaleToFit(200, 260);
      page.drawImage(image, {
        x: margin,
        y: top - scaled.height,
        width: scaled.width,
        height: scaled.height,
      });
    } else {
      page.drawRectangle({ x: margin, y: top - 200, width: 200, height: 200, color: rgb(0.92, 0.92, 0.92) });
    }
    const textX = margin + 220;
    page.drawText(winAnsi(candidate.name), { x: textX, y: top - 20, size: 20, font: bold });
    page.drawText(winAnsi(candidate.roleName), { x: textX, y: top - 42, size: 12, font });
    let factY = top - 70;
    for (const fact of details.facts.get(candidate.submissionId) ?? []) {
      page.drawText(winAnsi(fact), { x: textX, y: factY, size: 10, font });
      factY -= 15;
    }
    const { YES, NO, MAYBE } = candidate.tally;
    page.drawText(`Yes ${YES}   No ${NO}   Maybe ${MAYBE}`, {
      x: textX,
      y: factY - 10,
      size: 12,
      font: bold,
    });
    top -= 290;
    page.drawText('Feedback', { x: margin, y: top, size: 14, font: bold });
    top -= 22;
    if (candidate.feedback.length === 0)
      page.drawText('No feedback yet.', { x: margin, y: top, size: 11, font });
    for (const entry of candidate.feedback) {
      if (top < margin + 30) break;
      page.drawText(winAnsi(`${entry.viewerName}: ${entry.vote ?? 'no vote'}`), {
        x: margin,
        y: top,
        size: 11,
        font: bold,
      });
      top -= 15;
      for (const line of wrap(entry.comment ?? '', font, 10, width - 2 * margin).slice(0, 8)) {
        if (!line) continue;
        page.drawText(line, { x: margin + 12, y: top, size: 10, font });
        top -= 14;
      }
      top -= 8;
    }
  }
  return pdf.save();
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
    const csv = Buffer.from(reportCsv(report), 'utf8');
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
