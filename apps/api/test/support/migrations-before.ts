import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { migrationsFolder } from '../../src/platform/db/client';

/**
 * The migrations folder as it was before the migration whose tag ends with `tagSuffix` (its journal and files cut
 * there), for tests that migrate a database to that point, fill it as an older installation would be, then migrate
 * forward. Call it inside a test: the copy is removed when that test ends.
 */
export function migrationsBefore(tagSuffix: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  expect(cut).toBeGreaterThan(0);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `migrations-before${tagSuffix}-`));
  onTestFinished(() => fs.rmSync(folder, { recursive: true, force: true }));
  fs.mkdirSync(path.join(folder, 'meta'));
  const kept = journal.entries.slice(0, cut);
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}
