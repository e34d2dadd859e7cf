import type { FileFacts, MultipartHandle, ResumeStorage } from './types';

/**
 * Remembers unfinished multipart uploads so that choosing the same file again (same name, size and
 * last-modified time) after a closed tab or a lost connection continues from the last completed part instead
 * of sending gigabytes again. Only the upload id and key are kept (no file bytes, no URLs: signed URLs expire).
 * Records older than the store's lifecycle for abandoned uploads are useless, so they are dropped after 7 days.
 */
const PREFIX = 'casting.upload.v1:';
export const RESUME_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

interface ResumeRecord extends MultipartHandle {
  partSize: number;
  savedAt: number;
}

export interface ResumeStore {
  find(scope: string, file: FileFacts, partSize: number): MultipartHandle | null;
  save(scope: string, file: FileFacts, handle: MultipartHandle, partSize: number): void;
  forget(scope: string, file: FileFacts): void;
}

function recordKey(scope: string, file: FileFacts): string {
  return `${PREFIX}${scope}:${file.name}:${file.size}:${file.lastModified}`;
}

export function createResumeStore(storage: ResumeStorage | null, now: () => number = Date.now): ResumeStore {
  // Private windows and full quotas make storage throw; resuming is a convenience, never a reason to fail.
  const safely = <T>(run: () => T, fallback: T): T => {
    try {
      return run();
    } catch {
      return fallback;
    }
  };
  return {
    find(scope, file, partSize) {
      if (!storage) return null;
      const key = recordKey(scope, file);
      const raw = safely(() => storage.getItem(key), null);
      if (!raw) return null;
      const record = safely(() => JSON.parse(raw) as Partial<ResumeRecord>, {});
      const valid =
        typeof record.uploadId === 'string' &&
        typeof record.key === 'string' &&
        record.partSize === partSize &&
        typeof record.savedAt === 'number' &&
        now() - record.savedAt < RESUME_MAX_AGE_MS;
      if (!valid) {
        safely(() => storage.removeItem(key), undefined);
        return null;
      }
      return { uploadId: record.uploadId as string, key: record.key as string };
    },
    save(scope, file, handle, partSize) {
      if (!storage) return;
      const record: ResumeRecord = { ...handle, partSize, savedAt: now() };
      safely(() => storage.setItem(recordKey(scope, file), JSON.stringify(record)), undefined);
    },
    forget(scope, file) {
      if (!storage) return;
      safely(() => storage.removeItem(recordKey(scope, file)), undefined);
    },
  };
}

/** window.localStorage when the page may use it, else null (no resuming). */
export function browserResumeStorage(): ResumeStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
