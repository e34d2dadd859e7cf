import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetchDouble, jsonResponse } from '../../../test/fetch-double';
import { createHttpClient } from '../../lib/http/http-client';
import { createUploadQueue, xhrPut } from '../../lib/upload';
import type { PutOptions, ResumeStorage } from '../../lib/upload';
import { createMediaUploadTransport } from './media-api';

/**
 * The upload engine through the real transport and HTTP client, against a fake API that keeps parts the way the
 * storage does: multipart with part URLs asked for by number, resume through list-parts after a failure.
 */
const PROJECT = '00000000-0000-4000-8000-0000000000b1';
const APPLICANT = '00000000-0000-4000-8000-0000000000a1';
const MiB = 1024 * 1024;

function fakeApi() {
  const stored = new Map<number, string>();
  const double = createFetchDouble({
    'POST /api/media-management/multipart/start': () =>
      jsonResponse(200, {
        UploadId: 'up1',
        Key: 'PM/RoleSideDocuments/p/k',
        PartSize: 5 * MiB,
        ChunksNumber: 3,
      }),
    'POST /api/media-management/multipart/get-signed-urls': (call) => {
      const body = call.body as { PartNumbers: number[] };
      return jsonResponse(200, {
        parts: body.PartNumbers.map((n) => ({ PartNumber: n, signedUrl: `/api/files/k?partNumber=${n}` })),
      });
    },
    'POST /api/media-management/multipart/list-parts': () =>
      jsonResponse(200, {
        parts: [...stored].map(([PartNumber, ETag]) => ({ PartNumber, ETag, Size: 5 * MiB })),
        PartSize: 5 * MiB,
        ChunksNumber: 3,
      }),
    'POST /api/media-management/multipart/complete': () =>
      jsonResponse(200, {
        Key: 'PM/RoleSideDocuments/p/k',
        kind: 'video',
        contentType: 'video/mp4',
        size: 12 * MiB,
        mediaId: '00000000-0000-4000-8000-0000000000c1',
        status: 'PENDING',
        url: null,
        thumbnailUrl: null,
        convertedUrl: null,
      }),
    'POST /api/media-management/upload-failed': () => jsonResponse(201, { id: PROJECT }),
  });
  const http = createHttpClient({
    baseUrl: '/api',
    fetch: double.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: async () => 'token',
    onRefreshFailed: () => undefined,
  });
  return { double, http, stored };
}

