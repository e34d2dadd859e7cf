import { eq, sql } from 'drizzle-orm';
import {
  MESSAGES,
  OFFICE_STAFF_ROLES,
  PROJECT_MESSAGES,
  shootDatesInOrder,
  type CreateProject,
  type OfficeRole,
  type ProjectDetail,
  type UpdateProject,
} from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { projectAccesses, projects, users } from '../../../platform/db/schema';
import {
  AppError,
  fieldErrors,
  notFound,
  permissionDenied,
  projectAccessDenied,
  signInRequired,
} from '../../../platform/errors';
import type { Principal } from '../../../platform/http/access';
import { projectStanding } from '../../../platform/http/project-access';
import { assertLookupRefs, type LookupField } from '../../lookups';
import { projectDetail, type ProjectRow } from '../views';

/**
 * The office's casting staff may start projects; clients only join them, and someone only on the team of one of the
 * office's projects starts none there (docs/decisions/0010-who-creates-projects.md).
 */
const PROJECT_CREATORS: readonly OfficeRole[] = OFFICE_STAFF_ROLES;

function lookupFields(input: UpdateProject): LookupField[] {
  return [
    { field: 'projectTypeId', lookup: 'project-types', value: input.projectTypeId },
    { field: 'unionStatusId', lookup: 'union', value: input.unionStatusId },
    { field: 'projectStatusId', lookup: 'project-status', value: input.projectStatusId },
    { field: 'regionIds', lookup: 'regions', value: input.regionIds },
    { field: 'lookingForIds', lookup: 'project-lookingfor', value: input.lookingForIds },
    { field: 'geographicIds', lookup: 'geographic', value: input.geographicIds },
  ];
}

const unique = (ids: readonly string[] | undefined) =>
  ids ? [...new Set(ids.map((id) => id.toLowerCase()))] : ids;

/** The columns an input sets; absent keys are left alone, null clears. */
function columnsOf(input: UpdateProject): Partial<typeof projects.$inferInsert> {
  const { version: _version, regionIds, lookingForIds, geographicIds, ...rest } = input;
  const columns: Partial<typeof projects.$inferInsert> = {
    ...rest,
    regionIds: unique(regionIds),
    lookingForIds: unique(lookingForIds),
    geographicIds: unique(geographicIds),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

export async function loadProject(db: Queryable, projectId: string): Promise<ProjectRow> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!row) throw notFound('The project');
  return row;
}

/** Creates a project; its creator becomes its owner and a PROJECT_OWNER member, in one transaction. */
export async function createProject(
  db: Db,
  principal: Principal,
  input: CreateProject,
  options: { draftStep?: string } = {},
): Promise<ProjectDetail> {
  if (!principal.officeRole || !PROJECT_CREATORS.includes(principal.officeRole)) {
    throw permissionDenied('CREATE_PROJECT', { message: MESSAGES.accountRoleNotAllowed('CREATE_PROJECT') });
  }
  return db.transaction(async (tx) => {
    await assertLookupRefs(tx, lookupFields(input));
    const [creator] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, principal.userId));
    if (!creator) throw signInRequired();
    const [row] = await tx
      .insert(projects)
      .values({
        ...columnsOf(input),
        name: input.name,
        ownerId: principal.userId,
        draftStep: options.draftStep ?? null,
      })
      .returning();
    if (!row) throw new Error('project insert returned nothing');
    await tx.insert(projectAccesses).values({
      projectId: row.id,
      userId: principal.userId,
      email: creator.email,
      scope: 'PROJECT_OWNER',
      invitedById: principal.userId,
      acceptedAt: new Date(),
    });
    const standing = await projectStanding(tx, principal, row.id);
    return projectDetail(tx, row, { actor: standing.actor ?? 'PO', scope: standing.scope });
  });
}

export async function getProject(db: Db, principal: Principal, projectId: string): Promise<ProjectDetail> {
  const standing = await projectStanding(db, principal, projectId);
  if (!standing.actor) throw projectAccessDenied();
  return projectDetail(db, await loadProject(db, projectId), {
    actor: standing.actor,
    scope: standing.scope,
  });
}

function assertShootDates(current: ProjectRow, input: UpdateProject): void {
  const merged = {
    shootStartDate: input.shootStartDate === undefined ? current.shootStartDate : input.shootStartDate,
    shootEndDate: input.shootEndDate === undefined ? current.shootEndDate : input.shootEndDate,
  };
  if (shootDatesInOrder(merged)) return;
  throw fieldErrors([{ path: 'body.shootEndDate', message: PROJECT_MESSAGES.shootEndBeforeStart }]);
}

/** Applies a partial update and bumps the version; a stale `version` is refused so no edit is silently lost. */
export async function updateProject(
  db: Db,
  principal: Principal,
  projectId: string,
  input: UpdateProject,
): Promise<ProjectDetail> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
    if (!current) throw notFound('The project');
    if (input.version !== undefined && input.version !== current.version) {
      throw new AppError('CONFLICT', PROJECT_MESSAGES.versionConflict, { version: current.version });
    }
    assertShootDates(current, input);
    await assertLookupRefs(tx, lookupFields(input));
    await tx
      .update(projects)
      .set({ ...columnsOf(input), version: sql`${projects.version} + 1` })
      .where(eq(projects.id, projectId));
  });
  return getProject(db, principal, projectId);
}

export async function archiveProject(db: Db, projectId: string, archived: boolean) {
  const [row] = await db
    .update(projects)
    .set({
      archivedAt: archived ? sql`coalesce(${projects.archivedAt}, now())` : null,
      version: sql`${projects.version} + 1`,
    })
    .where(eq(projects.id, projectId))
    .returning({ id: projects.id, archivedAt: projects.archivedAt });
  if (!row) throw notFound('The project');
  return { id: row.id, archived: row.archivedAt !== null, archivedAt: row.archivedAt?.toISOString() ?? null };
}
