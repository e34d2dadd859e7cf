import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUploadQueue } from './upload-queue';
import type { UploadQueueOptions } from './upload-queue';
import type { MultipartHandle, PutOptions, ResumeStorage, UploadTransport, UploadedPart } from './types';

/**
 * An in-memory object store behind the transport: what it holds survives a queue (a page) going away, as
 * the real store does, so resuming can be checked end to end. `failPut` decides per call whether a PUT fails.
 */
function fakeStore() {
  const uploads = new Map<string, Map<number, string>>();
  const objects = new Map<string, number>();
  const puts: { url: string; at: number; size: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let failPut: (url: string, attempt: number) => boolean = () => false;
  let putDelayMs = 10;
  const attempts = new Map<string, number>();
  const reports: { error: string; context: Record<string, unknown> }[] = [];
  const signCalls: number[][] = [];
  let counter = 0;

  const transport: UploadTransport = {
    signSingle: async (file) => ({ url: `single:${file.name}`, key: `key-${file.name}` }),
    completeSingle: async (signed) => ({ key: signed.key, url: `/files/${signed.key}` }),
    startMultipart: async (file) => {
      counter += 1;
      const handle = { uploadId: `u${counter}`, key: `key-${file.name}` };
      uploads.set(handle.uploadId, new Map());
      return handle;
    },
    signParts: async (handle: MultipartHandle, _chunksNumber: number, partNumbers: readonly number[]) => {
      signCalls.push([...partNumbers]);
      return partNumbers.map((partNumber) => ({ partNumber, url: `part:${handle.uploadId}:${partNumber}` }));
    },
    listParts: async (handle) => {
      const parts = uploads.get(handle.uploadId);
      if (!parts) throw new Error('NoSuchUpload');
      return [...parts.entries()].map(([partNumber, etag]) => ({ partNumber, etag }));
    },
    completeMultipart: async (handle, parts: UploadedPart[]) => {
      const stored = uploads.get(handle.uploadId);
      if (!stored) throw new Error('NoSuchUpload');
      for (const part of parts) if (stored.get(part.partNumber) !== part.etag) throw new Error('bad part');
      uploads.delete(handle.uploadId);
      objects.set(handle.key, parts.length);
      return { key: handle.key, url: `/files/${handle.key}` };
    },
    put: (url: string, body: Blob, options: PutOptions) =>
      new Promise((resolve, reject) => {
        const attempt = (attempts.get(url) ?? 0) + 1;
        attempts.set(url, attempt);
        puts.push({ url, at: Date.now(), size: body.size });
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const timer = setTimeout(() => {
          inFlight -= 1;
          if (failPut(url, attempt)) return reject(new Error('network down'));
          options.onProgress?.(body.size);
          const [kind, uploadId, part] = url.split(':');
          if (kind === 'part') uploads.get(uploadId as string)?.set(Number(part), `etag-${part}`);
          resolve({ etag: kind === 'part' ? `etag-${part}` : '"single"' });
        }, putDelayMs);
        options.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          inFlight -= 1;
          reject(new DOMException('aborted', 'AbortError'));
        });
      }),
    reportFailure: async (error, context) => {
      reports.push({ error, context });
    },
  };
  return {
    transport,
    puts,
    reports,
    signCalls,
    uploads,
    objects,
    get maxInFlight() {
      return maxInFlight;
    },
    setFailPut(rule: (url: string, attempt: number) => boolean) {
      failPut = rule;
    },
    setPutDelay(ms: number) {
      putDelayMs = ms;
    },
  };
}

function memoryStorage(): ResumeStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const fileOf = (name: string, size: number, lastModified = 1_700_000_000_000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });

// Small numbers stand for the 10 MiB threshold and 5 MiB chunks; the rules are the same.
const small = { smallFileThreshold: 10, chunkSize: 5 } as const;

