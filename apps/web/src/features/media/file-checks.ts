import {
  ACCEPTED_UPLOAD_TYPES,
  MESSAGES,
  UPLOAD_LARGE_FILE_WARNING_BYTES,
  isAcceptedUpload,
  uploadKindOf,
} from '@casting/domain';
import type { UploadKind } from '@casting/domain';

/** The picker's `accept` attribute: the accepted extensions of the kinds offered. */
export function acceptAttribute(kinds: readonly UploadKind[] = ['video', 'image', 'document']): string {
  return kinds.flatMap((kind) => ACCEPTED_UPLOAD_TYPES[kind].map((ext) => `.${ext}`)).join(',');
}

/**
 * Splits chosen files into those of an accepted type and the rest; the rest are named in one toast,
 * 'Unsupported file type(s): {names}.'. The browser's picker filter is only a hint (drag and drop and
 * "All files" bypass it), and the API sniffs the bytes whatever the name says.
 */
export function checkTypes(
  files: readonly File[],
  kinds: readonly UploadKind[] = ['video', 'image', 'document'],
): { accepted: File[]; refusedMessage: string | null } {
  const accepted: File[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const kind = uploadKindOf(file.name);
    if (isAcceptedUpload(file.name) && kind && kinds.includes(kind)) accepted.push(file);
    else refused.push(file.name);
  }
  return {
    accepted,
    refusedMessage: refused.length > 0 ? MESSAGES.unsupportedFileTypes(refused.join(', ')) : null,
  };
}

/** Files over 600 MB need the Large File Upload confirmation first. */
export function isLargeFile(file: File): boolean {
  return file.size > UPLOAD_LARGE_FILE_WARNING_BYTES;
}

/** Size in MB as the confirmation shows it (one decimal, 1 MB = 1,048,576 bytes as the 600 MB limit counts). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** h:mm:ss or m:ss. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A video's duration from its metadata, read by a detached <video> element: the browser reads only the
 * container's header, not the whole file. Null when the browser cannot read it (an unsupported codec).
 */
export function readVideoDuration(file: File, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return resolve(null);
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (value: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
