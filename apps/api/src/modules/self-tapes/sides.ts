import { and, eq, inArray } from 'drizzle-orm';
import { SELF_TAPE_TEXTS, type SelfTapeSide, type SelfTapeSideInput } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  mediaUploads,
  selfTapeRecipients,
  selfTapeRequests,
  selfTapeSideCopies,
} from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import type { Storage } from '../../platform/storage/port';
import { embedFonts, oneLine } from '../client-review';
import { createUploadGrant, holderOwner, pdfPageCount } from '../media';

/** The queue of the job that makes one recipient's own copies of the sides. */
export const SELF_TAPES_WATERMARK_QUEUE = 'self-tapes-watermark';
export interface SelfTapeWatermarkJob {
  recipientId: string;
}

/** The holder of the grants sides are uploaded under: a side must be a file uploaded for sides of this project. */
const sidesHolder = (projectId: string) => `self-tape-sides:${projectId}`;

/** An upload grant for the request dialog's sides (the upload queue sends it with each file). */
export const sidesUploadGrant = (context: AppContext, projectId: string) =>
  createUploadGrant(context.config, { projectId, holder: sidesHolder(projectId) });

async function readObject(storage: Storage, key: string): Promise<Buffer> {
  const stream = await storage.getObjectStream(key);
  if (!stream) throw new AppError('NOT_FOUND', 'The side’s file is missing.');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The sides as stored with a request: each a finished PDF uploaded under this project's sides grant, its page count read from the file
 * by MuPDF (a typed count is replaced: the deadline rule counts the pages the sides really have).
 */
export async function readSides(
  context: AppContext,
  tx: Queryable,
  projectId: string,
  sides: readonly SelfTapeSideInput[],
): Promise<SelfTapeSide[]> {
  if (sides.length === 0) return [];
  const keys = sides.map((side) => side.key);
  const rows = await tx
    .select({ key: mediaUploads.objectKey, type: mediaUploads.sniffedType, state: mediaUploads.state })
    .from(mediaUploads)
    .where(
      and(
        eq(mediaUploads.projectId, projectId),
        eq(mediaUploads.grantId, holderOwner(sidesHolder(projectId))),
        inArray(mediaUploads.objectKey, keys),
      ),
    );
  const result: SelfTapeSide[] = [];
  for (const [index, side] of sides.entries()) {
    const row = rows.find((candidate) => candidate.key === side.key);
    const path = `body.sides.${index}.key`;
    if (!row || row.state === 'OPEN') throw fieldErrors([{ path, message: 'This file is not uploaded.' }]);
    if (row.type !== 'application/pdf') throw fieldErrors([{ path, message: SELF_TAPE_TEXTS.sidesArePdf }]);
    const pages = await pdfPageCount(await readObject(context.storage, side.key)).catch(() => {
      throw fieldErrors([{ path, message: SELF_TAPE_TEXTS.sidesArePdf }]);
    });
    result.push({ key: side.key, name: side.name, pages });
  }
  return result;
}

/**
 * A copy of a PDF with one line naming its recipient along the foot of every page (light grey, in DejaVu Sans so any
 * name prints as written and stays copyable): a side that leaks names who it was sent to. pdf-lib, which the
 * presentation exports already use, edits the pages in process (decision 0824).
 */
export async function watermarkPdf(input: Buffer, line: string): Promise<Uint8Array> {
  const { PDFDocument, rgb, degrees } = await import('pdf-lib');
  const pdf = await PDFDocument.load(input, { ignoreEncryption: true });
  const { font } = await embedFonts(pdf);
  const text = oneLine(line);
  for (const page of pdf.getPages()) {
    const { width } = page.getSize();
    const size = Math.max(6, Math.min(10, (width - 24) / Math.max(1, font.widthOfTextAtSize(text, 1))));
    page.drawText(text, { x: 12, y: 10, size, font, color: rgb(0.45, 0.45, 0.45), rotate: degrees(0) });
  }
  return pdf.save();
}

export const watermarkLine = (name: string, email: string) =>
  SELF_TAPE_TEXTS.watermark(name.trim() || email, email);

/**
 * Makes one recipient's copies of the request's sides, each stored under a fresh key and recorded; a copy already
 * made (a retried job) is kept, so the job may run again safely. A recipient gone meanwhile (an erasure) is no work.
 */
export async function runSelfTapeWatermark(context: AppContext, recipientId: string): Promise<number> {
  const { db } = context.database;
  const [found] = await db
    .select({ recipient: selfTapeRecipients, sides: selfTapeRequests.sides })
    .from(selfTapeRecipients)
    .innerJoin(selfTapeRequests, eq(selfTapeRequests.id, selfTapeRecipients.requestId))
    .where(eq(selfTapeRecipients.id, recipientId));
  if (!found) return 0;
  const done = await db
    .select({ index: selfTapeSideCopies.sideIndex })
    .from(selfTapeSideCopies)
    .where(eq(selfTapeSideCopies.recipientId, recipientId));
  let made = 0;
  for (const [index, side] of (found.sides as SelfTapeSide[]).entries()) {
    if (done.some((row) => row.index === index)) continue;
    const bytes = await watermarkPdf(
      await readObject(context.storage, side.key),
      watermarkLine(found.recipient.name, found.recipient.email),
    );
    const key = context.storage.newKey(`self-tape-sides/${found.recipient.requestId}`);
    await context.storage.putObject(key, Buffer.from(bytes), 'application/pdf', bytes.length);
    const [inserted] = await db
      .insert(selfTapeSideCopies)
      .values({ recipientId, sideIndex: index, objectKey: key })
      .onConflictDoNothing()
      .returning({ key: selfTapeSideCopies.objectKey });
    if (inserted) made += 1;
    else await context.storage.delete(key);
  }
  return made;
}

/** Queues the copies of one new recipient, in the transaction that adds them. */
export async function queueWatermark(context: AppContext, tx: Db, recipientId: string) {
  await context.jobs.send<SelfTapeWatermarkJob>(SELF_TAPES_WATERMARK_QUEUE, { recipientId }, { tx });
}

/** The recipient's own copy of side `index`, or null while the job has not made it yet. */
export async function sideCopyKey(db: Queryable, recipientId: string, index: number) {
  const [row] = await db
    .select({ key: selfTapeSideCopies.objectKey })
    .from(selfTapeSideCopies)
    .where(and(eq(selfTapeSideCopies.recipientId, recipientId), eq(selfTapeSideCopies.sideIndex, index)));
  return row?.key ?? null;
}