function memoryStorage(): ResumeStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('media upload transport', () => {
  it('starts a multipart upload for the candidate, resumes after a dropped part and completes with every ETag', async () => {
    vi.useFakeTimers();
    const { double, http, stored } = fakeApi();
    let down = true;
    const puts: number[] = [];
    const put = async (url: string, body: Blob, options: PutOptions) => {
      const part = Number(new URL(url, 'http://x').searchParams.get('partNumber'));
      puts.push(part);
      if (down && part === 3) throw new Error('network down');
      options.onProgress?.(body.size);
      stored.set(part, `"etag-${part}"`);
      return { etag: `"etag-${part}"` };
    };
    const transport = createMediaUploadTransport(
      http,
      { projectId: PROJECT, applicantId: APPLICANT },
      { put },
    );
    const queue = createUploadQueue({ transport, storage: memoryStorage(), scope: 'candidate' });
    const file = new File([new Uint8Array(12 * MiB)], 'selftape.mp4', { type: 'video/mp4', lastModified: 7 });
    const [item] = queue.add([file]);
    await vi.runAllTimersAsync();
    expect(queue.getSnapshot()[0]?.status).toBe('FAILED');
    expect(double.callsTo('POST /api/media-management/multipart/start')[0]?.body).toEqual({
      projectId: PROJECT,
      applicantId: APPLICANT,
      fileName: 'selftape.mp4',
      contentType: 'video/mp4',
      size: 12 * MiB,
    });
    expect(double.callsTo('POST /api/media-management/upload-failed')[0]?.body).toMatchObject({
      error: 'Upload incomplete - some chunks failed',
      projectId: PROJECT,
    });

    down = false;
    puts.length = 0;
    queue.retry(item!.id);
    await vi.runAllTimersAsync();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'COMPLETED', resumed: true });
    expect(puts).toEqual([3]);
    expect(double.callsTo('POST /api/media-management/multipart/start')).toHaveLength(1);
    expect(double.callsTo('POST /api/media-management/multipart/get-signed-urls').at(-1)?.body).toEqual({
      UploadId: 'up1',
      Key: 'PM/RoleSideDocuments/p/k',
      ChunksNumber: 3,
      PartNumbers: [3],
    });
    expect(double.callsTo('POST /api/media-management/multipart/complete')[0]?.body).toEqual({
      UploadId: 'up1',
      Key: 'PM/RoleSideDocuments/p/k',
      Parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: `"etag-${n}"` })),
    });
    expect(queue.getSnapshot()[0]?.result?.mediaId).toBe('00000000-0000-4000-8000-0000000000c1');
  });

  it('resumes an apply page upload after a reload: the next page load’s grant lists the parts and sends only the rest', async () => {
    vi.useFakeTimers();
    const { double, http, stored } = fakeApi();
    const storage = memoryStorage();
    const file = () =>
      new File([new Uint8Array(12 * MiB)], 'selftape.mp4', { type: 'video/mp4', lastModified: 9 });
    const puts: number[] = [];
    const putVia = (dropAfterFirst: boolean) => async (url: string, body: Blob, options: PutOptions) => {
      const part = Number(new URL(url, 'http://x').searchParams.get('partNumber'));
      puts.push(part);
      if (dropAfterFirst && part !== 1) throw new Error('network down');
      options.onProgress?.(body.size);
      stored.set(part, `"etag-${part}"`);
      return { etag: `"etag-${part}"` };
    };
    // First page load: part 1 arrives, then the connection goes and the tab is closed.
    const first = createUploadQueue({
      transport: createMediaUploadTransport(http, { uploadGrant: 'grant-load-1' }, { put: putVia(true) }),
      storage,
      scope: 'apply:link-1',
    });
    first.add([file()]);
    await vi.runAllTimersAsync();
    first.destroy();
    expect(stored.has(1)).toBe(true);

    // The page is loaded again (a new grant); the talent chooses the same file.
    puts.length = 0;
    const second = createUploadQueue({
      transport: createMediaUploadTransport(http, { uploadGrant: 'grant-load-2' }, { put: putVia(false) }),
      storage,
      scope: 'apply:link-1',
    });
    second.add([file()]);
    await vi.runAllTimersAsync();
    expect(second.getSnapshot()[0]).toMatchObject({ status: 'COMPLETED', resumed: true });
    expect(double.callsTo('POST /api/media-management/multipart/start')).toHaveLength(1);
    const listed = double.callsTo('POST /api/media-management/multipart/list-parts');
    expect(listed.at(-1)?.headers.get('x-upload-grant')).toBe('grant-load-2');
    expect(listed.at(-1)?.body).toEqual({ UploadId: 'up1', Key: 'PM/RoleSideDocuments/p/k' });
    expect(puts.sort()).toEqual([2, 3]);
  });

  it('sends an apply page’s upload grant in its header, without a bearer token', async () => {
    const { double, http } = fakeApi();
    const transport = createMediaUploadTransport(
      http,
      { uploadGrant: 'grant-1' },
      { put: async () => ({ etag: '"e"' }) },
    );
    await transport.startMultipart(
      { name: 'reel.mkv', size: 12 * MiB, contentType: '', lastModified: 1 },
      new AbortController().signal,
    );
    const call = double.callsTo('POST /api/media-management/multipart/start')[0]!;
    expect(call.headers.get('x-upload-grant')).toBe('grant-1');
    expect(call.headers.get('authorization')).toBeNull();
    // The browser gave no type: one by extension is declared (the API sniffs the bytes anyway).
    expect(call.body).toEqual({ fileName: 'reel.mkv', contentType: 'video/x-matroska', size: 12 * MiB });
  });
});

describe('xhrPut', () => {
  class FakeXhr {
    static last: FakeXhr;
    headers: [string, string][] = [];
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    status = 200;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers.push([name, value]);
    }
    getResponseHeader() {
      return '"etag"';
    }
    send() {
      this.upload.onprogress?.({ loaded: 3 });
      this.onload?.();
    }
    abort() {
      this.onabort?.();
    }
  }

  it('sends the signed headers exactly once, whatever their case, and reports progress and the ETag', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const answer = await xhrPut('/api/files/k', new Blob(['abc']), {
      contentType: 'image/jpeg',
      headers: { 'content-type': 'image/jpeg' },
      signal: new AbortController().signal,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(FakeXhr.last.headers).toEqual([['content-type', 'image/jpeg']]);
    expect(progress).toEqual([3]);
    expect(answer.etag).toBe('"etag"');
    vi.unstubAllGlobals();
  });
});
