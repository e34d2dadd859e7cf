import os from 'node:os';
import { mediaProcessingDuration } from '../../src/platform/metrics/registry';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_CHUNK_BYTES, type MediaItem } from '@casting/domain';
import { mediaItems } from '../../src/platform/db/schema';
import { UploadClient } from './client';
import { corruptJpeg, corruptVideo, heic, orientedJpeg, pdf, png, video } from './files';
import { eventually } from '../support/eventually';
import { buildMediaApp, type MediaApp } from './support';

let t: MediaApp;
let staff: UploadClient;
beforeAll(async () => {
  t = await buildMediaApp({ runWorkers: true });
  staff = new UploadClient(t.origin, t.cast.headers('PE'));
}, 60_000);
afterAll(() => t.close());

/** Uploads one file for a new applicant, then waits for its conversion to end and answers what the viewer gets. */
async function uploadAndProcess(name: string, bytes: Buffer, contentType: string) {
  const target = { projectId: t.cast.project.id, ...(await t.applicant()) };
  const res =
    bytes.length < 10 * 1024 * 1024
      ? await staff.single(target, name, bytes, contentType)
      : await staff.multipart(target, name, bytes, contentType);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = await eventually(
    'the item is processed or failed',
    async () => {
      const list = await fetch(
        `${t.origin}/api/applicants/${target.applicantId}/media?projectId=${t.cast.project.id}`,
        { headers: t.cast.headers('TE') },
      );
      const body = (await list.json()) as { items: MediaItem[] };
      const found = body.items.find((candidate) => candidate.id === res.body.mediaId);
      return found && (found.status === 'PROCESSED' || found.status === 'FAILED') ? found : null;
    },
    90_000,
  );
  return { item, target };
}

