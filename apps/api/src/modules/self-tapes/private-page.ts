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
import { attachUploads, createUploadGrant, holderOwner } from '../media';
import { emitWebhookEvent } from '../webhooks';
import { secretDigest } from './secret';
import { sideCopyKey } from './sides';

/** The holder of a recipient's upload grants: every load of their page may resume the uploads of another. */
export const selfTapeGrantHolder = (recipientId: string) => `self-tape:${recipientId}`;

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
  const takes = await db
    .select()
    .from(selfTapeTakes)
    .where(eq(selfTapeTakes.recipientId, recipient.id))
    .orderBy(selfTapeTakes.createdAt, selfTapeTakes.id);
  const open =
    (recipient.status === 'SENT' || recipient.status === 'OPENED') &&
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
    late: recipient.late,
    extension: recipient.extension as SelfTapePrivatePage['extension'],
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
 * Submits the takes: they become the candidate's media (processed as every upload is), the recipient is marked
 * submitted (late when past their deadline and the request accepts late tapes; refused otherwise), the office's
 * tracking page is told, and the `self_tape.submitted` webhook event is recorded, all in one transaction.
 */
export async function submitTakes(context: AppContext, secret: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    assertOpen(found, now);
    const takes = await tx
      .select()
      .from(selfTapeTakes)
      .where(eq(selfTapeTakes.recipientId, found.recipient.id));
    if (takes.length === 0) throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.noTakes);
    const mediaIds = await attachUploads(
      tx as Db,
      {
        projectId: found.request.projectId,
        applicantId: found.recipient.applicantId,
        uploads: takes.map((take) => take.uploadKey),
        grantId: holderOwner(selfTapeGrantHolder(found.recipient.id)),
      },
      { jobs: context.jobs },
    );
    for (const [index, take] of takes.entries()) {
      await tx.update(selfTapeTakes).set({ mediaId: mediaIds[index] }).where(eq(selfTapeTakes.id, take.id));
    }
    const late = pastDeadline(found, now);
    const [updated] = await tx
      .update(selfTapeRecipients)
      .set({ status: 'SUBMITTED', submittedAt: now, late, openedAt: found.recipient.openedAt ?? now })
      .where(eq(selfTapeRecipients.id, found.recipient.id))
      .returning();
    found.recipient = updated!;
    await publish(context, tx, found, 'SUBMITTED');
    await emitWebhookEvent(context.jobs, tx, 'self_tape.submitted', {
      requestId: found.request.id,
      projectId: found.request.projectId,
      roleId: found.request.roleId,
      submissionId: found.recipient.submissionId,
      applicantId: found.recipient.applicantId,
      late,
      mediaIds,
    });
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

/** Asks the office for more time (once an answer came, asking again is allowed); the office grants or refuses. */
export async function askForTime(context: AppContext, secret: string, note: string, now = new Date()) {
  return context.database.db.transaction(async (tx) => {
    const found = await recipientBySecret(tx, secret, true);
    if (found.recipient.status === 'DECLINED') throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedDeclined);
    if (found.recipient.status === 'SUBMITTED')
      throw new AppError('CONFLICT', SELF_TAPE_TEXTS.closedSubmitted);
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
