import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { DRAFT_MESSAGES, type CreateProject, type ProjectDraft, type WizardStep } from '@casting/domain';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { projects, roles } from '../../../platform/db/schema';
import { AppError, fieldErrors } from '../../../platform/errors';
import type { Principal } from '../../../platform/http/access';
import { createProject } from './project-service';

type DraftRow = Pick<typeof projects.$inferSelect, 'id' | 'name' | 'draftStep' | 'updatedAt'>;

const view = (row: DraftRow): ProjectDraft => ({
  id: row.id,
  name: row.name,
  step: (row.draftStep ?? 'PROJECT') as WizardStep,
  updatedAt: row.updatedAt.toISOString(),
});

const columns = {
  id: projects.id,
  name: projects.name,
  draftStep: projects.draftStep,
  updatedAt: projects.updatedAt,
};

/** Step 1 of the wizard: the project itself, created as a draft (same rules as creating a project) that opens at step 2. */
export async function createDraft(db: Db, principal: Principal, input: CreateProject): Promise<ProjectDraft> {
  const project = await createProject(db, principal, input, { draftStep: 'OPPORTUNITIES' });
  const [row] = await db.select(columns).from(projects).where(eq(projects.id, project.id));
  return view(row!);
}

/** The query of an owner's drafts, last touched first (index projects_drafts_owner_idx); a person keeps a handful. */
export function draftListQuery(db: Queryable, ownerId: string) {
  return db
    .select(columns)
    .from(projects)
    .where(and(eq(projects.ownerId, ownerId), isNotNull(projects.draftStep)))
    .orderBy(desc(projects.updatedAt))
    .limit(50);
}

export async function listDrafts(db: Db, principal: Principal): Promise<ProjectDraft[]> {
  return (await draftListQuery(db, principal.userId)).map(view);
}

/** A draft of the project, or 409 once it is finished (the wizard then has nothing to continue). */
async function draftRow(db: Db, projectId: string): Promise<DraftRow> {
  const [row] = await db.select(columns).from(projects).where(eq(projects.id, projectId));
  if (!row?.draftStep) throw new AppError('CONFLICT', DRAFT_MESSAGES.notADraft);
  return row;
}

export async function getDraft(db: Db, projectId: string): Promise<ProjectDraft> {
  return view(await draftRow(db, projectId));
}

/** Records the step the wizard reopens at; the step's own data was saved by the ordinary calls. */
export async function saveDraftStep(db: Db, projectId: string, step: WizardStep): Promise<ProjectDraft> {
  const [row] = await db
    .update(projects)
    .set({ draftStep: step, updatedAt: new Date() })
    .where(and(eq(projects.id, projectId), isNotNull(projects.draftStep)))
    .returning(columns);
  if (!row) throw new AppError('CONFLICT', DRAFT_MESSAGES.notADraft);
  return view(row);
}

/**
 * Finishes the wizard: the project joins the lists. A project without an opportunity cannot take submissions, so
 * finishing needs one (the team and the link are optional: a director may cast alone and share links later).
 */
export async function finishDraft(db: Db, projectId: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: projects.id, draftStep: projects.draftStep })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!row?.draftStep) throw new AppError('CONFLICT', DRAFT_MESSAGES.notADraft);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(roles)
      .where(eq(roles.projectId, projectId));
    if (!count || count.n === 0)
      throw fieldErrors([{ path: 'step', message: DRAFT_MESSAGES.needsOpportunity }]);
    await tx
      .update(projects)
      .set({ draftStep: null, updatedAt: new Date() })
      .where(eq(projects.id, projectId));
    return { id: projectId };
  });
}

/** Discards a draft and everything its steps made (opportunities, folders, invitations, links: all cascade). */
export async function discardDraft(db: Db, projectId: string): Promise<void> {
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.id, projectId), isNotNull(projects.draftStep)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw new AppError('CONFLICT', DRAFT_MESSAGES.notADraft);
}
