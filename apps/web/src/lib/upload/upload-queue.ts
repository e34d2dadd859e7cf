import {
  MAX_FILE_RETRIES,
  MESSAGES,
  UPLOAD_PROGRESS_THROTTLE_MS,
  extractErrorMessage,
  uploadKindOf,
} from '@casting/domain';
import { createResumeStore } from './resume-store';
import type { ResumeStore } from './resume-store';
import type { QueueItem, ResumeStorage, UploadResult, UploadTransport } from './types';
import { UploadError, factsOf, isAbort, uploadFile } from './upload-file';
import type { UploadFileOptions } from './upload-file';

export interface UploadQueueOptions {
  transport: UploadTransport;
  /** Where resume records live; null turns resuming off. */
  storage: ResumeStorage | null;
  /** Separates resume records of different destinations, e.g. `candidate:<id>`. */
  scope?: string;
  /**
   * Runs after the bytes are stored, before the item counts as completed: registering the upload as a
   * candidate's media, say. A rejection fails the item like a failed upload.
   */
  finalize?(item: QueueItem, result: UploadResult, signal: AbortSignal): Promise<UploadResult>;
  /** Once the queue has nothing pending or uploading: every item is completed or failed. */
  onComplete?(completed: QueueItem[], failed: QueueItem[]): void;
  /**
   * Texts for people ('Failed to upload {file name}.', 'Maximum retries reached for {file name}'), with the
   * reason when there is one (the API's refusal, such as content that is not an accepted type).
   */
  onMessage?(message: string, kind: 'error', detail?: string): void;
  now?(): number;
  /** Spec constants; tests may shrink them. */
  throttleMs?: number;
  maxRetries?: number;
  fileOptions?: Pick<
    UploadFileOptions,
    'sleep' | 'smallFileThreshold' | 'chunkSize' | 'parallel' | 'retryDelays' | 'signBatch'
  >;
}

export interface UploadQueue {
  /** Adds files at the end; they start in order, one at a time. */
  add(files: readonly File[]): QueueItem[];
  /** A failed item goes back to pending with progress 0, at most MAX_FILE_RETRIES times. */
  retry(id: string): boolean;
  /** Takes an item out; an upload in flight is aborted. */
  remove(id: string): void;
  getSnapshot(): readonly QueueItem[];
  subscribe(listener: () => void): () => void;
  /** Aborts everything (the page that owns the queue went away). */
  destroy(): void;
}

let sequence = 0;

/**
 * An answer of 4xx from the API is a refusal of the request itself; the same file gets the same answer. A timeout
 * (408) and rate limiting (429) pass with time, and network errors carry no status: those stay retryable.
 */
