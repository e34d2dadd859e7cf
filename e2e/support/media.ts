import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, outbox } from './fixtures';
import { PASSWORD } from './projects';
import type { Person, apiAs } from './projects';

/** Media for the media journeys, made on the spot: a real JPEG (sharp) and a real H.264 MP4 (ffmpeg). */

export async function makeJpeg(width = 640, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 90, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/**
 * A video of about `megabytes` MB, so it goes up in 5 MiB parts (over the 10 MiB single-PUT threshold). The
 * ffmpeg binary is the one the API's processing uses (the @ffmpeg-installer package, or FFMPEG_PATH).
 */
export function makeVideo(megabytes = 14, seconds = 4): Buffer {
  const ffmpeg =
    process.env.FFMPEG_PATH ??
    (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const file = path.join(os.tmpdir(), `e2e-media-${randomUUID()}.mp4`);
  const bitrate = `${Math.round((megabytes * 8) / seconds)}M`;
  execFileSync(
    ffmpeg,
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-b:v',
      bitrate,
      '-minrate',
      bitrate,
      '-maxrate',
      bitrate,
      '-bufsize',
      bitrate,
      // Constant bitrate with filler, so the test pattern (which compresses well) still makes a file of this size.
      '-x264-params',
      'nal-hrd=cbr',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      file,
    ],
    { stdio: 'pipe' },
  );
  const bytes = fs.readFileSync(file);
  fs.rmSync(file, { force: true });
  return bytes;
}

type Api = Awaited<ReturnType<typeof apiAs>>;

/** A project with one opportunity and one candidate; `applicantId` is the person, `rowId` their submission. */
export async function seedCandidate(api: Api, firstName: string, lastName: string) {
  const project = await api<{ id: string }>('POST', '/v2/projects', {
    name: `Tidewater ${randomUUID().slice(0, 6)}`,
  });
  const role = await api<{ id: string }>('POST', `/v2/projects/${project.id}/roles`, {
    name: 'Lighthouse keeper',
  });
  const added = await api<{ id: string; applicantId: string }>('POST', '/projects/admin/applicants', {
    projectId: project.id,
    roleId: role.id,
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 6)}@talent.test`,
  });
  return { projectId: project.id, roleId: role.id, applicantId: added.applicantId, rowId: added.id };
}

/** Staff upload through the API as the web queue does it (single signed PUT), attached to the applicant. */
export async function uploadThroughApi(
  request: APIRequestContext,
  token: string,
  target: { projectId: string; applicantId: string },
  name: string,
  bytes: Buffer,
  contentType: string,
) {
  const headers = { Authorization: `Bearer ${token}` };
  const signed = await request.post('/api/media-management/get-signed-url', {
    headers,
    data: { ...target, imagesParams: [{ fileKey: name, contentType, size: bytes.length }] },
  });
  expect(signed.status(), 'get-signed-url').toBe(200);
  const [url] = (
    (await signed.json()) as { urls: { url: string; key: string; headers: Record<string, string> }[] }
  ).urls;
  const put = await request.fetch(url!.url, { method: 'PUT', headers: url!.headers, data: bytes });
  expect(put.status(), 'signed PUT').toBe(200);
  const done = await request.post('/api/media-management/upload-complete', {
    headers,
    data: { Key: url!.key },
  });
  expect(done.status(), 'upload-complete').toBe(200);
  return (await done.json()) as { mediaId: string };
}

/** The /downloads/{id}?token=... link of the newest 'Your download is ready' mail to `email`. */
export async function mailedDownloadLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request, email)).find((message) =>
          /download is ready/i.test(message.subject),
        );
        link = mail?.text.match(/https?:\/\/\S+\/downloads\/\S+/)?.[0];
        return link;
      },
      { timeout: 60_000, message: 'the download mail' },
    )
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

/** The bearer token of a staff member, for the upload calls the journey is not about. */
export async function accessTokenOf(request: APIRequestContext, who: Person): Promise<string> {
  const signedIn = await request.post('/api/auth/sign-in', {
    headers: { 'X-Requested-With': 'casting-web' },
    data: { email: who.email, password: PASSWORD },
  });
  expect(signedIn.status(), 'POST /api/auth/sign-in').toBe(200);
  return ((await signedIn.json()) as { accessToken: string }).accessToken;
}

/** A one-page PDF with text and a filled box, written by hand (the processing renders its first page). */
export function makePdf(): Buffer {
  const stream = 'BT /F1 18 Tf 20 300 Td (Casting resume) Tj ET 0.2 0.4 0.8 rg 20 40 200 120 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

/** A small HEIC photo (the API tests' fixture, made once with libheif's heif-enc). */
export function heicPhoto(): Buffer {
  return fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/api/test/media/fixtures/tiny.heic'));
}
