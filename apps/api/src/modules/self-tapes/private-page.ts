import { and, eq, inArray, sql } from 'drizzle-orm';
import { SELF_TAPE_TEXTS, type SelfTapePrivatePage, type SelfTapeSide } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  applicants,
  mediaUploads,
  offices,
  projects,
  roles,
  selfTapeRecipients,
  selfTapeRequests,
  selfTapeTakes,
} from '../../platform/db/schema';
import { enterOffice, hasScope } from '../../platform/db/scope';
import { rowsOf } from '../../platform/db/rows';
import { AppError, fieldErrors } from '../../platform/errors';
import { createUploadGrant, holderOwner } from '../media';
import { secretDigest } from './secret';
import { deliverTakes, reviewFor, selfTapeGrantHolder, takesOf, talentUnderReview } from './review';
import { sideCopyKey } from './sides';

export { selfTapeGrantHolder } from './review';

/**
 * Moves the request into the office a recipient's secret belongs to (found by its digest through
 * `office_of_self_tape`, which answers that office only); an unknown secret leaves it in none, and the lookup that
 * follows answers 404 like any wrong link.
 */
export async function enterSelfTapeOffice(db: Queryable, secret: string): Promise<void> {
  const result = await db.execute(sql`select office_of_self_tape(${secretDigest(secret)}) as office_id`);
  const officeId = rowsOf<{ office_id: string | null }>(result)[0]?.office_id ?? null;
  if (hasScope()) enterOffice(officeId);
}

async function recipientBySecret(db: Queryable, secret: string, lock = false) {
  const query = db
    .select({
      recipient: selfTapeRecipients,
      request: selfTapeRequests,
      projectName: projects.name,
      roleName: roles.name,
      officeName: offices.name,
      candidateName: sql<string>`trim(${applicants.firstName} || ' ' || coalesce(${applicants.lastName}, ''))`,
    })
    .from(selfTapeRecipients)
    .innerJoin(selfTapeRequests, eq(selfTapeRequests.id, selfTapeRecipients.requestId))
    .innerJoin(projects, eq(projects.id, selfTapeRequests.projectId))
    .innerJoin(roles, eq(roles.id, selfTapeRequests.roleId))
    .innerJoin(offices, eq(offices.id, selfTapeRequests.officeId))
    .innerJoin(applicants, eq(applicants.id, selfTapeRecipients.applicantId))
    .where(eq(selfTapeRecipients.secretHash, secretDigest(secret)));
  const [row] = lock ? await query.for('update', { of: selfTapeRecipients }) : await query;
  if (!row) throw new AppError('NOT_FOUND', SELF_TAPE_TEXTS.notFound);
  return row;
}
type Found = Awaited<ReturnType<typeof recipientBySecret>>;

const pastDeadline = (found: Found, now: Date) => now.getTime() > found.recipient.deadline.getTime();

/** What may still change: nothing once submitted or declined, nor after the deadline when late tapes are refused. */
function assertOpen(found: Found, now: Date) {
  if (found.recipient.status === 'DECLINED') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedDeclined);
  if (found.recipient.status === 'SUBMITTED') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedSubmitted);
  if (found.recipient.review === 'PENDING') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.awaitingReview);
  if (found.request.closedAt) throw new AppError('LINK_CLOSED', SELF_TAPE_TEXTS.requestClosed);
  if (pastDeadline(found, now) && found.request.latePolicy === 'REFUSE') {
    throw new AppError('LINK_CLOSED', SELF_TAPE_TEXTS.deadlinePassed);
  }
}

/** Where the page downloads side `index`: through the API, which hands out this recipient's own copy only. */
const sideUrl = (secret: string, index: number) =>
  `/api/self-tape-page/sides/${index}?token=${encodeURIComponent(secret)}`;