export function isRefusal(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : null;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * The upload queue. One file at a time; pending items start in the order they were added.
 * Progress changes reach subscribers at most every 100 ms (status changes at once), so a fast connection does
 * not re-render a list of hundreds of files for every 64 KiB sent.
 */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const now = options.now ?? Date.now;
  const throttleMs = options.throttleMs ?? UPLOAD_PROGRESS_THROTTLE_MS;
  const maxRetries = options.maxRetries ?? MAX_FILE_RETRIES;
  const resume: ResumeStore = createResumeStore(options.storage, now);
  const scope = options.scope ?? 'default';
  const listeners = new Set<() => void>();
  const controllers = new Map<string, AbortController>();
  let items: QueueItem[] = [];
  let running = false;
  let destroyed = false;
  let lastEmit = Number.NEGATIVE_INFINITY;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  /** Whether anything ran since the last completion callback: one callback per batch. */
  let batchOpen = false;

  const emitNow = () => {
    if (trailing) {
      clearTimeout(trailing);
      trailing = null;
    }
    lastEmit = now();
    listeners.forEach((listener) => listener());
  };
  const emitProgress = () => {
    const wait = lastEmit + throttleMs - now();
    if (wait <= 0) emitNow();
    else trailing ??= setTimeout(emitNow, wait);
  };

  const update = (id: string, patch: Partial<QueueItem>, throttled = false) => {
    let changed = false;
    items = items.map((item) => {
      if (item.id !== id) return item;
      changed = true;
      return { ...item, ...patch };
    });
    if (!changed) return;
    if (throttled) emitProgress();
    else emitNow();
  };

  const find = (id: string) => items.find((item) => item.id === id);

  const finishBatchIfIdle = () => {
    if (!batchOpen) return;
    if (items.some((item) => item.status === 'PENDING' || item.status === 'UPLOADING')) return;
    batchOpen = false;
    options.onComplete?.(
      items.filter((item) => item.status === 'COMPLETED'),
      items.filter((item) => item.status === 'FAILED'),
    );
  };

  const runOne = async (item: QueueItem) => {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    update(item.id, { status: 'UPLOADING', progress: 0, error: null, refused: false, resumed: false });
    try {
      let result = await uploadFile(item.file, {
        ...options.fileOptions,
        transport: options.transport,
        resume,
        scope,
        signal: controller.signal,
        onBytes: (sent) => {
          const progress = item.size === 0 ? 100 : Math.floor((sent / item.size) * 100);
          if (find(item.id)?.progress !== progress) update(item.id, { progress }, true);
        },
        onResumed: () => update(item.id, { resumed: true }),
      });
      if (options.finalize) {
        const current = find(item.id);
        if (current) result = await options.finalize(current, result, controller.signal);
      }
      if (controller.signal.aborted) return;
      update(item.id, { status: 'COMPLETED', progress: 100, result });
    } catch (error) {
      if (isAbort(error, controller.signal)) return;
      // The engine's own texts as they are; an API refusal by its message (details, then body, then own).
      const reason = error instanceof UploadError ? error.message : extractErrorMessage(error);
      update(item.id, { status: 'FAILED', error: reason, refused: isRefusal(error) });
      options.onMessage?.(MESSAGES.failedToUpload(item.name), 'error', reason);
      // Failures are reported to the API for staff; a failing report must not hide the upload's failure.
      void options.transport
        .reportFailure(reason, {
          fileName: item.name,
          size: item.size,
          contentType: item.fileType,
          retryCount: item.retryCount,
        })
        .catch(() => undefined);
    } finally {
      controllers.delete(item.id);
    }
  };

  const pump = async () => {
    if (running || destroyed) return;
    running = true;
    try {
      for (;;) {
        const next = items.find((item) => item.status === 'PENDING');
        if (!next || destroyed) break;
        await runOne(next);
      }
    } finally {
      running = false;
    }
    if (trailing) emitNow();
    finishBatchIfIdle();
  };

  return {
    add(files) {
      const added = files.map((file): QueueItem => ({
        id: `upload-${(sequence += 1)}`,
        name: file.name,
        size: file.size,
        fileType: file.type,
        type: uploadKindOf(file.name),
        status: 'PENDING',
        progress: 0,
        retryCount: 0,
        error: null,
        refused: false,
        result: null,
        resumed: false,
        file,
      }));
      if (added.length === 0) return added;
      items = [...items, ...added];
      batchOpen = true;
      emitNow();
      void pump();
      return added;
    },
    retry(id) {
      const item = find(id);
      if (!item || item.status !== 'FAILED' || item.refused) return false;
      if (item.retryCount >= maxRetries) {
        options.onMessage?.(MESSAGES.maxRetriesReached(item.name), 'error');
        return false;
      }
      update(id, { status: 'PENDING', progress: 0, error: null, retryCount: item.retryCount + 1 });
      batchOpen = true;
      void pump();
      return true;
    },
    remove(id) {
      const item = find(id);
      if (!item) return;
      const controller = controllers.get(id);
      controller?.abort();
      items = items.filter((entry) => entry.id !== id);
      emitNow();
      // A removed upload is abandoned on purpose: it must not be offered for resuming later.
      if (item.status !== 'COMPLETED') resume.forget(scope, factsOf(item.file));
      if (!running) finishBatchIfIdle();
    },
    getSnapshot: () => items,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    destroy() {
      destroyed = true;
      controllers.forEach((controller) => controller.abort());
      if (trailing) clearTimeout(trailing);
      listeners.clear();
    },
  };
}
