import { and, asc, eq, sql } from 'drizzle-orm';
import {
  PROJECT_MESSAGES,
  ageRangeInOrder,
  shootDatesInOrder,
  type CreateRole,
  type Option,
  type Role,
  type UpdateRole,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { lockParentForAppend } from '../../platform/db/positions';
import { folders, projects, roles } from '../../platform/db/schema';
import { fieldErrors, notFound } from '../../platform/errors';
import { assertLookupRefs, type LookupField } from '../lookups';
import { systemFolderRows } from './system-folders';
import { roleOption, roleViews, type RoleRow } from './views';

function lookupFields(input: UpdateRole): LookupField[] {
  return [
    { field: 'roleTypeId', lookup: 'role-types', value: input.roleTypeId },
    { field: 'genderIds', lookup: 'role-genders', value: input.genderIds },
    { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
    { field: 'unionStatusId', lookup: 'union', value: input.unionStatusId },
    { field: 'backgroundIds', lookup: 'role-background', value: input.backgroundIds },
  ];
}

const unique = (ids: readonly string[] | undefined) =>
  ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : ids;

function columnsOf(input: UpdateRole): Partial<typeof roles.$inferInsert> {
  const { genderIds, ethnicAppearanceIds, backgroundIds, ...rest } = input;
  const columns: Partial<typeof roles.$inferInsert> = {
    ...rest,
    genderIds: unique(genderIds),
    ethnicAppearanceIds: unique(ethnicAppearanceIds),
    backgroundIds: unique(backgroundIds),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/** An opportunity of this project; an id from another project is "not found", never a hint that it exists. */
export async function roleInProject(db: Queryable, projectId: string, roleId: string): Promise<RoleRow> {
  if (!isUuid(roleId)) throw notFound('The opportunity');
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.projectId, projectId)));
  if (!row) throw notFound('The opportunity');
  return row;
}

export async function listRoles(db: Db, projectId: string): Promise<Role[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.createdAt));
  return roleViews(db, rows);
}

export async function listRoleOptions(db: Db, projectId: string): Promise<Option[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.createdAt));
  return rows.map(roleOption);
}

/** Creates an opportunity with its system and submitter folders in one transaction. */
export async function createRole(db: Db, projectId: string, input: CreateRole): Promise<Role> {
  return db.transaction(async (tx) => {
    await assertLookupRefs(tx, lookupFields(input));
    await lockParentForAppend(tx, projects, projects.id, projectId);
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${roles.position}), -1)::int` })
      .from(roles)
      .where(eq(roles.projectId, projectId));
    const [row] = await tx
      .insert(roles)
      .values({
        ...columnsOf(input),
        name: input.name,
        projectId,
        position: Number(last?.position ?? -1) + 1,
      })
      .returning();
    if (!row) throw new Error('role insert returned nothing');
    await tx.insert(folders).values(systemFolderRows(projectId, row.id));
    const [view] = await roleViews(tx, [row]);
    if (!view) throw new Error('role view missing');
    return view;
  });
}

const fieldError = (path: string, message: string) => fieldErrors([{ path, message }]);

/** Pairs (dates, ages) are checked against the stored half when only one half is sent. */
function assertPairs(current: RoleRow, input: UpdateRole): void {
  const pick = <K extends keyof UpdateRole & keyof RoleRow>(key: K) =>
    input[key] === undefined ? current[key] : input[key];
  if (!shootDatesInOrder({ shootStartDate: pick('shootStartDate'), shootEndDate: pick('shootEndDate') })) {
    throw fieldError('body.shootEndDate', PROJECT_MESSAGES.shootEndBeforeStart);
  }
  if (!ageRangeInOrder({ ageMin: pick('ageMin'), ageMax: pick('ageMax') })) {
    throw fieldError('body.ageMax', PROJECT_MESSAGES.ageMaxBelowMin);
  }
}

export async function updateRole(
  db: Db,
  projectId: string,
  roleId: string,
  input: UpdateRole,
): Promise<Role> {
  return db.transaction(async (tx) => {
    const current = await roleInProject(tx, projectId, roleId);
    assertPairs(current, input);
    await assertLookupRefs(tx, lookupFields(input));
    const changes = columnsOf(input);
    const [row] =
      Object.keys(changes).length === 0
        ? [current]
        : await tx.update(roles).set(changes).where(eq(roles.id, current.id)).returning();
    if (!row) throw notFound('The opportunity');
    const [view] = await roleViews(tx, [row]);
    if (!view) throw new Error('role view missing');
    return view;
  });
}

/** Deleting an opportunity deletes its folders with it (foreign keys cascade). */
export async function deleteRole(db: Db, projectId: string, roleId: string): Promise<void> {
  const current = await roleInProject(db, projectId, roleId);
  await db.delete(roles).where(eq(roles.id, current.id));
}