function setup(extra: Partial<UploadQueueOptions> = {}, store = fakeStore(), storage = memoryStorage()) {
  const completions: { completed: string[]; failed: string[] }[] = [];
  const messages: string[] = [];
  const queue = createUploadQueue({
    transport: store.transport,
    storage,
    fileOptions: small,
    onComplete: (completed, failed) =>
      completions.push({ completed: completed.map((i) => i.name), failed: failed.map((i) => i.name) }),
    onMessage: (message) => messages.push(message),
    ...extra,
  });
  return { queue, store, storage, completions, messages };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('upload queue', () => {
  it('sends a file under the threshold in one signed PUT and reports it completed', async () => {
    const { queue, store, completions } = setup();
    queue.add([fileOf('photo.jpg', 9)]);
    await vi.runAllTimersAsync();
    expect(store.puts.map((put) => put.url)).toEqual(['single:photo.jpg']);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'COMPLETED', progress: 100 });
    expect(queue.getSnapshot()[0]?.result?.key).toBe('key-photo.jpg');
    expect(completions).toEqual([{ completed: ['photo.jpg'], failed: [] }]);
  });

  it('uploads one file at a time, in the order added', async () => {
    const { queue, store } = setup();
    queue.add([fileOf('a.jpg', 3), fileOf('b.jpg', 3)]);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['UPLOADING', 'PENDING']);
    await vi.advanceTimersByTimeAsync(10);
    expect(queue.getSnapshot().map((item) => item.status)).toEqual(['COMPLETED', 'UPLOADING']);
    await vi.runAllTimersAsync();
    expect(store.puts.map((put) => put.url)).toEqual(['single:a.jpg', 'single:b.jpg']);
  });

  it('sends a large file as multipart chunks, two at a time, and completes with every ETag', async () => {
    const { queue, store } = setup();
    queue.add([fileOf('tape.mp4', 23)]);
    await vi.runAllTimersAsync();
    expect(store.puts.map((put) => put.size)).toEqual([5, 5, 5, 5, 3]);
    expect(store.maxInFlight).toBe(2);
    expect(store.objects.get('key-tape.mp4')).toBe(5);
    expect(queue.getSnapshot()[0]?.status).toBe('COMPLETED');
  });

  it('asks for part URLs in batches as the upload goes', async () => {
    const { queue, store } = setup({ fileOptions: { ...small, signBatch: 2 } });
    queue.add([fileOf('tape.mp4', 23)]);
    await vi.runAllTimersAsync();
    expect(store.signCalls).toEqual([[1, 2], [3, 4], [5]]);
    expect(queue.getSnapshot()[0]?.status).toBe('COMPLETED');
  });

  it('tries a failed chunk again after 1 s and then 2 s', async () => {
    const { queue, store } = setup();
    store.setFailPut((url, attempt) => url.endsWith(':2') && attempt <= 2);
    queue.add([fileOf('tape.mp4', 12)]);
    await vi.runAllTimersAsync();
    const part2 = store.puts.filter((put) => put.url.endsWith(':2')).map((put) => put.at);
    // Each PUT takes 10 ms in the fake store; the waits between attempts are 1 s and 2 s.
    expect(part2[1]! - part2[0]!).toBe(10 + 1000);
    expect(part2[2]! - part2[1]!).toBe(10 + 2000);
    expect(queue.getSnapshot()[0]?.status).toBe('COMPLETED');
  });

  it('fails the file when a chunk still fails after its retries, tells the person and reports it', async () => {
    const { queue, store, messages, completions } = setup();
    store.setFailPut((url) => url.endsWith(':2'));
    queue.add([fileOf('tape.mp4', 12)]);
    await vi.runAllTimersAsync();
    expect(store.puts.filter((put) => put.url.endsWith(':2'))).toHaveLength(3);
    expect(queue.getSnapshot()[0]).toMatchObject({
      status: 'FAILED',
      error: 'Upload incomplete - some chunks failed',
    });
    expect(messages).toEqual(['Failed to upload tape.mp4.']);
    expect(store.reports[0]).toMatchObject({
      error: 'Upload incomplete - some chunks failed',
      context: { fileName: 'tape.mp4' },
    });
    expect(completions).toEqual([{ completed: [], failed: ['tape.mp4'] }]);
  });

  it('fails a multipart upload the store did not start (no upload id), before sending any part', async () => {
    const store = fakeStore();
    store.transport.startMultipart = async (file) => ({ uploadId: '', key: `key-${file.name}` });
    const { queue, messages, storage } = setup({}, store);
    queue.add([fileOf('tape.mp4', 12)]);
    await vi.runAllTimersAsync();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'FAILED', error: 'Upload not initialized' });
    expect(messages).toEqual(['Failed to upload tape.mp4.']);
    expect(store.puts).toEqual([]);
    expect(store.reports[0]).toMatchObject({ error: 'Upload not initialized' });
    // Nothing to resume from.
    expect(storage.data.size).toBe(0);
  });

  it('lets a failed file be retried three times, then says the maximum is reached', async () => {
    const { queue, store, messages } = setup();
    store.setFailPut(() => true);
    const [item] = queue.add([fileOf('photo.jpg', 3)]);
    await vi.runAllTimersAsync();
    for (let round = 1; round <= 3; round += 1) {
      expect(queue.retry(item!.id)).toBe(true);
      expect(queue.getSnapshot()[0]).toMatchObject({ retryCount: round });
      await vi.runAllTimersAsync();
      expect(queue.getSnapshot()[0]?.status).toBe('FAILED');
    }
    expect(queue.retry(item!.id)).toBe(false);
    expect(messages.at(-1)).toBe('Maximum retries reached for photo.jpg');
    expect(queue.getSnapshot()[0]?.status).toBe('FAILED');
  });

  it('puts a retried item back to pending with progress 0, and a retry that works completes it', async () => {
    const { queue, store } = setup();
    let down = true;
    store.setFailPut(() => down);
    const [item] = queue.add([fileOf('photo.jpg', 3)]);
    await vi.runAllTimersAsync();
    down = false;
    queue.retry(item!.id);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'UPLOADING', progress: 0 });
    await vi.runAllTimersAsync();
    expect(queue.getSnapshot()[0]?.status).toBe('COMPLETED');
  });

  it('aborts the upload in flight when its item is removed, and goes on with the next', async () => {
    const { queue, store, completions } = setup();
    store.setPutDelay(1000);
    const [first] = queue.add([fileOf('a.mp4', 12), fileOf('b.jpg', 3)]);
    await vi.advanceTimersByTimeAsync(100);
    queue.remove(first!.id);
    await vi.runAllTimersAsync();
    expect(queue.getSnapshot().map((item) => [item.name, item.status])).toEqual([['b.jpg', 'COMPLETED']]);
    expect(store.objects.has('key-a.mp4')).toBe(false);
    expect(completions).toEqual([{ completed: ['b.jpg'], failed: [] }]);
  });

  it('tells subscribers about progress at most every 100 ms', async () => {
    const store = fakeStore();
    const progressCalls: number[] = [];
    const transport: UploadTransport = {
      ...store.transport,
      put: (_url, body, options) =>
        new Promise((resolve) => {
          // 50 progress events over 500 ms: every 10 ms.
          let sent = 0;
          const tick = setInterval(() => {
            sent += body.size / 50;
            options.onProgress?.(sent);
            if (sent >= body.size) {
              clearInterval(tick);
              resolve({ etag: '"x"' });
            }
          }, 10);
        }),
    };
    const { queue } = setup({ transport }, store);
    queue.subscribe(() => progressCalls.push(Date.now()));
    queue.add([fileOf('photo.jpg', 5)]);
    await vi.runAllTimersAsync();
    const gaps = progressCalls.slice(1, -1).map((at, index) => at - progressCalls[index]!);
    expect(progressCalls.length).toBeLessThan(12);
    expect(gaps.slice(1).every((gap) => gap >= 100)).toBe(true);
    expect(queue.getSnapshot()[0]?.progress).toBe(100);
  });

  it('resumes an interrupted multipart upload from its last completed part when the same file is chosen again', async () => {
    const store = fakeStore();
    const storage = memoryStorage();
    const first = setup({}, store, storage);
    // The connection drops after two parts are stored.
    store.setFailPut((url) => /:(3|4|5)$/.test(url));
    first.queue.add([fileOf('tape.mp4', 23)]);
    await vi.runAllTimersAsync();
    expect(first.queue.getSnapshot()[0]?.status).toBe('FAILED');
    first.queue.destroy();
    expect(store.uploads.get('u1')?.size).toBe(2);

    // A new page (a new queue) with the same browser storage; the network is back.
    store.setFailPut(() => false);
    const before = store.puts.length;
    const second = setup({}, store, storage);
    second.queue.add([fileOf('tape.mp4', 23)]);
    await vi.runAllTimersAsync();
    const sent = store.puts.slice(before).map((put) => put.url);
    expect(sent).toEqual(['part:u1:3', 'part:u1:4', 'part:u1:5']);
    // Only the missing parts are signed again.
    expect(store.signCalls.at(-1)).toEqual([3, 4, 5]);
    expect(second.queue.getSnapshot()[0]).toMatchObject({ status: 'COMPLETED', resumed: true });
    expect(store.objects.get('key-tape.mp4')).toBe(5);
    expect(storage.data.size).toBe(0);
  });

  it('starts again from the first byte when the store no longer knows the interrupted upload', async () => {
    const store = fakeStore();
    const storage = memoryStorage();
    const first = setup({}, store, storage);
    store.setFailPut((url) => url.endsWith(':3'));
    first.queue.add([fileOf('tape.mp4', 12)]);
    await vi.runAllTimersAsync();
    store.uploads.clear();
    store.setFailPut(() => false);
    const second = setup({}, store, storage);
    second.queue.add([fileOf('tape.mp4', 12)]);
    await vi.runAllTimersAsync();
    expect(second.queue.getSnapshot()[0]).toMatchObject({ status: 'COMPLETED', resumed: false });
    expect(store.puts.filter((put) => put.url.startsWith('part:u2'))).toHaveLength(3);
  });

  it('does not resume a different file with the same name', async () => {
    const store = fakeStore();
    const storage = memoryStorage();
    const first = setup({}, store, storage);
    store.setFailPut((url) => url.endsWith(':3'));
    first.queue.add([fileOf('tape.mp4', 12, 1)]);
    await vi.runAllTimersAsync();
    store.setFailPut(() => false);
    const second = setup({}, store, storage);
    second.queue.add([fileOf('tape.mp4', 12, 2)]);
    await vi.runAllTimersAsync();
    expect(second.queue.getSnapshot()[0]?.resumed).toBe(false);
  });
});
