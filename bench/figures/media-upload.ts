import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../apps/api/src/config';
import type { Database } from '../../apps/api/src/platform/db/client';
import { createUploadGrant } from '../../apps/api/src/modules/media/grant';
import { firstOfficeOwner } from '../lib/data';
import { freshDatabase, type Engine } from '../lib/databases';
import { apiArgs, childrenOf, freePort, memoryOf, startServer } from '../lib/processes';
import { progress, type Row } from '../lib/report';

const MiB = 1024 * 1024;
/** The web app's part size (MULTIPART_CHUNK_BYTES), and how many parts it sends at once. */
const PART = 5 * MiB;
const PARTS_IN_FLIGHT = 2;
/** The local storage adapter's write batch (`WRITE_BATCH_BYTES` in platform/storage/local-disk.ts). */
const WRITE_BATCH = 512 * 1024;
const AUTH_SECRET = 'bench-media-secret-0123456789abcdef0123456789';

/** Samples a process's resident memory every 50 ms; `stop` answers the highest value seen, in MB. */
export function sampleRss(read: () => number | null) {
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, read() ?? 0);
  }, 50);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read() ?? 0);
  };
}

/** Clock ticks per second, the unit of /proc's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU time (user + system) of one /proc stat line, in seconds. */
function cpuSecondsOfStat(stat: string): number {
  // utime and stime are the line's fields 14 and 15: 12 and 13 after the command name and its closing parenthesis.
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * CPU time a process has used so far, in seconds, in all and on its main thread (the JavaScript thread; the rest is
 * libuv's thread pool, V8's helpers and native libraries), from /proc (Linux).
 */
function cpuSecondsOf(pid: number): { all: number; main: number } {
  return {
    all: cpuSecondsOfStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')),
    main: cpuSecondsOfStat(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * A project written straight into a fresh database, before the API opens it: as the database's owner, in the first
 * office (the offices migration makes it), as the other loaders write.
 */
async function seed(open: () => Promise<Database>) {
  const database = await open();
  const db = await firstOfficeOwner(database);
  const rows = (await db.execute(sql`
    with owner as (
      insert into users (id, email, first_name, last_name, role_code, confirmed_at)
      values (gen_random_uuid(), 'bench-media@example.com', 'Bea', 'Bench', 'CASTING_DIRECTOR', now()) returning id
    )
    insert into projects (id, name, owner_id, created_at, updated_at)
    select gen_random_uuid(), 'Media bench', id, now(), now() from owner
    returning id`)) as unknown as { rows: { id: string }[] };
  await database.close();
  return { projectId: rows.rows[0]!.id };
}

/**
 * The bench's HTTP client: node:http on two keep-alive sockets, each body handed to the socket as the Buffer it is
 * (no copies), as the web app's queue sends parts (two at once, one connection each). `fetch` copied each 5 MiB
 * body twice and cost more CPU than the API on the same two cores.
 */
function client(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PARTS_IN_FLIGHT });
  const send = (method: string, url: string, headers: Record<string, string | number>, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(
        new URL(url, origin),
        { method, agent, headers: { ...headers, 'content-length': body.length } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/**
 * One multipart upload of `totalBytes` through the API, two parts in flight; answers the seconds for the parts and
 * for the whole (with `complete`).
 */
async function uploadThroughApi(
  connection: ReturnType<typeof client>,
  grant: string,
  totalBytes: number,
  chunk: Buffer,
): Promise<{ partsSeconds: number; seconds: number }> {
  const call = async (url: string, body: object) => {
    const res = await connection.send(
      'POST',
      `/api${url}`,
      { 'content-type': 'application/json', 'x-upload-grant': grant },
      Buffer.from(JSON.stringify(body)),
    );
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body}`);
    return JSON.parse(res.body) as Record<string, unknown>;
  };
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
      const res = await connection.send('PUT', part.signedUrl, {}, chunk.subarray(0, size));
      if (res.status !== 200) throw new Error(`part ${part.PartNumber}: ${res.status} ${res.body}`);
      etags.push({ PartNumber: part.PartNumber, ETag: String(res.headers.etag) });
    }
  };
  await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, worker));
  const partsSeconds = (performance.now() - started) / 1000;
  etags.sort((a, b) => a.PartNumber - b.PartNumber);
  await call('/media-management/multipart/complete', {
    UploadId: upload.UploadId,
    Key: upload.Key,
    Parts: etags,
  });
  return { partsSeconds, seconds: (performance.now() - started) / 1000 };
}

/**
 * The reference: the same bytes written to the same disk the way the local storage adapter writes a multipart
 * upload, without HTTP or checksums. Each 5 MiB part goes to a new file opened with `wx`, in 512 KiB writes, then
 * (`durable`, as the adapter does before it answers) is flushed with fdatasync (started in the background after each
 * write, as the adapter does, and once more at the end), closed, renamed to its final name, and the folder flushed;
 * two parts at once. Without `durable` the bytes only reach the page cache: printed beside,
 * as the cost of the copy into memory alone.
 */
async function rawWrite(dir: string, totalBytes: number, chunk: Buffer, durable: boolean): Promise<number> {
  const started = performance.now();
  const count = Math.ceil(totalBytes / PART);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const size = Math.min(PART, totalBytes - index * PART);
      const incoming = path.join(dir, `.incoming-${randomUUID()}`);
      const handle = await fsp.open(incoming, 'wx');
      try {
        // As the adapter: after each batch a flush starts in the background unless one is running, and the part
        // ends with a flush of whatever is left.
        let flushing: Promise<void> | null = null;
        for (let offset = 0; offset < size; offset += WRITE_BATCH) {
          await handle.write(chunk, offset, Math.min(WRITE_BATCH, size - offset));
          if (durable && !flushing) flushing = handle.datasync().finally(() => (flushing = null));
        }
        if (durable) {
          await flushing;
          await handle.datasync();
        }
      } finally {
        await handle.close();
      }
      await fsp.rename(incoming, path.join(dir, `${index + 1}.part`));
      if (durable) {
        const folder = await fsp.open(dir, 'r');
        await folder.sync().finally(() => folder.close());
      }
    }
  };
  await Promise.all(Array.from({ length: PARTS_IN_FLIGHT }, worker));
  return (performance.now() - started) / 1000;
}

/**
 * Puts the disk and the page cache in the same state before every timing: the previous round's files (the API's
 * stored upload, the reference's parts) are removed, which frees their cached pages, and `sync` writes back whatever
 * is dirty, so that neither run pays for the other's writeback.
 */
function settle(dirs: string[]) {
  for (const dir of dirs) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  execFileSync('sync');
}

/**
 * A multipart upload of `totalBytes` through the API into local storage, against the raw write of the same bytes
 * in the same parts (`rawWrite`). The two alternate, reference first, `rounds` times on one API process, each after
 * `settle`; the medians are compared. The upload is an apply page's (a grant without an applicant), so `complete`
 * leaves a completed upload and queues no processing that would run during the next round. The API's resident
 * memory is sampled every 50 ms throughout, and its CPU time is read from /proc around its rounds.
 */
export async function uploadFigure(totalBytes: number, engine: Engine, rounds: number): Promise<Row[]> {
  const database = await freshDatabase(engine);
  const dataDir = database.env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'casting-bench-media-'));
  const target = await seed(database.open);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = await startServer({
    name: 'API for the media bench',
    args: apiArgs(),
    env: { DATA_DIR: dataDir, ...database.env, AUTH_SECRET, PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
    port,
    healthPath: '/api/health',
  });
  const connection = client(origin);
  const rawDir = path.join(dataDir, 'raw-write');
  const apiBlobs = path.join(dataDir, 'files', 'blobs');
  try {
    const grant = createUploadGrant({ AUTH_SECRET, dataDir } as Config, target);
    // One random part, sent again and again; it starts like an MP4 so that the bytes pass the sniffing.
    const chunk = randomBytes(PART);
    Buffer.from('0000001c667479706d703432000000006d70343269736f6d', 'hex').copy(chunk);
    const idleRss = memoryOf(api.pid)?.rssMb ?? 0;
    const stopSampling = sampleRss(() => memoryOf(api.pid)?.rssMb ?? null);
    // On PGlite the engine runs in a process of its own (apps/api/src/platform/db/pglite-process.ts): the goal is
    // the API's memory, and the two together are printed beside it.
    const processes = [api.pid, ...childrenOf(api.pid)];
    const stopSamplingTree = sampleRss(() =>
      processes.reduce((sum, pid) => sum + (memoryOf(pid)?.rssMb ?? 0), 0),
    );
    const raw: number[] = [];
    const cached: number[] = [];
    const ours: number[] = [];
    const completes: number[] = [];
    const apiCpu: number[] = [];
    const apiMainCpu: number[] = [];
    const clientCpu: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      settle([rawDir, apiBlobs]);
      fs.mkdirSync(rawDir);
      cached.push(await rawWrite(rawDir, totalBytes, chunk, false));
      settle([rawDir, apiBlobs]);
      fs.mkdirSync(rawDir);
      raw.push(await rawWrite(rawDir, totalBytes, chunk, true));
      settle([rawDir, apiBlobs]);
      const cpuBefore = cpuSecondsOf(api.pid);
      const clientBefore = process.cpuUsage();
      const upload = await uploadThroughApi(connection, grant, totalBytes, chunk);
      const clientUsed = process.cpuUsage(clientBefore);
      const cpuAfter = cpuSecondsOf(api.pid);
      apiCpu.push(cpuAfter.all - cpuBefore.all);
      apiMainCpu.push(cpuAfter.main - cpuBefore.main);
      clientCpu.push((clientUsed.user + clientUsed.system) / 1e6);
      ours.push(upload.seconds);
      completes.push(upload.seconds - upload.partsSeconds);
      progress(
        `upload round ${round + 1}/${rounds} (${engine}): raw ${raw.at(-1)!.toFixed(2)} s (page cache only ` +
          `${cached.at(-1)!.toFixed(2)} s), API ` +
          `${upload.seconds.toFixed(2)} s (API CPU ${apiCpu.at(-1)!.toFixed(2)} s, ${apiMainCpu.at(-1)!.toFixed(2)} s of it on the main thread, client CPU ` +
          `${clientCpu.at(-1)!.toFixed(2)} s)`,
      );
    }
    settle([rawDir, apiBlobs]);
    const peakRss = stopSampling();
    const peakTree = stopSamplingTree();
    const withEngine = peakTree > peakRss ? `; with the database's process, peak ${peakTree} MB` : '';
    const mb = totalBytes / MiB;
    const apiSeconds = median(ours);
    const rawSeconds = median(raw);
    const spread = (values: number[]) => values.map((value) => (mb / value).toFixed(0)).join(', ');
    return [
      {
        figure: `media upload ${mb} MiB`,
        database: engine,
        rows: `median of ${rounds}`,
        server:
          `API multipart, ${(mb / apiSeconds).toFixed(0)} MiB/s (rounds: ${spread(ours)}; complete call ` +
          `${median(completes).toFixed(2)} s; API CPU ${median(apiCpu).toFixed(2)} s (main thread ${median(apiMainCpu).toFixed(2)} s), bench client CPU ` +
          `${median(clientCpu).toFixed(2)} s), RSS idle ${idleRss} MB, peak ${peakRss} MB${withEngine}`,
        versus: [
          { name: 'raw write of the same parts', ratio: rawSeconds / apiSeconds },
          { name: 'the same writes into the page cache only', ratio: median(cached) / apiSeconds },
        ],
      },
      {
        figure: `media upload ${mb} MiB`,
        database: '-',
        rows: `median of ${rounds}`,
        server: `raw write of the same parts, flushed to disk, ${(mb / rawSeconds).toFixed(0)} MiB/s (rounds: ${spread(raw)})`,
      },
      {
        figure: `media upload ${mb} MiB`,
        database: '-',
        rows: `median of ${rounds}`,
        server: `the same writes into the page cache only, ${(mb / median(cached)).toFixed(0)} MiB/s (rounds: ${spread(cached)})`,
      },
    ];
  } finally {
    connection.close();
    await api.stop();
    await database.drop();
  }
}
