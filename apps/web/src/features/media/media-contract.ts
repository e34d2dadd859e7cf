/**
 * The media calls' shapes come from the domain (packages/domain/src/contracts/media.ts, owned by the API side);
 * this file only re-exports what the web feature reads, so the feature has one place to look.
 */
export {
  mediaItemSchema,
  mediaListSchema,
  signedUrlResponseSchema,
  multipartStartResponseSchema,
  multipartSignedUrlsResponseSchema,
  multipartListPartsResponseSchema,
  uploadResultSchema,
  downloadSchema,
  downloadCreatedSchema,
  messageResultSchema,
  UPLOAD_GRANT_HEADER,
} from '@casting/domain';
export type { MediaItem, MediaKind, Download, UploadResult as ApiUploadResult } from '@casting/domain';

/** MIME types by extension, for files the browser gives no type (.mkv, .heic on many systems). */
const TYPE_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  ogg: 'video/ogg',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  mkv: 'video/x-matroska',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
};

/**
 * The content type to declare for a file: the browser's when it has one of the usual `type/subtype` form, else
 * one by extension. Only a declaration: the API sniffs the bytes and refuses content of another kind.
 */
export function declaredContentType(name: string, browserType: string): string {
  if (/^[\w.+-]+\/[\w.+-]+$/.test(browserType)) return browserType;
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return TYPE_BY_EXTENSION[ext] ?? 'application/octet-stream';
}