async function present(
  context: AppContext,
  db: Queryable,
  found: Found,
  now: Date,
  secret: string,
): Promise<SelfTapePrivatePage> {
  const { recipient, request } = found;
  const takes = await takesOf(db, recipient.id);
  const open =
    (recipient.status === 'SENT' || recipient.status === 'OPENED') &&
    recipient.review !== 'PENDING' &&
    !request.closedAt &&
    !(pastDeadline(found, now) && request.latePolicy === 'REFUSE');
  const sides = (request.sides as SelfTapeSide[]).map((side, index) => ({
    name: side.name,
    pages: side.pages,
    url: sideUrl(secret, index),
  }));
  return {
    title: request.title,
    officeName: found.officeName,
    projectName: found.projectName,
    roleName: found.roleName,
    candidateName: found.candidateName,
    instructions: request.instructions,
    slateInstructions: request.slateInstructions,
    sides,
    takes: request.takes,
    acceptedKinds: request.acceptedKinds as SelfTapePrivatePage['acceptedKinds'],
    maxLengthSeconds: request.maxLengthSeconds,
    deadline: recipient.deadline.toISOString(),
    timeZone: request.timeZone,
    latePolicy: request.latePolicy as SelfTapePrivatePage['latePolicy'],
    status: recipient.status as SelfTapePrivatePage['status'],
    closed: request.closedAt !== null,
    late: recipient.late,
    extension: recipient.extension as SelfTapePrivatePage['extension'],
    review: recipient.review as SelfTapePrivatePage['review'],
    toReview: await reviewFor(context, db, recipient, request),
    uploaded: takes.map((take) => ({
      id: take.id,
      name: take.name,
      kind: take.kind as SelfTapePrivatePage['acceptedKinds'][number],
      uploadedAt: take.createdAt.toISOString(),
    })),
    uploadGrant: open
      ? createUploadGrant(context.config, {
          projectId: request.projectId,
          holder: selfTapeGrantHolder(recipient.id),
        })
      : null,
  };
}

const publish = (context: AppContext, tx: Queryable, found: Found, status: string) =>
  context.events.publish(
    found.request.projectId,
    'SELF_TAPES_UPDATED',
    { requestId: found.request.id, status },
    { tx },
  );

/** The page as the recipient opens it; the first opening is recorded and shown on the tracking page. */
export async function openPrivatePage(context: AppContext, secret: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    if (!found.recipient.openedAt) {
      const [updated] = await tx
        .update(selfTapeRecipients)
        .set({ openedAt: now, status: found.recipient.status === 'SENT' ? 'OPENED' : found.recipient.status })
        .where(eq(selfTapeRecipients.id, found.recipient.id))
        .returning();
      found.recipient = updated!;
      await publish(context, tx, found, 'OPENED');
    }
    return present(context, tx, found, now, secret);
  });
}

/**
 * The takes now are these finished uploads (made under this recipient's grant, of a kind the request accepts, no
 * more than it asks for): they replace those uploaded before, until submitted and, when late tapes are refused, until
 * the deadline.
 */
export async function setTakes(context: AppContext, secret: string, keys: string[], now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    assertOpen(found, now);
    const unique = [...new Set(keys)];
    if (unique.length > found.request.takes) {
      throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.tooManyTakes(found.request.takes));
    }
    const uploads = await tx
      .select()
      .from(mediaUploads)
      .where(
        and(
          inArray(mediaUploads.objectKey, unique),
          eq(mediaUploads.projectId, found.request.projectId),
          eq(mediaUploads.grantId, holderOwner(selfTapeGrantHolder(found.recipient.id))),
          eq(mediaUploads.state, 'COMPLETED'),
        ),
      );
    const missing = unique.findIndex((key) => !uploads.some((row) => row.objectKey === key));
    if (missing >= 0)
      throw fieldErrors([{ path: `body.keys.${missing}`, message: 'This upload is not finished.' }]);
    if (uploads.some((row) => !row.kind || !found.request.acceptedKinds.includes(row.kind))) {
      throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.kindNotAccepted);
    }
    await tx.delete(selfTapeTakes).where(eq(selfTapeTakes.recipientId, found.recipient.id));
    await tx.insert(selfTapeTakes).values(
      unique.map((key) => {
        const upload = uploads.find((row) => row.objectKey === key)!;
        return { recipientId: found.recipient.id, uploadKey: key, name: upload.fileName, kind: upload.kind! };
      }),
    );
    return present(context, tx, found, now, secret);
  });
}

/**
 * Submits the takes: they go to the office (`deliverTakes`), late when past the recipient's deadline and the request
 * accepts late tapes (refused otherwise). A represented talent of a request with agency review hands them to their
 * agents instead: nothing reaches the office until an agent forwards them (decision 0825).
 */
