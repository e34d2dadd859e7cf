import { and, eq } from 'drizzle-orm';
import type { SelfTapePrivatePage } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import type { selfTapeRequests } from '../../platform/db/schema';
import { selfTapeRecipients, selfTapeTakes } from '../../platform/db/schema';
import { attachUploads, holderOwner } from '../media';
import { emitWebhookEvent } from '../webhooks';

type Recipient = typeof selfTapeRecipients.$inferSelect;
type Request = typeof selfTapeRequests.$inferSelect;

/** The holder of a recipient's upload grants: every load of their page may resume the uploads of another. */
export const selfTapeGrantHolder = (recipientId: string) => `self-tape:${recipientId}`;

export const takesOf = (db: Queryable, recipientId: string) =>
  db
    .select()
    .from(selfTapeTakes)
    .where(eq(selfTapeTakes.recipientId, recipientId))
    .orderBy(selfTapeTakes.createdAt, selfTapeTakes.id);

/** The talent row an agent's row reviews: the same request and candidate, addressed to the talent. */
export async function talentUnderReview(db: Queryable, agent: Recipient, lock = false) {
  const query = db
    .select()
    .from(selfTapeRecipients)
    .where(
      and(
        eq(selfTapeRecipients.requestId, agent.requestId),
        eq(selfTapeRecipients.submissionId, agent.submissionId),
        eq(selfTapeRecipients.kind, 'TALENT'),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row?.review ? row : null;
}

/**
 * What an agent of a request with agency review sees of their talent's hand-in (decision 0825): its state, and the
 * takes with short-lived links once handed in. Anyone else sees nothing here.
 */
export async function reviewFor(
  context: AppContext,
  db: Queryable,
  recipient: Recipient,
  request: Request,
): Promise<SelfTapePrivatePage['toReview']> {
  if (!request.agencyReview || recipient.kind !== 'AGENT') return null;
  const talent = await talentUnderReview(db, recipient);
  if (!talent) return null;
  const shown = talent.review === 'PENDING' || talent.review === 'FORWARDED';
  const takes = shown ? await takesOf(db, talent.id) : [];
  return {
    state: talent.review as NonNullable<SelfTapePrivatePage['toReview']>['state'],
    takes: await Promise.all(
      takes.map(async (take) => ({
        name: take.name,
        kind: take.kind as SelfTapePrivatePage['acceptedKinds'][number],
        url: await context.storage.presignGet(take.uploadKey, { expiresIn: 3600, downloadName: take.name }),
      })),
    ),
  };
}

/**
 * Hands a recipient's takes to the office: they become the candidate's media (processed as every upload is), the
 * recipient is marked submitted (late when `late`), a forwarded review is recorded, the office's tracking page is
 * told, and the `self_tape.submitted` webhook event is recorded, in the caller's transaction.
 */
export async function deliverTakes(
  context: AppContext,
  tx: Db,
  recipient: Recipient,
  request: Request,
  input: { late: boolean; now: Date },
): Promise<Recipient> {
  const takes = await takesOf(tx, recipient.id);
  const mediaIds = await attachUploads(
    tx,
    {
      projectId: request.projectId,
      applicantId: recipient.applicantId,
      uploads: takes.map((take) => take.uploadKey),
      grantId: holderOwner(selfTapeGrantHolder(recipient.id)),
    },
    { jobs: context.jobs },
  );
  for (const [index, take] of takes.entries()) {
    await tx.update(selfTapeTakes).set({ mediaId: mediaIds[index] }).where(eq(selfTapeTakes.id, take.id));
  }
  const [updated] = await tx
    .update(selfTapeRecipients)
    .set({
      status: 'SUBMITTED',
      submittedAt: input.now,
      late: input.late,
      openedAt: recipient.openedAt ?? input.now,
      ...(recipient.review ? { review: 'FORWARDED', reviewedAt: input.now } : {}),
    })
    .where(eq(selfTapeRecipients.id, recipient.id))
    .returning();
  await context.events.publish(
    request.projectId,
    'SELF_TAPES_UPDATED',
    { requestId: request.id, status: 'SUBMITTED' },
    { tx },
  );
  await emitWebhookEvent(context.jobs, tx, 'self_tape.submitted', {
    requestId: request.id,
    projectId: request.projectId,
    roleId: request.roleId,
    submissionId: recipient.submissionId,
    applicantId: recipient.applicantId,
    late: input.late,
    mediaIds,
  });
  return updated!;
}
