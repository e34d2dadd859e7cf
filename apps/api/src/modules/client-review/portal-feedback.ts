import { and, eq, sql } from 'drizzle-orm';
import { CLIENT_REVIEW_MESSAGES, type ClientFeedbackInput, type ClientVote } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import { isUuid } from '../../platform/db/ids';
import { clientFeedback, clientLinkItems, clientLinkVisits } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import { emitWebhookEvent } from '../webhooks';

/**
 * A named viewer's vote and/or comment on a candidate of the link; the team's pages hear of it on the live channel
 * (published in the transaction, so it arrives once committed).
 */
export async function saveFeedback(
  context: AppContext,
  scope: ClientLinkScope,
  submissionId: string,
  input: ClientFeedbackInput,
) {
  const { db } = context.database;
  if (!scope.viewerId) {
    throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
  }
  const viewerId = scope.viewerId;
  const notInLink = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
  if (!isUuid(submissionId)) throw notInLink();
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ submissionId: clientLinkItems.submissionId })
      .from(clientLinkItems)
      .where(and(eq(clientLinkItems.linkId, scope.linkId), eq(clientLinkItems.submissionId, submissionId)));
    if (!item) throw notInLink();
    const set: { vote?: string | null; comment?: string | null; updatedAt: Date } = { updatedAt: new Date() };
    if (input.vote !== undefined) set.vote = input.vote;
    if (input.comment !== undefined) set.comment = input.comment ? input.comment : null;
    const [row] = await tx
      .insert(clientFeedback)
      .values({
        viewerId,
        submissionId,
        linkId: scope.linkId,
        projectId: scope.projectId,
        vote: set.vote ?? null,
        comment: set.comment ?? null,
      })
      .onConflictDoUpdate({ target: [clientFeedback.viewerId, clientFeedback.submissionId], set })
      .returning();
    await emitWebhookEvent(context.jobs, tx, 'client_feedback.received', {
      projectId: scope.projectId,
      clientLinkId: scope.linkId,
      viewerId,
      submissionId,
      vote: row!.vote ?? null,
      hasComment: Boolean(row!.comment),
    });
    await context.events.publish(
      scope.projectId,
      'CLIENT_FEEDBACK_UPDATED',
      { linkId: scope.linkId },
      { tx },
    );
    return { vote: (row!.vote as ClientVote | null) ?? null, comment: row!.comment };
  });
}

/**
 * The view log: the page's first call opens a visit; later calls name the candidate on screen, which is added to the
 * visit's seen set (how far the viewer got).
 */
export async function recordView(
  context: AppContext,
  scope: ClientLinkScope,
  input: { visitId?: string; submissionId?: string },
): Promise<{ visitId: string }> {
  const { db } = context.database;
  return db.transaction(async (tx) => {
    let seen: string[] = [];
    if (input.submissionId) {
      const [item] = await tx
        .select({ id: clientLinkItems.submissionId })
        .from(clientLinkItems)
        .where(
          and(eq(clientLinkItems.linkId, scope.linkId), eq(clientLinkItems.submissionId, input.submissionId)),
        );
      if (!item) throw new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
      seen = [item.id];
    }
    if (input.visitId) {
      const [updated] = await tx
        .update(clientLinkVisits)
        .set({
          lastActiveAt: new Date(),
          viewerId: sql`coalesce(${clientLinkVisits.viewerId}, ${scope.viewerId}::uuid)`,
          seenSubmissionIds:
            seen.length > 0
              ? sql`(select array_agg(distinct s) from unnest(${clientLinkVisits.seenSubmissionIds} || ${seen[0]}::uuid) s)`
              : clientLinkVisits.seenSubmissionIds,
        })
        .where(and(eq(clientLinkVisits.id, input.visitId), eq(clientLinkVisits.linkId, scope.linkId)))
        .returning({ id: clientLinkVisits.id });
      if (updated) {
        await context.events.publish(
          scope.projectId,
          'CLIENT_FEEDBACK_UPDATED',
          { linkId: scope.linkId },
          { tx },
        );
        return { visitId: updated.id };
      }
    }
    const [visit] = await tx
      .insert(clientLinkVisits)
      .values({
        linkId: scope.linkId,
        projectId: scope.projectId,
        viewerId: scope.viewerId,
        seenSubmissionIds: seen,
      })
      .returning({ id: clientLinkVisits.id });
    await context.events.publish(
      scope.projectId,
      'CLIENT_FEEDBACK_UPDATED',
      { linkId: scope.linkId },
      { tx },
    );
    return { visitId: visit!.id };
  });
}