async function fetchBytes(url: string | null, headers: Record<string, string> = {}) {
  expect(url).toBeTruthy();
  const res = await fetch(url!, { headers });
  expect(res.status).toBeLessThan(300);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('processing', () => {
  it('turns a JPEG into WebP thumbnail and display images, upright and without EXIF location', async () => {
    const original = await orientedJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const timed = async () =>
      (await mediaProcessingDuration.get()).values.find(
        (value) =>
          value.metricName === 'casting_media_processing_duration_seconds_count' &&
          value.labels.kind === 'image' &&
          value.labels.outcome === 'processed',
      )?.value ?? 0;
    const before = await timed();
    const { item } = await uploadAndProcess('portrait.jpg', original, 'image/jpeg');
    // The operator's metrics time each conversion.
    expect((await timed()) - before).toBe(1);
    expect(item).toMatchObject({ status: 'PROCESSED', kind: 'image', width: 40, height: 60 });
    const display = await fetchBytes(item.convertedUrl);
    const meta = await sharp(display.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 60 });
    expect(meta.exif).toBeUndefined();
    const thumbnail = await sharp((await fetchBytes(item.thumbnailUrl)).bytes).metadata();
    expect(thumbnail.format).toBe('webp');
    // The original stays as it was sent.
    expect((await fetchBytes(item.url)).bytes.equals(original)).toBe(true);
  });

  it('converts a PNG', async () => {
    const { item } = await uploadAndProcess('card.png', await png(800, 600), 'image/png');
    expect(item).toMatchObject({ status: 'PROCESSED', width: 800, height: 600 });
    const thumbnail = await sharp((await fetchBytes(item.thumbnailUrl)).bytes).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 320, 240]);
  });

  it('converts a HEIC photo (libheif in WebAssembly)', async () => {
    const { item } = await uploadAndProcess('IMG_0001.HEIC', heic(), 'image/heic');
    expect(item).toMatchObject({ status: 'PROCESSED', fileType: 'image/heic', width: 64, height: 48 });
    const display = await sharp((await fetchBytes(item.convertedUrl)).bytes).metadata();
    expect([display.format, display.width, display.height]).toEqual(['webp', 64, 48]);
  });

  it('renders the first page of a PDF as its preview', async () => {
    const { item } = await uploadAndProcess('resume.pdf', pdf(), 'application/pdf');
    expect(item).toMatchObject({ status: 'PROCESSED', kind: 'document', icon: null });
    const preview = await sharp((await fetchBytes(item.convertedUrl)).bytes).metadata();
    expect(preview.format).toBe('webp');
    // A6 portrait: taller than wide.
    expect(preview.height!).toBeGreaterThan(preview.width!);
  });

  it('gives a text document its icon by extension', async () => {
    const { item } = await uploadAndProcess('notes.txt', Buffer.from('Available from June.\n'), 'text/plain');
    expect(item).toMatchObject({ status: 'PROCESSED', kind: 'document', icon: 'txt', convertedUrl: null });
  });

  it('makes a web MP4 (H.264, faststart), a poster and the duration of a video; seeking uses byte ranges', async () => {
    const { item } = await uploadAndProcess('self-tape.mov', video(2), 'video/quicktime');
    expect(item).toMatchObject({ status: 'PROCESSED', kind: 'video', width: 320, height: 240 });
    expect(item.durationSeconds).toBeGreaterThan(1.9);
    expect(item.durationSeconds).toBeLessThan(2.2);
    const mp4 = await fetchBytes(item.convertedUrl);
    // faststart: the index (moov) comes before the media data (mdat).
    const text = mp4.bytes.toString('latin1');
    expect(text.indexOf('moov')).toBeGreaterThan(0);
    expect(text.indexOf('moov')).toBeLessThan(text.indexOf('mdat'));
    expect(text).toContain('avc1');
    const poster = await sharp((await fetchBytes(item.posterUrl)).bytes).metadata();
    expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 320, 240]);
    const range = await fetch(item.convertedUrl!, { headers: { range: 'bytes=100-199' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(mp4.bytes.subarray(100, 200));
  });

  it('keeps a portrait tape at 1080 pixels across: the short side is capped, never the long one', async () => {
    const { item } = await uploadAndProcess('portrait-tape.mov', video(0.4, '1440x2560'), 'video/quicktime');
    expect(item).toMatchObject({ status: 'PROCESSED', kind: 'video' });
    const poster = await sharp((await fetchBytes(item.posterUrl)).bytes).metadata();
    expect([poster.width, poster.height]).toEqual([1080, 1920]);
  });

  it('marks a corrupt file FAILED with the reason, keeps the original, and converts again on retry', async () => {
    const { item, target } = await uploadAndProcess('broken.jpg', corruptJpeg(), 'image/jpeg');
    expect(item.status).toBe('FAILED');
    expect(item.failureReason).toBeTruthy();
    expect((await fetchBytes(item.url)).bytes.equals(corruptJpeg())).toBe(true);
    // Retry: the same bytes fail the same way, and the item passes through PENDING again.
    const retry = await fetch(`${t.origin}/api/applicants/${target.applicantId}/media/${item.id}/retry`, {
      method: 'POST',
      headers: { ...t.cast.headers('PE'), 'content-type': 'application/json' },
      body: JSON.stringify({ projectId: t.cast.project.id }),
    });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as MediaItem).status).toBe('PENDING');
    await eventually(
      'the corrupt file is marked FAILED',
      async () => {
        const [row] = await t.ownerDb.select().from(mediaItems).where(eq(mediaItems.id, item.id));
        return row?.status === 'FAILED';
      },
      60_000,
    );
  });

  it('gives a video ffmpeg cannot read a FAILED reason that names the problem, not the server’s folders', async () => {
    const { item } = await uploadAndProcess('tape.mov', corruptVideo(), 'video/quicktime');
    expect(item).toMatchObject({ status: 'FAILED', kind: 'video' });
    expect(item.failureReason).toMatch(/^ffmpeg failed \(\d+\): original: /);
    expect(item.failureReason).not.toContain(os.tmpdir());
  });

  it('processes a multipart upload too', async () => {
    const big = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(2 * MULTIPART_CHUNK_BYTES);
    const { item } = await uploadAndProcess('large.png', big, 'image/png');
    expect(item).toMatchObject({ status: 'PROCESSED', width: 3000, height: 2000 });
  });
});
