import type { Readable } from 'node:stream';
import {
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  IMPORT_SHEET_MAX_BYTES,
  IMPORT_ZIP_MAX_BYTES,
  type ImportFile,
  type ImportPreview,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import { readSheet, type Sheet } from './parse';
import { assertMayImport } from './request-checks';
import { suggestMapping } from './rows';

// An import's uploaded files: stored under the caller's own prefix, read back only by them, previewed.

const filePrefix = (userId: string) => `imports/${userId}/`;

/** Stores an uploaded sheet or media zip under the caller's own prefix; its key is the file id later calls name. */
export async function storeFile(
  context: AppContext,
  principal: Principal,
  input: { kind: 'SHEET' | 'MEDIA_ZIP'; length: number | null; body: Readable },
): Promise<ImportFile> {
  assertMayImport(principal);
  const max = input.kind === 'SHEET' ? IMPORT_SHEET_MAX_BYTES : IMPORT_ZIP_MAX_BYTES;
  if (input.length === null || !Number.isFinite(input.length)) {
    input.body.resume();
    throw new AppError('BAD_REQUEST', IMPORT_MESSAGES.sizeRequired);
  }
  if (input.length > max) {
    input.body.resume();
    throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.fileTooLarge(max / 1024 / 1024));
  }
  const key = context.storage.newKey(filePrefix(principal.userId) + input.kind.toLowerCase());
  const type = input.kind === 'SHEET' ? 'application/octet-stream' : 'application/zip';
  await context.storage.putObject(key, input.body, type, input.length);
  return { fileId: key, name: '', size: input.length };
}

/** The caller's own uploaded file as bytes; another user's id, or a purged file, is "not available". */
async function loadFile(context: AppContext, userId: string, fileId: string): Promise<Buffer> {
  const gone = () => new AppError('NOT_FOUND', IMPORT_MESSAGES.fileNotFound);
  if (!fileId.startsWith(filePrefix(userId)) || fileId.includes('..')) throw gone();
  const stream = await context.storage.getObjectStream(fileId).catch(() => null);
  if (!stream) throw gone();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function loadSheet(context: AppContext, userId: string, fileId: string): Promise<Sheet> {
  return readSheet(await loadFile(context, userId, fileId));
}

/** The header, the first rows (padded to the header's width) and the mapping its headers suggest. */
export async function previewFile(
  context: AppContext,
  principal: Principal,
  fileId: string,
): Promise<ImportPreview> {
  assertMayImport(principal);
  const sheet = await loadSheet(context, principal.userId, fileId);
  const width = sheet.columns.length;
  return {
    columns: sheet.columns.map((column, index) => column || `Column ${index + 1}`),
    rows: sheet.rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((row) => Array.from({ length: width }, (_, index) => row.cells[index] ?? '')),
    rowCount: sheet.rows.length,
    suggestedMapping: suggestMapping(sheet.columns),
  };
}

/** Whether the caller's own uploaded file is still stored, without reading it. */
export async function loadFileHead(context: AppContext, userId: string, fileId: string): Promise<void> {
  if (!fileId.startsWith(filePrefix(userId)) || !(await context.storage.head(fileId).catch(() => null))) {
    throw new AppError('NOT_FOUND', IMPORT_MESSAGES.fileNotFound);
  }
}
