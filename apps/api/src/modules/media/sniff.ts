import type { Readable } from 'node:stream';
import { fileExtension, type MediaKind } from '@casting/domain';

/** Bytes read from the start of an upload to decide what it is (zip-based Office files need more than a header). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * What the bytes say a file is, by file-type's signatures, mapped onto the accepted upload types
 * (ACCEPTED_UPLOAD_TYPES). The name's extension is never enough: an executable renamed .jpg is `elf`/`exe` here and
 * refused. Three families have no signature of their own and use the name only to choose between accepted meanings of
 * the same bytes:
 * - `cfb` (OLE compound file) is accepted as .doc or .xls;
 * - a plain `zip` is accepted as .docx or .xlsx when file-type did not already see the Office parts;
 * - bytes with no signature are accepted as .txt only when they are text (valid UTF-8, no NUL bytes).
 */
const BY_SIGNATURE: Record<string, { kind: MediaKind; type: string }> = {
  jpg: { kind: 'image', type: 'image/jpeg' },
  png: { kind: 'image', type: 'image/png' },
  gif: { kind: 'image', type: 'image/gif' },
  webp: { kind: 'image', type: 'image/webp' },
  heic: { kind: 'image', type: 'image/heic' },
  // AVIF is the AV1 flavour of HEIF; phones and browsers produce it under the heif name.
  avif: { kind: 'image', type: 'image/avif' },
  mp4: { kind: 'video', type: 'video/mp4' },
  m4v: { kind: 'video', type: 'video/x-m4v' },
  mov: { kind: 'video', type: 'video/quicktime' },
  qt: { kind: 'video', type: 'video/quicktime' },
  webm: { kind: 'video', type: 'video/webm' },
  mkv: { kind: 'video', type: 'video/x-matroska' },
  ogv: { kind: 'video', type: 'video/ogg' },
  ogg: { kind: 'video', type: 'video/ogg' },
  avi: { kind: 'video', type: 'video/x-msvideo' },
  asf: { kind: 'video', type: 'video/x-ms-wmv' },
  flv: { kind: 'video', type: 'video/x-flv' },
  '3gp': { kind: 'video', type: 'video/3gpp' },
  pdf: { kind: 'document', type: 'application/pdf' },
  docx: {
    kind: 'document',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  xlsx: { kind: 'document', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

const BY_NAME_FOR_CFB: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
};
const BY_NAME_FOR_ZIP: Record<string, string> = {
  docx: BY_SIGNATURE.docx!.type,
  xlsx: BY_SIGNATURE.xlsx!.type,
};

export interface Sniffed {
  kind: MediaKind;
  contentType: string;
  /** The extension the content has (used for icons and zip names). */
  ext: string;
}

function isText(sample: Buffer): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the sample is not an error of the file.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.max(0, sample.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** The accepted kind and type of these first bytes of a file named `fileName`, or null when they are not accepted. */
export async function sniffBytes(sample: Buffer, fileName: string): Promise<Sniffed | null> {
  const nameExt = fileExtension(fileName);
  // Loaded on the first completed upload rather than at start (about 12 MB resident).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(sample);
  if (!detected) {
    return nameExt === 'txt' && isText(sample)
      ? { kind: 'document', contentType: 'text/plain', ext: 'txt' }
      : null;
  }
  if (detected.ext === 'cfb') {
    const type = BY_NAME_FOR_CFB[nameExt];
    return type ? { kind: 'document', contentType: type, ext: nameExt } : null;
  }
  if (detected.ext === 'zip') {
    const type = BY_NAME_FOR_ZIP[nameExt];
    return type ? { kind: 'document', contentType: type, ext: nameExt } : null;
  }
  const known = BY_SIGNATURE[detected.ext];
  if (!known) return null;
  return { kind: known.kind, contentType: known.type, ext: detected.ext === 'qt' ? 'mov' : detected.ext };
}

/**
 * What refused bytes really are, in words for the person who sent them ("ELF content (application/x-elf)"), or null
 * when no signature matches: a refusal names the real content, so a renamed file is recognised for what it is.
 */
export async function describeContent(sample: Buffer): Promise<string | null> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(sample);
  return detected ? `${detected.ext.toUpperCase()} content (${detected.mime})` : null;
}

/** Reads at most `SNIFF_BYTES` from the start of a stream, then lets it go. */
export async function readHead(stream: Readable, limit = SNIFF_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      length += buffer.length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}
