import { and, inArray, asc, eq, isNull, like, not, or, sql, type SQL } from 'drizzle-orm';
import {
  PROJECT_MESSAGES,
  folderFeedbackEnabled,
  type CreateFolder,
  type Folder,
  type FolderList,
  type FolderListQuery,
  type ProjectActor,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { lockParentForAppend } from '../../platform/db/positions';
import { folders, roles } from '../../platform/db/schema';
import { AppError, notFound, permissionDenied } from '../../platform/errors';
import { roleInProject } from '../opportunities';

type FolderRow = typeof folders.$inferSelect;

function folderView(row: FolderRow): Folder {
  return {
    id: row.id,
    projectId: row.projectId,
    roleId: row.roleId,
    name: row.name,
    systemAlias: row.systemAlias,
    isSystem: row.systemAlias !== null,
    position: row.position,
  };
}

const submitterFolder = like(folders.systemAlias, 'TS\\_%');
const regularFolder = or(isNull(folders.systemAlias), not(like(folders.systemAlias, 'TS\\_%')));

/**
 * Which folder set the caller sees: a talent submitter always works in the submitter folders; a super admin may
 * switch to them (SUBMITTER_FOLDERS_SWITCH); everyone else sees the regular and custom folders.
 */
function folderSet(actor: ProjectActor, submitterFolders: boolean): SQL | undefined {
  if (actor === 'TS') return submitterFolder;
  if (!submitterFolders) return regularFolder;
  if (actor === 'SA') return submitterFolder;
  throw permissionDenied('SUBMITTER_FOLDERS_SWITCH');
}

export async function listFolders(
  db: Db,
  projectId: string,
  actor: ProjectActor,
  query: FolderListQuery,
  /** A client link's folders: only these are listed (none for a link made from a selection). */
  onlyFolderIds?: readonly string[],
): Promise<FolderList> {
  const filters = [eq(folders.projectId, projectId), folderSet(actor, query.submitterFolders)];
  if (onlyFolderIds) {
    if (onlyFolderIds.length === 0) return { items: [], folderFeedbackEnabled: false };
    filters.push(inArray(folders.id, [...onlyFolderIds]));
  }
  if (query.roleId) {
    const role = await roleInProject(db, projectId, query.roleId);
    filters.push(eq(folders.roleId, role.id));
  }
  const rows = await db
    .select()
    .from(folders)
    .where(and(...filters))
    .orderBy(asc(folders.roleId), asc(folders.position), asc(folders.createdAt))
    .limit(5000);
  return {
    items: rows.map(folderView),
    folderFeedbackEnabled: folderFeedbackEnabled(rows.map((row) => row.systemAlias)),
  };
}

/** A custom folder goes after the opportunity's existing folders. */
export async function createFolder(db: Db, input: CreateFolder): Promise<Folder> {
  return db.transaction(async (tx) => {
    const role = await roleInProject(tx, input.projectId, input.roleId);
    await lockParentForAppend(tx, roles, roles.id, role.id);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${folders.position}), -1)::int` })
      .from(folders)
      .where(eq(folders.roleId, role.id));
    const [row] = await tx
      .insert(folders)
      .values({
        projectId: role.projectId,
        roleId: role.id,
        name: input.name,
        position: Number(last?.position ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error('folder insert returned nothing');
    return folderView(row);
  });
}

async function folderRow(db: Queryable, folderId: string): Promise<FolderRow> {
  if (!isUuid(folderId)) throw notFound('The folder');
  const [row] = await db.select().from(folders).where(eq(folders.id, folderId));
  if (!row) throw notFound('The folder');
  return row;
}

/** The project a folder belongs to, so its project permission can be checked before anything else. */
export async function projectOfFolder(db: Db, folderId: string): Promise<string> {
  return (await folderRow(db, folderId)).projectId;
}

function assertCustom(row: FolderRow): void {
  if (row.systemAlias !== null) throw new AppError('CONFLICT', PROJECT_MESSAGES.systemFolderLocked);
}

export async function renameFolder(db: Db, folderId: string, name: string): Promise<Folder> {
  const row = await folderRow(db, folderId);
  assertCustom(row);
  const [updated] = await db.update(folders).set({ name }).where(eq(folders.id, row.id)).returning();
  if (!updated) throw notFound('The folder');
  return folderView(updated);
}

export async function deleteFolder(db: Db, projectId: string, folderId: string): Promise<void> {
  const row = await folderRow(db, folderId);
  if (row.projectId !== projectId) throw notFound('The folder');
  assertCustom(row);
  await db.delete(folders).where(eq(folders.id, row.id));
}
