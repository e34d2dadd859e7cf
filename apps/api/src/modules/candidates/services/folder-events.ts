import { inArray } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/ids';
import { folders } from '../../../platform/db/schema';
import type { Jobs } from '../../../platform/jobs/ports';
import { emitWebhookEvent } from '../../webhooks';

/** One candidate's row (submission) in one folder. */
export interface FolderMembership {
  folderId: string;
  submissionId: string;
}

/** What the memberships of a change became: rows that entered folders and rows that left them. */
export interface MembershipChanges {
  added: FolderMembership[];
  removed: FolderMembership[];
}

type WebhookJobs = Pick<Jobs, 'send'> | undefined;

/**
 * The one way a change tells the office's tools that rows entered or left one folder: the `folder.changed` event with
 * the folder, its opportunity and the rows, recorded in the change's transaction (decision 0794). Nothing when no row
 * moved, so a change that touched no folder says nothing.
 */
export async function emitFolderChanged(
  jobs: WebhookJobs,
  tx: Queryable,
  event: {
    projectId: string;
    opportunityId: string;
    folderId: string;
    change: 'ADDED' | 'REMOVED';
    submissionIds: readonly string[];
  },
): Promise<void> {
  if (!jobs || event.submissionIds.length === 0) return;
  await emitWebhookEvent(jobs, tx, 'folder.changed', { ...event, submissionIds: [...event.submissionIds] });
}

/**
 * `folder.changed` for every folder a change touched, one event per folder and direction: what the caller's
 * statements really inserted or deleted (`returning`), so a row already in a folder is not told as added again. A
 * row that left a folder and came back to it in the same change is no change at all.
 */
export async function emitMembershipChanges(
  jobs: WebhookJobs,
  tx: Queryable,
  projectId: string,
  changes: MembershipChanges,
): Promise<void> {
  if (!jobs) return;
  const key = (row: FolderMembership) => `${row.folderId}/${row.submissionId}`;
  const addedKeys = new Set(changes.added.map(key));
  const removedKeys = new Set(changes.removed.map(key));
  const added = changes.added.filter((row) => !removedKeys.has(key(row)));
  const removed = changes.removed.filter((row) => !addedKeys.has(key(row)));
  const folderIds = [...new Set([...added, ...removed].map((row) => row.folderId))];
  if (folderIds.length === 0) return;
  const roles = await tx
    .select({ id: folders.id, roleId: folders.roleId })
    .from(folders)
    .where(inArray(folders.id, folderIds));
  for (const [change, rows] of [
    ['REMOVED', removed],
    ['ADDED', added],
  ] as const) {
    for (const folderId of folderIds) {
      const submissionIds = [
        ...new Set(rows.filter((row) => row.folderId === folderId).map((row) => row.submissionId)),
      ];
      const opportunityId = roles.find((role) => role.id === folderId)?.roleId;
      if (!opportunityId) continue;
      await emitFolderChanged(jobs, tx, { projectId, opportunityId, folderId, change, submissionIds });
    }
  }
}
