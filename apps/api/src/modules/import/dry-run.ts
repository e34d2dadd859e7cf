import type { ImportDryRun, ImportRowProblem, ImportRunRequest } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Principal } from '../../platform/http/access';
import { existingEmails, possibleDuplicates, rosterDuplicates } from './duplicates';
import { loadFileHead, loadSheet } from './files';
import { checkMedia, openMediaZip } from './media-zip';
import { assertMayImport, assertRequestMapping, assertTarget } from './request-checks';
import { checkSheet } from './rows';

/** Everything the import would do, without writing: counts, every failing row with its reason, likely duplicates. */
export async function dryRun(
  context: AppContext,
  principal: Principal,
  request: ImportRunRequest,
): Promise<ImportDryRun> {
  assertMayImport(principal);
  const { db } = context.database;
  await assertTarget(db, principal, request.target);
  const sheet = await loadSheet(context, principal.userId, request.fileId);
  assertRequestMapping(request, sheet.columns.length);
  const rows = checkSheet(sheet, request);
  if (request.mediaZipId) {
    await loadFileHead(context, principal.userId, request.mediaZipId);
    const zip = await openMediaZip(context, request.mediaZipId);
    try {
      checkMedia(rows, zip);
    } finally {
      await zip.dispose();
    }
  } else checkMedia(rows, null);
  const emails = [
    ...new Set(
      rows.flatMap((row) => (row.check.ok && row.check.person.email ? [row.check.person.email] : [])),
    ),
  ];
  const knownEmails = await existingEmails(db, request.target, emails);
  const failed: ImportRowProblem[] = rows.flatMap((row) =>
    row.check.ok ? [] : [{ row: row.rowNumber, name: row.check.name, reason: row.check.reason }],
  );
  const valid = rows.filter((row) => row.check.ok);
  const projectDuplicates = await possibleDuplicates(db, request.target, rows, knownEmails);
  const flagged = new Set(projectDuplicates.map((problem) => problem.row));
  const roster =
    request.target.type === 'OPPORTUNITY'
      ? await rosterDuplicates(
          db,
          rows,
          (row) =>
            flagged.has(row.rowNumber) ||
            (!!row.check.person.email && knownEmails.has(row.check.person.email)),
        )
      : [];
  return {
    total: rows.length,
    valid: valid.length,
    existing: valid.filter(
      (row) => row.check.ok && row.check.person.email && knownEmails.has(row.check.person.email),
    ).length,
    failed,
    possibleDuplicates: [...projectDuplicates, ...roster].sort((a, b) => a.row - b.row),
  };
}
