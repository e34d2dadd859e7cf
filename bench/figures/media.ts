import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { writeZip } from '../../apps/api/src/modules/media/zip-writer';
import { renderImageVariants, renderThumbnail } from '../../apps/api/src/modules/media/processing';
import type { BenchOptions } from '../lib/options';
import { progress, type Row } from '../lib/report';
import { sampleRss, uploadFigure } from './media-upload';

const MiB = 1024 * 1024;

function seconds(started: number) {
  return (performance.now() - started) / 1000;
}

/** Zip of incompressible media (as video is) with the download job's writer, against Info-ZIP's `zip -0`. */
async function zipFigure(totalBytes: number): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-bench-zip-'));
  try {
    const files = 8;
    const each = Math.floor(totalBytes / files);
    const block = randomBytes(4 * MiB);
    for (let index = 0; index < files; index += 1) {
      const fd = fs.openSync(path.join(dir, `clip-${index}.mp4`), 'w');
      for (let written = 0; written < each; written += block.length) {
        fs.writeSync(fd, block, 0, Math.min(block.length, each - written));
      }
      fs.closeSync(fd);
    }
    const names = Array.from({ length: files }, (_, index) => `clip-${index}.mp4`);
    const before = process.memoryUsage().rss;
    const stopSampling = sampleRss(() => Math.round(process.memoryUsage().rss / MiB));
    const started = performance.now();
    await writeZip(
      names.map((name) => ({
        name: `Lopez_Maya/${name}`,
        contentType: 'video/mp4',
        open: async () => fs.createReadStream(path.join(dir, name)),
      })),
      fs.createWriteStream(path.join(dir, 'ours.zip')),
    );
    const oursSeconds = seconds(started);
    const growth = stopSampling() - Math.round(before / MiB);
    const zipStarted = performance.now();
    const result = spawnSync('zip', ['-0', '-q', path.join(dir, 'reference.zip'), ...names], { cwd: dir });
    if (result.status !== 0) throw new Error(`zip -0 failed: ${result.stderr.toString()}`);
    const zipSeconds = seconds(zipStarted);
    const mb = (each * files) / MiB;
    progress(
      `zip: ours ${oursSeconds.toFixed(1)} s (RSS growth ${growth} MB), zip -0 ${zipSeconds.toFixed(1)} s`,
    );
    return [
      {
        figure: `media zip ${mb.toFixed(0)} MiB`,
        database: '-',
        rows: `${files} files`,
        server: `download job's zip writer, ${(mb / oursSeconds).toFixed(0)} MiB/s, RSS growth ${growth} MB`,
        versus: [{ name: 'zip -0', ratio: zipSeconds / oursSeconds }],
      },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The processing job's image step on a 24-megapixel JPEG (display and thumbnail), against one sharp thumbnail. */
async function thumbnailFigure(runs: number): Promise<Row[]> {
  const jpeg = await sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const time = async (work: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  };
  const ours = await time(() => renderThumbnail(jpeg));
  const alone = await time(() => sharp(jpeg).resize(320, 320, { fit: 'inside' }).webp().toBuffer());
  const whole = await time(() => renderImageVariants(jpeg));
  progress(
    `thumbnail: ours ${ours.toFixed(0)} ms, sharp alone ${alone.toFixed(0)} ms, whole image step ${whole.toFixed(0)} ms`,
  );
  return [
    {
      figure: 'media thumbnail 24 MP JPEG',
      database: '-',
      rows: `median of ${runs}`,
      server:
        `processing's thumbnail (upright, WebP 320): ${ours.toFixed(0)} ms; sharp alone ${alone.toFixed(0)} ms; ` +
        `whole image step (metadata, thumbnail, display 1600) ${whole.toFixed(0)} ms`,
      versus: [{ name: 'sharp alone', ratio: alone / ours }],
    },
  ];
}

/** The media figure's upload alone: 1 GiB (64 MiB with --short), `--rounds` rounds (5; 1 with --short) per database. */
export async function mediaUploadFigure(options: BenchOptions): Promise<Row[]> {
  const bytes = options.seconds <= 2 ? 64 * MiB : 1024 * MiB;
  const rows: Row[] = [];
  for (const engine of options.engines) rows.push(...(await uploadFigure(bytes, engine, options.rounds)));
  return rows;
}

/**
 * npm run bench:media [-- --short]. Ratios are "reference time / our time": 1 means as fast as the reference, 0.5
 * half as fast. The goals: upload at least 0.5 with the API under 200 MB; zip at least 0.8; thumbnail at
 * least 0.5 (within 2x).
 */
export async function mediaFigure(options: BenchOptions): Promise<Row[]> {
  const short = options.seconds <= 2;
  const bytes = short ? 64 * MiB : 1024 * MiB;
  return [
    ...(await mediaUploadFigure(options)),
    ...(await zipFigure(bytes)),
    ...(await thumbnailFigure(short ? 1 : 5)),
  ];
}
