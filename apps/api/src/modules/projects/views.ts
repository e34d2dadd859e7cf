import { eq } from 'drizzle-orm';
import type { ProjectActor, ProjectDetail, ProjectScope } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import type { projects } from '../../platform/db/schema';
import { users } from '../../platform/db/schema';
import { fullName } from '../identity';
import { loadOptions, optionOf, optionsOf } from '../lookups';

export type ProjectRow = typeof projects.$inferSelect;

export interface Viewer {
  actor: ProjectActor;
  scope: ProjectScope | null;
}

/** The project as GET /v2/projects/{id} answers it, lookup references resolved to options. */
export async function projectDetail(db: Queryable, row: ProjectRow, viewer: Viewer): Promise<ProjectDetail> {
  const [owner] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.ownerId));
  const options = await loadOptions(db, [
    row.projectTypeId,
    row.unionStatusId,
    row.projectStatusId,
    ...row.regionIds,
    ...row.lookingForIds,
    ...row.geographicIds,
  ]);
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    isWeb: row.isWeb,
    projectAccessScope: viewer.scope,
    projectActor: viewer.actor,
    collectRepresentativeInfo: row.collectRepresentativeInfo,
    settings: { applicantOnlyInOneFolder: row.settings.applicantOnlyInOneFolder === true },
    projectType: optionOf(options, row.projectTypeId),
    unionStatus: optionOf(options, row.unionStatusId),
    projectStatus: optionOf(options, row.projectStatusId),
    description: row.description,
    productionCompany: row.productionCompany,
    submissionDeadline: row.submissionDeadline,
    auditionDate: row.auditionDate,
    callbackDate: row.callbackDate,
    shootStartDate: row.shootStartDate,
    shootEndDate: row.shootEndDate,
    location: row.location,
    regions: optionsOf(options, row.regionIds),
    rateNotes: row.rateNotes,
    lookingFor: row.lookingFor,
    lookingForTypes: optionsOf(options, row.lookingForIds),
    geographic: optionsOf(options, row.geographicIds),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    owner: { id: row.ownerId, fullName: owner ? fullName(owner) : '' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
