import { spawn } from 'node:child_process';
import { makeWorkFolder, trackChild } from './work-folders';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type SharpModule from 'sharp';
import type { Sharp, SharpOptions } from 'sharp';
import { VIDEO_PREVIEW_FRAME_SECONDS, type LiveEventName, type MediaStatus } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { mediaItems, storagePurges } from '../../platform/db/schema';
import { runIsolated } from './isolated';
import { mediaProcessingDuration } from '../../platform/metrics/registry';
import { requestStoragePurge } from '../../platform/storage/purge';

type MediaRow = typeof mediaItems.$inferSelect;

/** Sizes of the derived images: a grid thumbnail and the viewer's display image (longest side, never enlarged). */
export const THUMBNAIL_PX = 320;
export const DISPLAY_PX = 1600;
/** The first page of a PDF is rendered this wide for its preview. */
const PREVIEW_WIDTH_PX = 1000;

const require = createRequire(import.meta.url);

/** ffmpeg from FFMPEG_PATH, else the static binary the @ffmpeg-installer package ships (no download at install). */
export function ffmpegPath(context: Pick<AppContext, 'config'>): string {
  if (context.config.FFMPEG_PATH) return context.config.FFMPEG_PATH;
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A conversion error worth showing to staff as the item's FAILED reason. */
export class ConversionError extends Error {}

function runFfmpeg(binary: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['-hide_banner', '-nostdin', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    trackChild(child);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Keep the head (stream info) and the tail (the error); the middle is progress lines.
      stderr =
        stderr.length < 64 * 1024 ? stderr + chunk : stderr.slice(0, 32 * 1024) + chunk.slice(-16 * 1024);
    });
    child.on('error', (error) => reject(new ConversionError(`ffmpeg could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stderr);
      else {
        const last = stderr.trim().split('\n').slice(-1)[0] ?? '';
        reject(new ConversionError(`ffmpeg failed (${code}): ${last.slice(0, 300)}`));
      }
    });
  });
}

/** Duration and frame size from ffmpeg's description of the input (the shipped build has no ffprobe). */
export function parseVideoInfo(stderr: string): {
  duration: number | null;
  width: number | null;
  height: number | null;
} {
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const size = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})[, ]/.exec(stderr);
  const rotated = /rotate\s*:\s*-?(90|270)/.exec(stderr) ?? /rotation of -?(90|270)/.exec(stderr);
  let width = size ? Number(size[1]) : null;
  let height = size ? Number(size[2]) : null;
  if (rotated && width && height) [width, height] = [height, width];
  return {
    duration: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    width,
    height,
  };
}

interface Derived {
  thumbnailKey?: string | null;
  displayKey?: string | null;
  posterKey?: string | null;
  mp4Key?: string | null;
  previewKey?: string | null;
  durationSeconds?: number | null;
  width?: number | null;
  height?: number | null;
}

/** Where an item's derived files live: beside its original, under the project. */
function derivedKey(item: MediaRow, name: string) {
  return `${path.posix.dirname(item.originalKey)}/derived/${item.id}/${name}`;
}

async function putFile(context: AppContext, key: string, file: string, contentType: string) {
  const { size } = await fs.promises.stat(file);
  await context.storage.putObject(key, fs.createReadStream(file), contentType, size);
  return key;
}

async function putBuffer(context: AppContext, key: string, body: Buffer, contentType: string) {
  await context.storage.putObject(key, body, contentType, body.length);
  return key;
}

/**
 * sharp (libvips) is loaded on the first conversion, not when the API starts: most API processes (and every one
 * with a separate worker) never convert, and loading it costs about 25 MB resident. libvips' operation cache is off:
 * it keeps recent decoded images for repeated operations on the same file (up to 50 MB), which a worker converting
 * a different file every time never reuses.
 */
let loadedSharp: Promise<typeof SharpModule> | null = null;
async function image(input: Buffer | string, options?: SharpOptions): Promise<Sharp> {
  loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return (await loadedSharp)(input, options);
}

/** The grid thumbnail: decoded at the smallest scale that still covers 320 px (JPEG shrink-on-load), upright. */
export async function renderThumbnail(input: Buffer | string): Promise<Buffer> {
  return (await image(input, { failOn: 'error', limitInputPixels: 268_402_689 }))
    .rotate()
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/**
 * Thumbnail and display image in WebP. `rotate()` applies the EXIF orientation; sharp writes no metadata unless asked,
 * so GPS location (and every other EXIF field) is gone from what reviewers and clients see. One after the other:
 * the worker already has every core busy with one decode.
 */
export async function renderImageVariants(input: Buffer | string) {
  const meta = await (await image(input)).metadata();
  const thumbnail = await renderThumbnail(input);
  const display = await (
    await image(input, { failOn: 'error', limitInputPixels: 268_402_689 })
  )
    .rotate()
    .resize(DISPLAY_PX, DISPLAY_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const swap = (meta.orientation ?? 1) >= 5;
  return {
    display,
    thumbnail,
    width: (swap ? meta.height : meta.width) ?? null,
    height: (swap ? meta.width : meta.height) ?? null,
  };
}

async function imageVariants(context: AppContext, item: MediaRow, input: Buffer | string): Promise<Derived> {
  const rendered = await renderImageVariants(input);
  return {
    displayKey: await putBuffer(context, derivedKey(item, 'display.webp'), rendered.display, 'image/webp'),
    thumbnailKey: await putBuffer(
      context,
      derivedKey(item, 'thumbnail.webp'),
      rendered.thumbnail,
      'image/webp',
    ),
    width: rendered.width,
    height: rendered.height,
  };
}

/**
 * HEIC/HEIF (phones) through libheif compiled to WebAssembly (heic-convert): sharp's prebuilt libvips reads only
 * AVIF. In a thread of its own, so its memory goes when it ends (isolated.ts).
 */
async function heicToJpeg(file: string): Promise<Buffer> {
  try {
    return await runIsolated({ task: 'heicToJpeg', input: await fs.promises.readFile(file), quality: 0.92 });
  } catch (error) {
    throw new ConversionError(`HEIC conversion failed: ${(error as Error).message}`);
  }
}

/** A web-playable H.264/AAC MP4 with the index first (faststart), its poster at 1 s, and the thumbnail of that. */
async function videoVariants(
  context: AppContext,
  item: MediaRow,
  file: string,
  dir: string,
): Promise<Derived> {
  const binary = ffmpegPath(context);
  const mp4 = path.join(dir, 'video.mp4');
  const info = parseVideoInfo(
    await runFfmpeg(binary, [
      '-i',
      file,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      // No metadata from the original (a phone's GPS location, device, time): client-link viewers get this file.
      '-map_metadata',
      '-1',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      // Even dimensions (H.264 needs them); the short side at most 1080 pixels, so a portrait tape keeps the same
      // detail as a landscape one (1080 x 1920, not 608 x 1080).
      '-vf',
      "scale='trunc(iw*min(1,1080/min(iw,ih))/2)*2':'trunc(ih*min(1,1080/min(iw,ih))/2)*2'",
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      mp4,
    ]),
  );
  const poster = path.join(dir, 'poster.jpg');
  // The frame at 1 s (past most fades from black); a clip too short for that gives its middle frame.
  const at =
    info.duration === null || info.duration > VIDEO_PREVIEW_FRAME_SECONDS * 1.5
      ? VIDEO_PREVIEW_FRAME_SECONDS
      : info.duration / 2;
  await runFfmpeg(binary, ['-ss', at.toFixed(3), '-i', mp4, '-frames:v', '1', '-q:v', '3', poster]);
  if (!fs.existsSync(poster)) {
    await runFfmpeg(binary, ['-i', mp4, '-frames:v', '1', '-q:v', '3', poster]);
  }
  const thumbnail = await (
    await image(poster)
  )
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return {
    mp4Key: await putFile(context, derivedKey(item, 'video.mp4'), mp4, 'video/mp4'),
    posterKey: await putFile(context, derivedKey(item, 'poster.jpg'), poster, 'image/jpeg'),
    thumbnailKey: await putBuffer(context, derivedKey(item, 'thumbnail.webp'), thumbnail, 'image/webp'),
    durationSeconds: info.duration,
    width: info.width,
    height: info.height,
  };
}

/**
 * The first page of a PDF rendered with MuPDF (WebAssembly, no native canvas) in a thread of its own (isolated.ts),
 * then a preview and a thumbnail.
 */
async function pdfVariants(context: AppContext, item: MediaRow, file: string): Promise<Derived> {
  let png: Buffer;
  try {
    png = await runIsolated({
      task: 'pdfFirstPage',
      input: await fs.promises.readFile(file),
      widthPx: PREVIEW_WIDTH_PX,
    });
  } catch (error) {
    throw new ConversionError(`PDF preview failed: ${(error as Error).message}`);
  }
  const preview = await (await image(png)).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  const thumbnail = await (
    await image(png)
  )
    .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' })
    .webp({ quality: 75 })
    .toBuffer();
  return {
    previewKey: await putBuffer(context, derivedKey(item, 'preview.webp'), preview.data, 'image/webp'),
    thumbnailKey: await putBuffer(context, derivedKey(item, 'thumbnail.webp'), thumbnail, 'image/webp'),
  };
}

/** Writes the status; answers false when the item was deleted meanwhile (then nothing is published). */
async function setStatus(
  context: AppContext,
  item: MediaRow,
  status: MediaStatus,
  values: object = {},
): Promise<boolean> {
  const updated = await context.database.db
    .update(mediaItems)
    .set({ status, ...values })
    .where(eq(mediaItems.id, item.id))
    .returning({ id: mediaItems.id });
  if (updated.length === 0) return false;
  const payload = { applicantId: item.applicantId, mediaId: item.id, status };
  const events: LiveEventName[] = ['APPLICANT_MEDIA_CONVERT_STATUS_UPDATED_EVENT'];
  if (item.kind === 'video') events.push('APPLICANT_STREAM_STATUS_UPDATED_EVENT');
  for (const event of events) {
    await context.events.publish(item.projectId, event, payload).catch((error: unknown) => {
      // Live events are refresh hints; the status is in the database whatever happens to them.
      context.log.warn({ err: error, mediaId: item.id }, 'media status event not published');
    });
  }
  return true;
}

/**
 * The FAILED reason staff read. Tools name their input by its path (ffmpeg: "/tmp/casting-media-Ab12/original:
 * Invalid data found..."); the server's folders are nobody's business outside it, and the file is the item itself,
 * so the work folder is cut out of the message.
 */
function reasonOf(error: unknown, workDir: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const reason = error instanceof ConversionError ? message : `Conversion failed: ${message}`;
  return reason.replaceAll(`${workDir}${path.sep}`, '').slice(0, 500);
}

/**
 * Converts one media item. The original is copied to a temporary folder as a stream (memory stays flat whatever its
 * size), converted there, and the derived files are stored beside it. Any failure leaves the original as it was
 * (still viewable and downloadable) and marks the item FAILED with the reason; staff may retry.
 */
export async function processMedia(context: AppContext, mediaId: string): Promise<void> {
  const [item] = await context.database.db.select().from(mediaItems).where(eq(mediaItems.id, mediaId));
  if (!item || item.status === 'PROCESSED') return;
  await setStatus(context, item, 'IN_PROGRESS', { failureReason: null });
  const dir = await makeWorkFolder();
  const endTimer = mediaProcessingDuration.startTimer({ kind: item.kind });
  try {
    const original = path.join(dir, 'original');
    const stream = await context.storage.getObjectStream(item.originalKey);
    if (!stream) throw new ConversionError('The original file is missing from storage.');
    await pipeline(stream, fs.createWriteStream(original));
    let derived: Derived = {};
    if (item.kind === 'image') {
      const heif = item.contentType === 'image/heic' || item.contentType === 'image/heif';
      derived = await imageVariants(context, item, heif ? await heicToJpeg(original) : original);
    } else if (item.kind === 'video') {
      derived = await videoVariants(context, item, original, dir);
    } else if (item.contentType === 'application/pdf') {
      derived = await pdfVariants(context, item, original);
    }
    // Other documents are shown with an icon by extension; there is nothing to convert.
    if (!(await setStatus(context, item, 'PROCESSED', { ...derived, failureReason: null }))) {
      // Deleted while converting: the files just written have no row left to name them, so they are purged too.
      const keys = Object.values(derived).filter((value): value is string => typeof value === 'string');
      if (keys.length > 0) {
        await context.database.db.insert(storagePurges).values(keys.map((objectKey) => ({ objectKey })));
        await requestStoragePurge(context.jobs);
      }
    }
    endTimer({ outcome: 'processed' });
  } catch (error) {
    endTimer({ outcome: 'failed' });
    context.log.warn({ err: error, mediaId }, 'media conversion failed');
    await setStatus(context, item, 'FAILED', { failureReason: reasonOf(error, dir) });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
