import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
export const FFMPEG =
  process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** A 60 x 40 JPEG whose EXIF says "rotate 90°" (orientation 6) and carries a GPS position. */
export function orientedJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#228844' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3366ccff' } })
    .png()
    .toBuffer();
}

/** A tiny HEIC (64 x 48) made once with libheif's heif-enc from a generated JPEG; committed, not downloaded. */
export function heic(): Buffer {
  return fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'tiny.heic'));
}

/** A one-page PDF (A6, a filled rectangle and a line of text) with a correct cross-reference table. */
export function pdf(): Buffer {
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

/**
 * A QuickTime video with a tone, 320 x 240 and 2 seconds unless asked otherwise, made by ffmpeg (MPEG-4 Part 2, so
 * conversion has work to do).
 */
export function video(seconds = 2, size = '320x240'): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-video-'));
  const file = path.join(dir, 'clip.mov');
  const result = spawnSync(FFMPEG, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A JPEG header then noise: sniffed as JPEG, undecodable. */
export function corruptJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
    Buffer.alloc(3000, 0x55),
  ]);
}

/** A QuickTime file type box then noise: sniffed as a .mov video, which ffmpeg cannot read. */
export function corruptVideo(): Buffer {
  const header = video(1).subarray(0, 20);
  if (header.subarray(4, 8).toString('latin1') !== 'ftyp')
    throw new Error('ffmpeg wrote no file type box first');
  return Buffer.concat([header, Buffer.alloc(20_000, 0x55)]);
}
