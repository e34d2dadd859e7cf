import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PRESENTATION_TEXTS, type CreatePresentation, type PatchPresentation } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { mediaItems, presentationItems, presentations, roles, submissions } from '../../platform/db/schema';
import { AppError, fieldErrors } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/ports';
import { requestStoragePurge } from '../../platform/storage/purge';
import { presentationOfProject, type PresentationRow } from './queries';

/** Positions are fractions: below this gap between neighbours, the presentation is renumbered 0, 1, 2... */
const MIN_GAP = 1e-6;

/**
 * Makes a presentation from a selection of one opportunity's candidates, in the order given. Every id must be a
 * submission of that opportunity of this project: one query answers for all, so an id from another project or office
 * is refused rather than trusted.
 */
export async function createPresentation(
  db: Db,
  projectId: string,
  userId: string,
  input: CreatePresentation,
): Promise<PresentationRow> {
  const submissionIds = [...new Set(input.submissionIds)];
  const found = await db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(roles, eq(roles.id, submissions.roleId))
    .where(
      and(
        eq(submissions.projectId, projectId),
        eq(roles.projectId, projectId),
        eq(submissions.roleId, input.roleId),
        inArray(submissions.id, submissionIds),
      ),
    );
  if (found.length !== submissionIds.length) {
    throw fieldErrors([
      { path: 'body.submissionIds', message: PRESENTATION_TEXTS.candidatesNotInOpportunity },
    ]);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(presentations)
      .values({
        projectId,
        roleId: input.roleId,
        title: input.title,
        layout: input.layout,
        createdById: userId,
      })
      .returning();
    await tx.insert(presentationItems).values(
      submissionIds.map((submissionId, position) => ({
        presentationId: row!.id,
        submissionId,
        projectId,
        position,
      })),
    );
    return row!;
  });
}

export async function patchPresentation(
  db: Db,
  projectId: string,
  presentationId: string,
  input: PatchPresentation,
): Promise<PresentationRow> {
  const row = await presentationOfProject(db, projectId, presentationId);
  const values: Partial<typeof presentations.$inferInsert> = { updatedAt: new Date() };
  if (input.title !== undefined) values.title = input.title;
  if (input.layout !== undefined) values.layout = input.layout;
  const [updated] = await db
    .update(presentations)
    .set(values)
    .where(eq(presentations.id, row.id))
    .returning();
  return updated!;
}

const notInPresentation = () => new AppError('NOT_FOUND', PRESENTATION_TEXTS.candidateNotInPresentation);

async function touch(db: Queryable, presentationId: string) {
  await db.update(presentations).set({ updatedAt: new Date() }).where(eq(presentations.id, presentationId));
}

/**
 * Moves one candidate so that it ends at `target` (0 is first): it takes the midpoint of its new neighbours'
 * positions, so one row changes; when the gap has worn too thin, the whole order is renumbered once.
 */
export async function moveItem(
  db: Db,
  projectId: string,
  presentationId: string,
  submissionId: string,
  target: number,
): Promise<void> {
  const row = await presentationOfProject(db, projectId, presentationId);
  if (!isUuid(submissionId)) throw notInPresentation();
  await db.transaction(async (tx) => {
    const order = await tx
      .select({ submissionId: presentationItems.submissionId, position: presentationItems.position })
      .from(presentationItems)
      .where(eq(presentationItems.presentationId, row.id))
      .orderBy(asc(presentationItems.position), asc(presentationItems.submissionId))
      .for('update');
    const moving = order.findIndex((item) => item.submissionId === submissionId);
    if (moving < 0) throw notInPresentation();
    const others = order.filter((item) => item.submissionId !== submissionId);
    const index = Math.min(target, others.length);
    const before = others[index - 1]?.position;
    const after = others[index]?.position;
    let position: number;
    if (before !== undefined && after !== undefined) position = (before + after) / 2;
    else if (before !== undefined) position = before + 1;
    else if (after !== undefined) position = after - 1;
    else position = 0;
    const cramped =
      before !== undefined && after !== undefined && (after - before < MIN_GAP || !Number.isFinite(position));
    if (cramped) {
      const renumbered = [...others];
      renumbered.splice(index, 0, order[moving]!);
      for (const [i, item] of renumbered.entries()) {
        await tx
          .update(presentationItems)
          .set({ position: i })
          .where(
            and(
              eq(presentationItems.presentationId, row.id),
              eq(presentationItems.submissionId, item.submissionId),
            ),
          );
      }
    } else {
      await tx
        .update(presentationItems)
        .set({ position })
        .where(
          and(eq(presentationItems.presentationId, row.id), eq(presentationItems.submissionId, submissionId)),
        );
    }
    await touch(tx, row.id);
  });
}

/**
 * Chooses the media a client is shown of one candidate (null: whatever the link shares). Every id must be a media item
 * of that candidate in this project that may be shown to clients, checked by one query.
 */
export async function chooseMedia(
  db: Db,
  projectId: string,
  presentationId: string,
  submissionId: string,
  mediaIds: string[] | null,
): Promise<void> {
  const row = await presentationOfProject(db, projectId, presentationId);
  if (!isUuid(submissionId)) throw notInPresentation();
  const [item] = await db
    .select({ applicantId: submissions.applicantId })
    .from(presentationItems)
    .innerJoin(submissions, eq(submissions.id, presentationItems.submissionId))
    .where(
      and(eq(presentationItems.presentationId, row.id), eq(presentationItems.submissionId, submissionId)),
    );
  if (!item) throw notInPresentation();
  const ids = mediaIds === null ? null : [...new Set(mediaIds)];
  if (ids && ids.length > 0) {
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(mediaItems)
      .where(
        and(
          inArray(mediaItems.id, ids),
          eq(mediaItems.projectId, projectId),
          eq(mediaItems.applicantId, item.applicantId),
          eq(mediaItems.visibility, 'ALL'),
        ),
      );
    if (Number(count) !== ids.length) {
      throw fieldErrors([{ path: 'body.mediaIds', message: PRESENTATION_TEXTS.mediaNotOfCandidate }]);
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .update(presentationItems)
      .set({ mediaIds: ids })
      .where(
        and(eq(presentationItems.presentationId, row.id), eq(presentationItems.submissionId, submissionId)),
      );
    await touch(tx, row.id);
  });
}

/** Takes one candidate out of the presentation (client links already made keep them). */
export async function removeItem(
  db: Db,
  projectId: string,
  presentationId: string,
  submissionId: string,
): Promise<void> {
  const row = await presentationOfProject(db, projectId, presentationId);
  if (!isUuid(submissionId)) throw notInPresentation();
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(presentationItems)
      .where(
        and(eq(presentationItems.presentationId, row.id), eq(presentationItems.submissionId, submissionId)),
      )
      .returning({ submissionId: presentationItems.submissionId });
    if (removed.length === 0) throw notInPresentation();
    await touch(tx, row.id);
  });
}

/**
 * Deletes a presentation; client links made from it stay (they are snapshots). Its stored PDF is queued for the
 * storage purge by the table's delete trigger, in this transaction, whatever deletes the row (this or a project's).
 */
export async function deletePresentation(db: Db, jobs: Jobs, projectId: string, presentationId: string) {
  await db.transaction(async (tx) => {
    const row = await presentationOfProject(tx as Db, projectId, presentationId);
    await tx.delete(presentations).where(eq(presentations.id, row.id));
    if (row.pdfKey) await requestStoragePurge(jobs, { tx: tx as Db });
  });
}
