import {
  CHUNK_RETRY_DELAYS_MS,
  MESSAGES,
  MULTIPART_CHUNK_BYTES,
  MULTIPART_PARALLEL,
  UPLOAD_SMALL_FILE_THRESHOLD_BYTES,
} from '@casting/domain';
import type { ResumeStore } from './resume-store';
import type { FileFacts, MultipartHandle, UploadResult, UploadTransport, UploadedPart } from './types';

export interface UploadFileOptions {
  transport: UploadTransport;
  resume: ResumeStore;
  /** Separates resume records of different destinations (one candidate's media from another's). */
  scope: string;
  signal: AbortSignal;
  /** Bytes known to be stored so far (completed parts plus bytes in flight). */
  onBytes(sent: number): void;
  /** Called once when an earlier interrupted upload is being continued. */
  onResumed?(): void;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  /** Spec constants; tests may shrink them. */
  smallFileThreshold?: number;
  chunkSize?: number;
  parallel?: number;
  retryDelays?: readonly number[];
  /** How many part URLs to ask for at once. */
  signBatch?: number;
}

/** 50 parts of 5 MiB: 250 MiB per signing call, well inside the URLs' hour at any usable speed. */
export const SIGN_BATCH = 50;

/** An error whose message is for people (the upload texts of MESSAGES). */
export class UploadError extends Error {
  override name = 'UploadError';
}

export function abortError(): DOMException {
  return new DOMException('The upload was removed', 'AbortError');
}

export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === 'AbortError');
}

export function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function factsOf(file: File): FileFacts {
  return { name: file.name, size: file.size, contentType: file.type, lastModified: file.lastModified };
}

/**
 * Sends one file: a single signed PUT under the small-file threshold (10 MiB), multipart above it with 5 MiB
 * chunks, two in flight. A chunk that fails is tried again after 1 s and then 2 s; when
 * a chunk still fails the file fails with 'Upload incomplete - some chunks failed'. The single PUT gets the
 * same two retries (a lost packet should not cost a file).
 */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<UploadResult> {
  const threshold = options.smallFileThreshold ?? UPLOAD_SMALL_FILE_THRESHOLD_BYTES;
  return file.size < threshold ? uploadSingle(file, options) : uploadMultipart(file, options);
}

async function withRetries<T>(
  attempt: () => Promise<T>,
  options: UploadFileOptions,
  onRetry?: () => void,
): Promise<T> {
  const delays = options.retryDelays ?? CHUNK_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? defaultSleep;
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (isAbort(error, options.signal) || tried >= delays.length) throw error;
      onRetry?.();
      await sleep(delays[tried] as number, options.signal);
    }
  }
}

async function uploadSingle(file: File, options: UploadFileOptions): Promise<UploadResult> {
  const { transport, signal } = options;
  const facts = factsOf(file);
  const signed = await transport.signSingle(facts, signal);
  await withRetries(
    () =>
      transport.put(signed.url, file, {
        contentType: facts.contentType || undefined,
        headers: signed.headers,
        signal,
        onProgress: (loaded) => options.onBytes(loaded),
      }),
    options,
    () => options.onBytes(0),
  );
  options.onBytes(file.size);
  return transport.completeSingle(signed, facts, signal);
}

async function continuedUpload(
  facts: FileFacts,
  partSize: number,
  options: UploadFileOptions,
): Promise<{ handle: MultipartHandle; done: Map<number, string> } | null> {
  const saved = options.resume.find(options.scope, facts, partSize);
  if (!saved) return null;
  try {
    const parts = await options.transport.listParts(saved, options.signal);
    return { handle: saved, done: new Map(parts.map((part) => [part.partNumber, part.etag])) };
  } catch (error) {
    if (isAbort(error, options.signal)) throw error;
    // The store no longer knows the upload (completed, aborted or expired): start again from the first byte.
    options.resume.forget(options.scope, facts);
    return null;
  }
}

