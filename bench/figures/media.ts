import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../apps/api/src/config';
import { createUploadGrant } from '../../apps/api/src/modules/media/grant';
import { writeZip } from '../../apps/api/src/modules/media/zip-writer';
import { renderImageVariants, renderThumbnail } from '../../apps/api/src/modules/media/processing';
import { freshDatabase, type Engine } from '../lib/databases';
import type { BenchOptions } from '../lib/options';
import { apiArgs, freePort, memoryOf, startServer } from '../lib/processes';
import { progress, type Row } from '../lib/report';

const MiB = 1024 * 1024;
const PART = 5 * MiB;
const AUTH_SECRET = 'bench-media-secret-0123456789abcdef0123456789';

/** Samples a process's resident memory every 50 ms; `stop` answers the highest value seen, in MB. */
function sampleRss(read: () => number | null) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, read() ?? 0);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read() ?? 0);
  };
}

function seconds(started: number) {
  return (performance.now() - started) / 1000;
}

/** A project and an applicant written straight into a fresh embedded database, before the API opens it. */
async function seed(
  open: () => Promise<{
    db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> };
    close(): Promise<void>;
  }>,
) {
  const database = await open();
  const rows = (await database.db.execute(sql`
    with owner as (
      insert into users (id, email, first_name, last_name, role_code, confirmed_at)
      values (gen_random_uuid(), 'bench-media@example.com', 'Bea', 'Bench', 'CASTING_DIRECTOR', now()) returning id
    ), project as (
      insert into projects (id, name, owner_id, created_at, updated_at)
      select gen_random_uuid(), 'Media bench', id, now(), now() from owner returning id, owner_id
    )
    insert into applicants (id, project_id, first_name, last_name, search_text)
    select gen_random_uuid(), id, 'Maya', 'Lopez', 'maya lopez' from project
    returning id, project_id`)) as { rows: { id: string; project_id: string }[] };
  await database.close();
  const row = rows.rows[0]!;
  return { applicantId: row.id, projectId: row.project_id };
}

/**
 * 1 GiB multipart upload through the API into local storage (two parts in flight, as the web queue sends them)
 * against writing the same bytes to the same disk; the API's resident memory is sampled throughout.
 */
async function uploadFigure(totalBytes: number, engine: Engine): Promise<Row[]> {
  const database = await freshDatabase(engine);
  const dataDir = database.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'casting-bench-media-'));
  const target = await seed(database.open as never);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = await startServer({
    name: 'API for the media bench',
    args: apiArgs(),
    env: { DATA_DIR: dataDir, ...database.env, AUTH_SECRET, PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
    port,
    healthPath: '/api/health',
  });
  try {
    const grant = createUploadGrant({ AUTH_SECRET, dataDir } as Config, target);
    const headers = { 'content-type': 'application/json', 'x-upload-grant': grant };
    const call = async (url: string, body: object) => {
      const res = await fetch(`${origin}/api${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    // One random part, sent again and again; the first starts like an MP4 so that the bytes pass the sniffing.
    const chunk = randomBytes(PART);
    Buffer.from('0000001c667479706d703432000000006d70343269736f6d', 'hex').copy(chunk);
    const idleRss = memoryOf(api.pid)?.rssMb ?? 0;
    const stopSampling = sampleRss(() => memoryOf(api.pid)?.rssMb ?? null);
    const started = performance.now();
    const upload = (await call('/media-management/multipart/start', {
      fileName: 'bench.mp4',
      contentType: 'video/mp4',
      size: totalBytes,
    })) as { UploadId: string; Key: string; ChunksNumber: number };
    const { parts } = (await call('/media-management/multipart/get-signed-urls', {
      UploadId: upload.UploadId,
      Key: upload.Key,
      ChunksNumber: upload.ChunksNumber,
    })) as { parts: { PartNumber: number; signedUrl: string }[] };
    const etags: { PartNumber: number; ETag: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < parts.length) {
        const part = parts[next]!;
        next += 1;
        const size = Math.min(PART, totalBytes - (part.PartNumber - 1) * PART);
        const res = await fetch(part.signedUrl, { method: 'PUT', body: chunk.subarray(0, size) });
        if (!res.ok) throw new Error(`part ${part.PartNumber}: ${res.status}`);
        etags.push({ PartNumber: part.PartNumber, ETag: res.headers.get('etag')! });
      }
    };
    await Promise.all([worker(), worker()]);
    const partsSeconds = seconds(started);
    await call('/media-management/multipart/complete', {
      UploadId: upload.UploadId,
      Key: upload.Key,
      Parts: etags,
    });
    const apiSeconds = seconds(started);
    const peakRss = stopSampling();

    const rawFile = path.join(dataDir, 'raw-write.bin');
    const rawStarted = performance.now();
    const out = fs.createWriteStream(rawFile);
    for (let written = 0; written < totalBytes; written += PART) {
      const size = Math.min(PART, totalBytes - written);
      if (!out.write(chunk.subarray(0, size)))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    out.end();
    await finished(out);
    const rawSeconds = seconds(rawStarted);
    fs.rmSync(rawFile, { force: true });
    const mb = totalBytes / MiB;
    progress(
      `upload: API ${apiSeconds.toFixed(1)} s (parts ${partsSeconds.toFixed(1)} s, then completion), raw ` +
        `${rawSeconds.toFixed(1)} s; API RSS idle ${idleRss} MB, peak ${peakRss} MB`,
    );
    return [
      {
        figure: `media upload ${mb} MiB`,
        database: engine,
        rows: '-',
        server:
          `API multipart, ${(mb / apiSeconds).toFixed(0)} MiB/s (complete call ` +
          `${(apiSeconds - partsSeconds).toFixed(1)} s), RSS idle ${idleRss} MB, peak ${peakRss} MB`,
        versus: [{ name: 'raw disk write', ratio: rawSeconds / apiSeconds }],
      },
      {
        figure: `media upload ${mb} MiB`,
        database: '-',
        rows: '-',
        server: `raw disk write, ${(mb / rawSeconds).toFixed(0)} MiB/s`,
      },
    ];
  } finally {
    await api.stop();
    await database.drop();
  }
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

/**
 * npm run bench:media [-- --short]. Ratios are "reference time / our time": 1 means as fast as the reference, 0.5
 * half as fast. The goals: upload at least 0.5 with the API under 200 MB; zip at least 0.8; thumbnail at
 * least 0.5 (within 2x).
 */
export async function mediaFigure(options: BenchOptions): Promise<Row[]> {
  const short = options.seconds <= 2;
  const bytes = short ? 64 * MiB : 1024 * MiB;
  const uploads: Row[] = [];
  for (const engine of options.engines) uploads.push(...(await uploadFigure(bytes, engine)));
  return [...uploads, ...(await zipFigure(bytes)), ...(await thumbnailFigure(short ? 1 : 5))];
}
