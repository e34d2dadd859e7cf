import { eq } from 'drizzle-orm';
import { OFFICE_LIMITS, OFFICE_LOGO_TYPES, OFFICE_MESSAGES } from '@casting/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { offices } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import { heicToJpegBytes, SNIFF_BYTES, sniffMedia } from '../media';

export interface LogoDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** Larger than any photo a phone takes; a decompression bomb is refused before it is decoded. */
const MAX_INPUT_PIXELS = 100_000_000;

const notAccepted = () => new AppError('BAD_REQUEST', OFFICE_MESSAGES.logoNotAccepted);

/**
 * The logo as stored: upright (EXIF orientation applied), at most LOGO_MAX_PX on its longest side, as PNG, with no
 * metadata (sharp writes none unless asked). sharp is loaded on the first logo, not at start (decision 0079).
 */
async function renderLogo(bytes: Buffer): Promise<Buffer> {
  const sniffed = await sniffMedia(bytes.subarray(0, SNIFF_BYTES), 'logo');
  const type = sniffed?.contentType;
  if (!type || !(OFFICE_LOGO_TYPES as readonly string[]).includes(type)) throw notAccepted();
  try {
    const decodable = type === 'image/heic' ? await heicToJpegBytes(bytes) : bytes;
    const { default: sharp } = await import('sharp');
    return await sharp(decodable, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(OFFICE_LIMITS.logoMaxPx, OFFICE_LIMITS.logoMaxPx, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', OFFICE_MESSAGES.logoUnreadable);
  }
}

/**
 * Replaces the office's logo with the image sent, judged by its content (not its name or declared type). The new
 * file is stored under a key of its own before the office points at it, and the old one is removed once it no
 * longer does, so a failure half-way never leaves the office without a logo it can show.
 */
export async function setLogo(deps: LogoDeps, officeId: string, body: Buffer | undefined): Promise<void> {
  if (!body || body.length === 0) throw notAccepted();
  if (body.length > OFFICE_LIMITS.logoMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', OFFICE_MESSAGES.logoTooLarge);
  const png = await renderLogo(body);
  const key = deps.storage.newKey(`offices/${officeId}/logo`);
  await deps.storage.putObject(key, png, 'image/png', png.length);
  let previous: string | null;
  try {
    previous = await replaceLogoKey(deps.db, officeId, key);
  } catch (error) {
    await removeQuietly(deps, key);
    throw error;
  }
  if (previous) await removeQuietly(deps, previous);
}

/** Takes the logo away: the office shows its name alone again. */
export async function removeLogo(deps: LogoDeps, officeId: string): Promise<void> {
  const previous = await replaceLogoKey(deps.db, officeId, null);
  if (previous) await removeQuietly(deps, previous);
}

async function replaceLogoKey(db: Db, officeId: string, key: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logoKey: offices.logoKey })
      .from(offices)
      .where(eq(offices.id, officeId))
      .for('update');
    if (!row) throw notFound('The office');
    await tx.update(offices).set({ logoKey: key }).where(eq(offices.id, officeId));
    return row.logoKey;
  });
}

/** A file nobody points at any more; failing to remove it costs storage, never the answer. */
async function removeQuietly(deps: LogoDeps, key: string): Promise<void> {
  try {
    await deps.storage.delete(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'office logo file not removed');
  }
}