async function uploadMultipart(file: File, options: UploadFileOptions): Promise<UploadResult> {
  const { transport, signal } = options;
  const facts = factsOf(file);
  const partSize = options.chunkSize ?? MULTIPART_CHUNK_BYTES;
  const parallel = options.parallel ?? MULTIPART_PARALLEL;
  const chunksNumber = Math.ceil(file.size / partSize);

  let continued = await continuedUpload(facts, partSize, options);
  if (continued) options.onResumed?.();
  else {
    const handle = await transport.startMultipart(facts, signal);
    // Without an upload id and key no part can be signed or completed: fail before sending a byte or remembering it.
    if (!handle.uploadId || !handle.key) throw new UploadError(MESSAGES.uploadNotInitialized);
    options.resume.save(options.scope, facts, handle, partSize);
    continued = { handle, done: new Map() };
  }
  const { handle, done } = continued;

  const partBytes = (partNumber: number) => Math.min(partSize, file.size - (partNumber - 1) * partSize);
  let storedBytes = 0;
  for (const partNumber of done.keys()) storedBytes += partBytes(partNumber);
  const inFlight = new Map<number, number>();
  const report = () => {
    let sending = 0;
    for (const loaded of inFlight.values()) sending += loaded;
    options.onBytes(Math.min(file.size, storedBytes + sending));
  };
  report();

  const missing: number[] = [];
  for (let partNumber = 1; partNumber <= chunksNumber; partNumber += 1) {
    if (!done.has(partNumber)) missing.push(partNumber);
  }

  if (missing.length > 0) {
    const batch = options.signBatch ?? SIGN_BATCH;
    const urls = new Map<number, string>();
    let signing: Promise<void> | null = null;
    /** The part's URL, asking for the next batch of missing parts (from this one on) when it is not known yet. */
    const urlOf = async (partNumber: number): Promise<string | undefined> => {
      while (!urls.has(partNumber)) {
        if (!signing) {
          const wanted = missing.filter((n) => n >= partNumber && !urls.has(n)).slice(0, batch);
          signing = transport
            .signParts(handle, chunksNumber, wanted, signal)
            .then((signed) => {
              for (const part of signed) urls.set(part.partNumber, part.url);
              if (!signed.some((part) => part.partNumber === partNumber)) urls.set(partNumber, '');
            })
            .finally(() => {
              signing = null;
            });
        }
        await signing;
      }
      return urls.get(partNumber) || undefined;
    };
    let failed = false;
    const queue = [...missing];

    const sendPart = async (partNumber: number) => {
      const url = await urlOf(partNumber);
      if (!url) throw new UploadError(MESSAGES.noSignedUrlForPart(partNumber));
      const start = (partNumber - 1) * partSize;
      const body = file.slice(start, start + partBytes(partNumber));
      const { etag } = await withRetries(
        () =>
          transport.put(url, body, {
            signal,
            onProgress: (loaded) => {
              inFlight.set(partNumber, loaded);
              report();
            },
          }),
        options,
        () => {
          inFlight.set(partNumber, 0);
          report();
        },
      );
      if (!etag) throw new UploadError(MESSAGES.uploadIncomplete);
      inFlight.delete(partNumber);
      done.set(partNumber, etag);
      storedBytes += partBytes(partNumber);
      report();
    };

    // Two workers take the next missing part in order; a part that fails for good stops both after the part
    // each is sending, and the parts that made it stay on the store for the next attempt to reuse.
    const worker = async () => {
      while (!failed && queue.length > 0) {
        const partNumber = queue.shift() as number;
        try {
          await sendPart(partNumber);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.min(parallel, missing.length) }, () => worker()),
    );
    if (signal.aborted) throw abortError();
    const rejection = outcomes.find((outcome) => outcome.status === 'rejected');
    if (rejection) {
      const reason: unknown = rejection.reason;
      if (reason instanceof UploadError && reason.message !== MESSAGES.uploadIncomplete) throw reason;
      throw new UploadError(MESSAGES.uploadIncomplete, { cause: reason });
    }
  }

  const parts: UploadedPart[] = [...done.entries()]
    .sort(([a], [b]) => a - b)
    .map(([partNumber, etag]) => ({ partNumber, etag }));
  const result = await transport.completeMultipart(handle, parts, facts, signal);
  options.resume.forget(options.scope, facts);
  return result;
}