export async function submitTakes(context: AppContext, secret: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    assertOpen(found, now);
    const takes = await takesOf(tx, found.recipient.id);
    if (takes.length === 0) throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.noTakes);
    if (found.recipient.review) {
      const [updated] = await tx
        .update(selfTapeRecipients)
        .set({ review: 'PENDING', reviewedAt: null, openedAt: found.recipient.openedAt ?? now })
        .where(eq(selfTapeRecipients.id, found.recipient.id))
        .returning();
      found.recipient = updated!;
      return present(context, tx, found, now, secret);
    }
    found.recipient = await deliverTakes(context, tx as Db, found.recipient, found.request, {
      late: pastDeadline(found, now),
      now,
    });
    return present(context, tx, found, now, secret);
  });
}

/**
 * An agent answers their talent's hand-in: forwarded, the takes go to the office as the talent's submission (late
 * when past the office's deadline; refused then when the request refuses late tapes); sent back, the talent may
 * replace them and hand in again.
 */
export async function answerReview(context: AppContext, secret: string, forward: boolean, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    const talent = found.request.agencyReview ? await talentUnderReview(tx, found.recipient, true) : null;
    if (found.recipient.kind !== 'AGENT' || talent?.review !== 'PENDING') {
      throw new AppError('CONFLICT', SELF_TAPE_TEXTS.nothingToReview);
    }
    const late = now.getTime() > found.request.deadline.getTime();
    if (forward) {
      if (late && found.request.latePolicy === 'REFUSE')
        throw new AppError('LINK_CLOSED', SELF_TAPE_TEXTS.deadlinePassed);
      await deliverTakes(context, tx as Db, talent, found.request, { late, now });
    } else {
      await tx
        .update(selfTapeRecipients)
        .set({ review: 'RETURNED', reviewedAt: now })
        .where(eq(selfTapeRecipients.id, talent.id));
    }
    return present(context, tx, found, now, secret);
  });
}

/** Declines the request with a reason; nothing more can be sent through this page. */
export async function declineRequest(context: AppContext, secret: string, reason: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    assertOpen(found, now);
    const [updated] = await tx
      .update(selfTapeRecipients)
      .set({ status: 'DECLINED', declineReason: reason, openedAt: found.recipient.openedAt ?? now })
      .where(eq(selfTapeRecipients.id, found.recipient.id))
      .returning();
    found.recipient = updated!;
    await publish(context, tx, found, 'DECLINED');
    return present(context, tx, found, now, secret);
  });
}

/**
 * Asks the office for more time (once an answer came, asking again is allowed); the office grants or refuses. A closed
 * request takes no more tapes, so more time would mean nothing: it is refused like every other answer.
 */
export async function askForTime(context: AppContext, secret: string, note: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    if (found.recipient.status === 'DECLINED') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedDeclined);
    if (found.recipient.status === 'SUBMITTED')
      throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedSubmitted);
    if (found.request.closedAt) throw new AppError('LINK_CLOSED', SELF_TAPE_TEXTS.requestClosed);
    const [updated] = await tx
      .update(selfTapeRecipients)
      .set({ extension: 'ASKED', extensionNote: note || null })
      .where(eq(selfTapeRecipients.id, found.recipient.id))
      .returning();
    found.recipient = updated!;
    await publish(context, tx, found, 'EXTENSION');
    return present(context, tx, found, now, secret);
  });
}

/**
 * A signed URL of this recipient's own watermarked copy of side `index` (decision 0824): the original is never
 * handed out on this page, and a secret reaches its own recipient's copies only. 409 while the copy is being made.
 */
export async function sideDownload(context: AppContext, secret: string, index: number) {
  const { db } = context.database;
  const found = await recipientBySecret(db, secret);
  const side = (found.request.sides as SelfTapeSide[])[index];
  if (!side) throw new AppError('NOT_FOUND', SELF_TAPE_TEXTS.notFound);
  const key = await sideCopyKey(db, found.recipient.id, index);
  if (!key) throw new AppError('CONFLICT', SELF_TAPE_TEXTS.sideNotReady);
  return context.storage.presignGet(key, { expiresIn: 600, downloadName: side.name });
}
