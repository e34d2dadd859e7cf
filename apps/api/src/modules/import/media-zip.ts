import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MESSAGES } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { openZipFile, type ZipFile } from '../../platform/zip-file';
import { newOriginalKey, readHead, sniffMedia, type AdoptedOriginal } from '../media';
import type { CheckedRow } from './rows';

/** An import's media zip, on local disk for the run: its files by lower-cased base name (folders ignored). */
export interface MediaZip {
  byName: Map<string, Parameters<ZipFile['open']>[0]>;
  zip: ZipFile;
  dispose(): Promise<void>;
}

const baseName = (name: string) => name.split('/').at(-1)!.trim().toLowerCase();

export async function openMediaZip(context: AppContext, key: string): Promise<MediaZip> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'casting-import-media-'));
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const source = await context.storage.getObjectStream(key);
    if (!source) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.fileNotFound);
    const file = path.join(dir, 'media.zip');
    await pipeline(source, fs.createWriteStream(file));
    const zip = await openZipFile(file).catch(() => {
      throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.unreadableZip);
    });
    const byName = new Map<string, Parameters<ZipFile['open']>[0]>();
    for (const [name, entry] of zip.entries) {
      if (!name.startsWith('__MACOSX/')) byName.set(baseName(name), entry);
    }
    return {
      byName,
      zip,
      dispose: async () => {
        zip.close();
        await dispose();
      },
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Marks rows whose media column names files the zip lacks (or names files with no zip) as failed. */
export function checkMedia(rows: CheckedRow[], zip: MediaZip | null): void {
  for (const row of rows) {
    if (!row.check.ok || row.check.media.length === 0) continue;
    if (!zip) {
      row.check = { ok: false, name: row.check.name, reason: IMPORT_MESSAGES.mediaWithoutZip };
      continue;
    }
    const missing = row.check.media.find((name) => !zip.byName.has(baseName(name)));
    if (missing)
      row.check = { ok: false, name: row.check.name, reason: IMPORT_MESSAGES.mediaNotInZip(missing) };
  }
}

/**
 * Writes a row's files to storage as originals of the project, each checked by its content like an upload (an
 * unaccepted type fails the row). Answers the items to adopt in the row's transaction, or the reason to fail it;
 * files already written are deleted again when the row fails.
 */
export async function storeRowMedia(
  context: AppContext,
  zip: MediaZip,
  projectId: string,
  names: readonly string[],
): Promise<{ items: Omit<AdoptedOriginal, 'applicantId'>[] } | { reason: string }> {
  const items: Omit<AdoptedOriginal, 'applicantId'>[] = [];
  for (const name of names) {
    const entry = zip.byName.get(baseName(name))!;
    const sniffed = await sniffMedia(await readHead(await zip.zip.open(entry)), name);
    if (!sniffed) {
      await discard(context, items);
      return { reason: IMPORT_MESSAGES.mediaNotAccepted(name) };
    }
    const key = newOriginalKey(context.storage, projectId);
    await context.storage.putObject(
      key,
      await zip.zip.open(entry),
      sniffed.contentType,
      entry.uncompressedSize,
    );
    items.push({
      projectId,
      key,
      name: baseName(entry.fileName) === baseName(name) ? entry.fileName.split('/').at(-1)! : name,
      contentType: sniffed.contentType,
      size: entry.uncompressedSize,
      kind: sniffed.kind,
    });
  }
  return { items };
}

export async function discard(context: AppContext, items: readonly { key: string }[]): Promise<void> {
  for (const item of items) await context.storage.delete(item.key).catch(() => undefined);
}
