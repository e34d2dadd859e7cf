import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { writeZip, type ZipEntry } from '../../src/modules/media/zip-writer';
import { openZipFile } from '../../src/platform/zip-file';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const entry = (name: string, contentType: string, bytes: Buffer | null): ZipEntry => ({
  name,
  contentType,
  open: async () => (bytes ? Readable.from([bytes]) : null),
});

// The download job's zip writer, read back by Info-ZIP's unzip (which checks every CRC) and by yauzl.
describe('zip writer', () => {
  it('stores media, deflates the rest, keeps UTF-8 names and skips files that are gone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casting-zip-writer-'));
    try {
      const video = randomBytes(3 * 1024 * 1024 + 17);
      const notes = Buffer.from('Available all of June.\n'.repeat(2000));
      const resume = randomBytes(5000);
      const file = path.join(dir, 'bundle.zip');
      const count = await writeZip(
        [
          entry('Silva_Ana/01_reel.mp4', 'video/mp4', video),
          entry('Silva_Ana/02_notes.txt', 'text/plain', notes),
          entry('Silva_Ana/03_gone.png', 'image/png', null),
          entry('Müller_Zoë/01_résumé.pdf', 'application/pdf', resume),
          entry('Müller_Zoë/02_empty.txt', 'text/plain', Buffer.alloc(0)),
        ],
        fs.createWriteStream(file),
      );
      expect(count).toBe(4);
      expect(execFileSync('unzip', ['-tq', file]).toString()).toContain('No errors detected');

      const zip = await openZipFile(file);
      try {
        expect(
          [...zip.entries.values()].map((e) => [e.fileName, e.compressionMethod, e.uncompressedSize]),
        ).toEqual([
          ['Silva_Ana/01_reel.mp4', 0, video.length],
          ['Silva_Ana/02_notes.txt', 8, notes.length],
          ['Müller_Zoë/01_résumé.pdf', 0, resume.length],
          ['Müller_Zoë/02_empty.txt', 8, 0],
        ]);
        expect(zip.entries.get('Silva_Ana/02_notes.txt')!.compressedSize).toBeLessThan(notes.length / 10);
        const read = async (name: string) => readAll(await zip.open(zip.entries.get(name)!));
        expect((await read('Silva_Ana/01_reel.mp4')).equals(video)).toBe(true);
        expect((await read('Silva_Ana/02_notes.txt')).equals(notes)).toBe(true);
        expect((await read('Müller_Zoë/01_résumé.pdf')).equals(resume)).toBe(true);
      } finally {
        zip.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('uses ZIP64 fields for an entry of more than 4 GiB and for what comes after it', async () => {
    // 4 GiB and 1 MiB of zeros, then a small file whose offset is past 4 GiB. Nothing is written to disk: the zip is
    // kept as its headers plus "this many zeros", and yauzl reads it through a reader that serves those back.
    const zero = Buffer.alloc(1024 * 1024);
    const chunks = 4097;
    const big: ZipEntry = {
      name: 'Lopez_Maya/01_long.mov',
      contentType: 'video/quicktime',
      open: async () =>
        Readable.from(
          (function* () {
            for (let index = 0; index < chunks; index += 1) yield zero;
          })(),
        ),
    };
    const notes = Buffer.from('Call back after the 12th.\n');
    const segments: Array<Buffer | number> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const last = segments.at(-1);
        if (chunk === zero) {
          if (typeof last === 'number') segments[segments.length - 1] = last + chunk.length;
          else segments.push(chunk.length);
        } else segments.push(Buffer.from(chunk));
        callback();
      },
    });
    expect(await writeZip([big, entry('Lopez_Maya/02_notes.txt', 'text/plain', notes)], sink)).toBe(2);

    const size = segments.reduce<number>((sum, s) => sum + (typeof s === 'number' ? s : s.length), 0);
    class Segments extends yauzl.RandomAccessReader {
      override _readStreamForRange(start: number, end: number) {
        return Readable.from(
          (function* () {
            let at = 0;
            for (const segment of segments) {
              const length = typeof segment === 'number' ? segment : segment.length;
              const from = Math.max(start, at);
              const to = Math.min(end, at + length);
              if (from < to) {
                yield typeof segment === 'number'
                  ? Buffer.alloc(to - from)
                  : segment.subarray(from - at, to - at);
              }
              at += length;
            }
          })(),
        );
      }
    }
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromRandomAccessReader(
        new Segments(),
        size,
        { lazyEntries: true, autoClose: false },
        (error, file) => (error ? reject(error) : resolve(file)),
      ),
    );
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push(e);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
    let crc = 0;
    for (let index = 0; index < chunks; index += 1) crc = crc32(zero, crc);
    expect(entries.map((e) => [e.fileName, e.uncompressedSize, e.crc32])).toEqual([
      ['Lopez_Maya/01_long.mov', chunks * zero.length, crc],
      ['Lopez_Maya/02_notes.txt', notes.length, crc32(notes)],
    ]);
    expect(entries[1]!.relativeOffsetOfLocalHeader).toBeGreaterThan(0xffffffff);
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entries[1]!, (error, s) => (error ? reject(error) : resolve(s))),
    );
    expect((await readAll(stream)).equals(notes)).toBe(true);
    zip.close();
  }, 60_000);
});
