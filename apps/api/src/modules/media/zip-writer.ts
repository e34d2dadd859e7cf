import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createDeflateRaw } from 'node:zlib';
import { crc32 } from '@node-rs/crc32';

// Media that is already compressed is stored as it is: deflating a video costs CPU and saves nothing.
const STORE_ONLY = /^(image|video|audio)\/|^application\/(pdf|zip|vnd\.openxmlformats)/;

export interface ZipEntry {
  name: string;
  contentType: string;
  /** Opened only when its turn comes; null when the file is gone (skipped). */
  open(): Promise<Readable | null>;
}

/**
 * How far the writer may run ahead of the output (whose own buffer is 16 KiB for a file): while one write is with
 * the disk the next chunks gather and go out together. A bound, so memory does not grow with the files.
 */
const AHEAD_BYTES = 1024 * 1024;
/** The largest value of a 32-bit zip field; a value at or past it is carried by the ZIP64 fields instead. */
const MAX_32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;
/** Bit 3: the CRC and sizes follow the data (a data descriptor), as they are known only then; bit 11: UTF-8 names. */
const FLAGS = 0x0808;
/** Version needed to extract: 2.0 (deflate, data descriptors), 4.5 for an entry with ZIP64 fields. */
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3) to zip specification 4.5. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
/** A regular file, rw-r--r--: the Unix mode in the high half of the external attributes. */
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

/** The MS-DOS time and date fields of the zip headers (local time, in two-second steps). */
function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * Streams entries into a zip, one at a time: already-compressed media is stored, the rest deflated. Answers the
 * number of entries written.
 *
 * Written here rather than with archiver (decision 0358): a stored entry is read, checksummed with zlib's native
 * CRC-32 and written, with nothing in between, where archiver passes every chunk through four JavaScript stream stages
 * and a CRC computed in JavaScript, which made it slower than Info-ZIP's `zip -0` on the same files. The format is
 * the one archiver writes: a local header with a data descriptor after the data (the CRC and sizes are known only
 * then), the central directory, and ZIP64 fields for entries, offsets or counts past the 32-bit limits (uploads go up
 * to 5 GiB).
 */
export async function writeZip(entries: readonly ZipEntry[], out: Writable): Promise<number> {
  try {
    return await writeEntries(entries, out);
  } catch (error) {
    out.destroy();
    throw error;
  }
}

async function writeEntries(entries: readonly ZipEntry[], out: Writable): Promise<number> {
  let offset = 0;
  let failure: Error | null = null;
  const onError = (error: Error) => (failure = error);
  out.on('error', onError);
  const write = async (chunk: Buffer) => {
    if (failure) throw failure;
    offset += chunk.length;
    if (!out.write(chunk) && out.writableLength >= AHEAD_BYTES) await once(out, 'drain');
  };

  const { time, day } = dosDateTime(new Date());
  const written: Written[] = [];
  for (const entry of entries) {
    const stream = await entry.open();
    if (!stream) continue;
    const name = Buffer.from(entry.name, 'utf8');
    const record: Written = {
      name,
      method: STORE_ONLY.test(entry.contentType) ? STORED : DEFLATED,
      crc: 0,
      size: 0,
      compressedSize: 0,
      offset,
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(record.method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    // CRC and sizes (14-25) stay zero: the data descriptor carries them.
    local.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([local, name]));

    if (record.method === STORED) {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        record.crc = crc32(chunk, record.crc);
        record.size += chunk.length;
        await write(chunk);
      }
      record.compressedSize = record.size;
    } else {
      const deflate = createDeflateRaw({ level: 6 });
      const feeding = pipeline(
        stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            record.crc = crc32(chunk, record.crc);
            record.size += chunk.length;
            yield chunk;
          }
        },
        deflate,
      );
      feeding.catch(() => undefined); // reported through the loop below, which the failure ends
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        record.compressedSize += chunk.length;
        await write(chunk);
      }
      await feeding;
    }

    // A ZIP64 data descriptor (8-byte sizes) only for an entry past the 32-bit limit, as archiver and Go's zip do;
    // readers take the sizes from the central directory.
    const large = record.size >= MAX_32 || record.compressedSize >= MAX_32;
    const descriptor = Buffer.alloc(large ? 24 : 16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(record.crc, 4);
    if (large) {
      descriptor.writeBigUInt64LE(BigInt(record.compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(record.size), 16);
    } else {
      descriptor.writeUInt32LE(record.compressedSize, 8);
      descriptor.writeUInt32LE(record.size, 12);
    }
    await write(descriptor);
    written.push(record);
  }

  const directoryOffset = offset;
  for (const record of written) {
    const zip64 = record.size >= MAX_32 || record.compressedSize >= MAX_32 || record.offset >= MAX_32;
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY, 4);
    central.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 6);
    central.writeUInt16LE(FLAGS, 8);
    central.writeUInt16LE(record.method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(record.crc, 16);
    central.writeUInt32LE(zip64 ? MAX_32 : record.compressedSize, 20);
    central.writeUInt32LE(zip64 ? MAX_32 : record.size, 24);
    central.writeUInt16LE(record.name.length, 28);
    central.writeUInt16LE(zip64 ? 28 : 0, 30);
    // Comment length, disk number, internal attributes (32-37) are zero.
    central.writeUInt32LE(FILE_ATTRIBUTES, 38);
    central.writeUInt32LE(zip64 ? MAX_32 : record.offset, 42);
    const parts = [central, record.name];
    if (zip64) {
      // The ZIP64 extended information: all three values, since all three 32-bit fields say "see ZIP64".
      const extra = Buffer.alloc(28);
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(record.size), 4);
      extra.writeBigUInt64LE(BigInt(record.compressedSize), 12);
      extra.writeBigUInt64LE(BigInt(record.offset), 20);
      parts.push(extra);
    }
    await write(Buffer.concat(parts));
  }
  const directorySize = offset - directoryOffset;

  const count = written.length;
  if (count >= 0xffff || directoryOffset >= MAX_32 || directorySize >= MAX_32) {
    // ZIP64 end of central directory record, then its locator.
    const end64 = Buffer.alloc(56 + 20);
    end64.writeUInt32LE(0x06064b50, 0);
    end64.writeBigUInt64LE(44n, 4);
    end64.writeUInt16LE(MADE_BY, 12);
    end64.writeUInt16LE(VERSION_ZIP64, 14);
    end64.writeBigUInt64LE(BigInt(count), 24);
    end64.writeBigUInt64LE(BigInt(count), 32);
    end64.writeBigUInt64LE(BigInt(directorySize), 40);
    end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
    end64.writeUInt32LE(0x07064b50, 56);
    end64.writeBigUInt64LE(BigInt(offset), 64);
    end64.writeUInt32LE(1, 72);
    await write(end64);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX_32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX_32), 16);
  await write(end);
  out.off('error', onError);
  out.end();
  await finished(out);
  return count;
}
