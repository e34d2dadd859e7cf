import { and, eq, inArray } from 'drizzle-orm';
import { PRESENTATION_TEXTS, type PresentationLayout } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { minorSql } from '../../platform/db/minors';
import { applicants, mediaItems, presentations, projects, roles } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { presentationNotesForPdf } from '../notes';
import { orderedCandidates, playingAge, presentationOfProject } from './queries';
import { presentationPdf, type PrintedCandidate } from './pdf-render';

export const PRESENTATION_PDF_QUEUE = 'presentation-pdf';
export interface PresentationPdfJob {
  presentationId: string;
}

/** Queues the PDF of a presentation (again, if one was made): its status reads QUEUED until the job starts. */
export async function requestPdf(context: AppContext, projectId: string, presentationId: string) {
  const { db } = context.database;
  const row = await presentationOfProject(db, projectId, presentationId);
  await db.transaction(async (tx) => {
    await tx
      .update(presentations)
      .set({ pdfStatus: 'QUEUED', pdfProgress: 0, pdfRequestedAt: new Date() })
      .where(eq(presentations.id, row.id));
    await context.jobs.send<PresentationPdfJob>(
      PRESENTATION_PDF_QUEUE,
      { presentationId: row.id },
      { tx: tx as unknown as Db },
    );
  });
  return presentationOfProject(db, projectId, presentationId);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A small JPEG of a stored image (EXIF turned and dropped), or null when it cannot be read. */
async function jpegOf(context: AppContext, key: string): Promise<Buffer | null> {
  const stream = await context.storage.getObjectStream(key).catch(() => null);
  if (!stream) return null;
  const bytes = await readAll(stream);
  const { default: sharp } = await import('sharp');
  return sharp(bytes)
    .rotate()
    .resize(600, 800, { fit: 'inside' })
    .jpeg({ quality: 80 })
    .toBuffer()
    .catch(() => null);
}

/**
 * The job: prints the presentation in its layout and order, reporting its progress as it goes, and stores the file
 * for the team. The photo of each candidate is the first chosen image, or the primary photo when none is chosen.
 */
export async function buildPresentationPdf(context: AppContext, presentationId: string) {
  const { db } = context.database;
  const [row] = await db.select().from(presentations).where(eq(presentations.id, presentationId));
  if (!row) return;
  const progress = (value: number) =>
    db.update(presentations).set({ pdfProgress: value }).where(eq(presentations.id, row.id));
  try {
    await db
      .update(presentations)
      .set({ pdfStatus: 'RUNNING', pdfProgress: 0 })
      .where(eq(presentations.id, row.id));
    const [heading] = await db
      .select({ projectName: projects.name, roleName: roles.name })
      .from(roles)
      .innerJoin(projects, eq(projects.id, roles.projectId))
      .where(eq(roles.id, row.roleId));
    const candidates = await orderedCandidates(db, row.id);
    const applicantIds = candidates.map((candidate) => candidate.applicantId);
    const minors =
      applicantIds.length === 0
        ? []
        : await db
            .select({ id: applicants.id, minor: minorSql() })
            .from(applicants)
            .where(inArray(applicants.id, applicantIds));
    const minor = new Set(minors.filter((entry) => entry.minor).map((entry) => entry.id));
    const notes = await presentationNotesForPdf(db, row.id);
    const printed: PrintedCandidate[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const chosenImages =
        candidate.mediaIds && candidate.mediaIds.length > 0
          ? await db
              .select({ thumb: mediaItems.thumbnailKey, original: mediaItems.originalKey })
              .from(mediaItems)
              .where(and(inArray(mediaItems.id, candidate.mediaIds), eq(mediaItems.kind, 'image')))
              .limit(1)
          : [];
      const [photo] =
        chosenImages.length > 0 || candidate.mediaIds
          ? chosenImages
          : await db
              .select({ thumb: mediaItems.thumbnailKey, original: mediaItems.originalKey })
              .from(mediaItems)
              .where(
                and(
                  eq(mediaItems.applicantId, candidate.applicantId),
                  eq(mediaItems.isPrimaryPhoto, true),
                  eq(mediaItems.visibility, 'ALL'),
                ),
              )
              .limit(1);
      const facts: string[] = [heading?.roleName ?? ''];
      const age = playingAge(candidate.playingAgeMin, candidate.playingAgeMax);
      if (age) facts.push(PRESENTATION_TEXTS.pdfPlayingAge(age));
      if (candidate.sizes.height) facts.push(PRESENTATION_TEXTS.pdfHeight(candidate.sizes.height));
      // The PDF goes to the client: a minor's whereabouts never do.
      if (candidate.location && !minor.has(candidate.applicantId))
        facts.push(PRESENTATION_TEXTS.pdfLocation(candidate.location));
      printed.push({
        name: `${candidate.firstName} ${candidate.lastName}`.trim(),
        facts,
        photo: photo ? await jpegOf(context, photo.thumb ?? photo.original) : null,
        notes: notes
          .filter((note) => note.submissionId === candidate.submissionId)
          .map((note) => PRESENTATION_TEXTS.pdfNote(note.time, note.authorName, note.body)),
      });
      await progress(Math.floor(((index + 1) / Math.max(candidates.length, 1)) * 90));
    }
    const bytes = Buffer.from(
      await presentationPdf(
        {
          projectName: heading?.projectName ?? '',
          title: row.title,
          roleName: heading?.roleName ?? '',
          layout: row.layout as PresentationLayout,
        },
        printed,
      ),
    );
    const key = `presentations/${row.projectId}/${row.id}.pdf`;
    await context.storage.putObject(key, bytes, 'application/pdf', bytes.length);
    await db
      .update(presentations)
      .set({ pdfStatus: 'READY', pdfProgress: 100, pdfKey: key })
      .where(eq(presentations.id, row.id));
  } catch (error) {
    await db.update(presentations).set({ pdfStatus: 'FAILED' }).where(eq(presentations.id, row.id));
    throw error;
  }
}

/** The team's download: a short-lived signed address of the stored PDF, named after the presentation. */
export async function pdfFileUrl(context: AppContext, projectId: string, presentationId: string) {
  const row = await presentationOfProject(context.database.db, projectId, presentationId);
  if (row.pdfStatus !== 'READY' || !row.pdfKey)
    throw new AppError('CONFLICT', PRESENTATION_TEXTS.pdfNotReady);
  const name = row.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'presentation';
  return context.storage.presignGet(row.pdfKey, {
    expiresIn: 300,
    downloadName: `${name}.pdf`,
    contentType: 'application/pdf',
  });
}
