import type { UploadKind } from '@casting/domain';

/**
 * What the upload engine needs from the outside world. The engine itself knows nothing of HTTP clients,
 * React or the API's paths: `features/media/media-api.ts` builds the transport from the app's HTTP client
 * (the /media-management calls), tests build one from a fake fetch.
 */
export interface UploadTransport {
  /** POST /media-management/get-signed-url: one signed PUT for a file under the small-file threshold. */
  signSingle(file: FileFacts, signal: AbortSignal): Promise<SignedPut>;
  /** POST /media-management/multipart/start. */
  startMultipart(file: FileFacts, signal: AbortSignal): Promise<MultipartHandle>;
  /**
   * POST /media-management/multipart/get-signed-urls with ChunksNumber (the file's part count) and the part
   * numbers wanted now: URLs are asked for in batches as the upload goes, since they expire (an hour) and a
   * 5 GB upload on a slow line takes longer than that.
   */
  signParts(
    handle: MultipartHandle,
    chunksNumber: number,
    partNumbers: readonly number[],
    signal: AbortSignal,
  ): Promise<SignedPart[]>;
  /**
   * The parts the store already holds for an unfinished multipart upload (S3's ListParts), so an interrupted
   * upload continues where it stopped. Rejects when the upload no longer exists (completed, aborted, expired).
   */
  listParts(handle: MultipartHandle, signal: AbortSignal): Promise<UploadedPart[]>;
  /** POST /media-management/multipart/complete (Key, Parts with ETag and PartNumber, UploadId). */
  completeMultipart(
    handle: MultipartHandle,
    parts: UploadedPart[],
    file: FileFacts,
    signal: AbortSignal,
  ): Promise<UploadResult>;
  /** The outcome of a finished single PUT (the API may check the stored bytes and answer the media URLs). */
  completeSingle(signed: SignedPut, file: FileFacts, signal: AbortSignal): Promise<UploadResult>;
  /** Sends bytes to a signed URL; resolves with the store's ETag. Reports bytes sent as they go. */
  put(url: string, body: Blob, options: PutOptions): Promise<{ etag: string | null }>;
  /** POST /media-management/upload-failed (error, context): best effort, never throws into the queue. */
  reportFailure(error: string, context: Record<string, unknown>): Promise<void>;
}

export interface FileFacts {
  name: string;
  size: number;
  /** The browser's MIME type; may be '' (the API sniffs the bytes anyway). */
  contentType: string;
  lastModified: number;
}

export interface SignedPut {
  url: string;
  key: string;
  /** Headers the signature covers (Content-Type, say), sent with the PUT as they are. */
  headers?: Record<string, string>;
}

export interface MultipartHandle {
  uploadId: string;
  key: string;
}

export interface SignedPart {
  partNumber: number;
  url: string;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
}

export interface PutOptions {
  contentType?: string;
  headers?: Record<string, string>;
  signal: AbortSignal;
  onProgress?(loaded: number): void;
}

/** Upload result (url, thumbnailUrl, convertedUrl) plus the object key the API chose. */
export interface UploadResult {
  key: string;
  url?: string | null;
  thumbnailUrl?: string | null;
  convertedUrl?: string | null;
  /** The media record the API made for the upload, when it made one. */
  mediaId?: string | null;
}

/** Queue states (the subset of the upload statuses a queue item goes through). */
export type QueueItemStatus = 'PENDING' | 'UPLOADING' | 'COMPLETED' | 'FAILED';

/** A media item of the upload queue. */
export interface QueueItem {
  id: string;
  name: string;
  size: number;
  fileType: string;
  type: UploadKind | null;
  status: QueueItemStatus;
  /** Whole percent, 0 to 100. */
  progress: number;
  retryCount: number;
  error: string | null;
  /**
   * Whether the API refused the file itself (its content is not an accepted type, say): trying again sends the same
   * bytes to the same answer, so a refused item is only removed, never retried.
   */
  refused: boolean;
  result: UploadResult | null;
  /** Whether this attempt continued an interrupted upload. */
  resumed: boolean;
  file: File;
}

/** Key-value storage for resume records: window.localStorage in the browser. */
export interface ResumeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
