import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  deadlineWarnings,
  SELF_TAPE_MAX_CANDIDATES,
  SELF_TAPE_TEXTS,
  selfTapeRequestCreateSchema,
  type SelfTapeRequestCreate,
} from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { minorSql } from '../../platform/db/minors';
import {
  applicants,
  folderMemberships,
  folders,
  roles,
  selfTapeRequests,
  submissions,
} from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, fieldErrors, notFound } from '../../platform/errors';
import { allowanceLimits, spendAllowance } from '../email';
import { officeDeadlineRule } from './office-rule';
import { SELF_TAPES_SEND_QUEUE, type SelfTapeSendJob } from './send-job';
import { readSides } from './sides';
import { presentRequest } from './view';

/**
 * The rows a request goes to, checked in one query to be submissions of the opportunity (an id of another project
 * or opportunity is "not found", and nothing is sent): the chosen rows, or every row in a folder of the opportunity.
 */
async function resolveSelection(
  tx: Queryable,
  projectId: string,
  input: { roleId: string; submissionIds?: string[]; folderId?: string },
): Promise<string[]> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, input.roleId), eq(roles.projectId, projectId)));
  if (!role) throw notFound('The opportunity');
  if (input.submissionIds) {
    const wanted = [...new Set(input.submissionIds.map((id) => id.toLowerCase()))];
    const rows = await tx
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          eq(submissions.projectId, projectId),
          eq(submissions.roleId, input.roleId),
          inArray(submissions.id, wanted),
        ),
      );
    if (rows.length !== wanted.length) throw notFound('A candidate');
    return rows.map((row) => row.id).sort();
  }
  const [folder] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, input.folderId!), eq(folders.roleId, input.roleId)));
  if (!folder) throw notFound('The folder');
  const rows = await tx
    .select({ id: submissions.id })
    .from(folderMemberships)
    .innerJoin(submissions, eq(submissions.id, folderMemberships.submissionId))
    .where(and(eq(folderMemberships.folderId, folder.id), eq(submissions.roleId, input.roleId)))
    .orderBy(submissions.id)
    .limit(SELF_TAPE_MAX_CANDIDATES + 1);
  if (rows.length > SELF_TAPE_MAX_CANDIDATES) {
    throw new AppError('BAD_REQUEST', `A request reaches at most ${SELF_TAPE_MAX_CANDIDATES} candidates.`);
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', SELF_TAPE_TEXTS.chooseCandidates);
  return rows.map((row) => row.id);
}

async function minorsAmong(tx: Queryable, submissionIds: readonly string[]): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(and(inArray(submissions.id, [...submissionIds]), minorSql()));
  return row?.n ?? 0;
}

/**
 * Creates a request and queues the one job that sends it, in one transaction. The deadline is judged against the
 * preset first: a request whose deadline breaks it is refused (409 with the warnings) until the director confirms.
 * The idempotency key is unique per office: the same key answers the first request and queues nothing more, also
 * when two tries race (the unique index lets the first in). The candidate-mail allowance is spent per candidate.
 */
export async function createSelfTapeRequest(
  context: AppContext,
  caller: { userId: string },
  projectId: string,
  body: SelfTapeRequestCreate,
) {
  const input = selfTapeRequestCreateSchema.parse(body);
  const { db } = context.database;
  const existing = () =>
    db
      .select()
      .from(selfTapeRequests)
      .where(eq(selfTapeRequests.idempotencyKey, input.idempotencyKey))
      .then(([row]) => row);
  const first = await existing();
  if (first) return sameProject(first, projectId);
  try {
    return await db.transaction(async (tx) => {
      const submissionIds = await resolveSelection(tx, projectId, input);
      const sides = await readSides(context, tx, projectId, input.sides);
      const warnings = deadlineWarnings({
        preset: input.preset,
        pages: sides.reduce((sum, side) => sum + side.pages, 0),
        minors: await minorsAmong(tx, submissionIds),
        sentAt: new Date(),
        deadline: new Date(input.deadline),
        officeRule: await officeDeadlineRule(tx),
      });
      const agencyDeadline = input.agencyReview ? agencyDeadlineOf(input) : null;
      if (warnings.some((w) => w.kind === 'DEADLINE_PASSED')) {
        throw fieldErrors([{ path: 'body.deadline', message: 'The deadline is already past.' }]);
      }
      if (warnings.length > 0 && !input.confirmWarnings) {
        throw new AppError('CONFLICT', SELF_TAPE_TEXTS.confirmWarnings, { warnings });
      }
      await spendAllowance(
        tx as Db,
        allowanceLimits(context.config),
        caller.userId,
        projectId,
        submissionIds.length,
      );
      const [row] = await tx
        .insert(selfTapeRequests)
        .values({
          projectId,
          roleId: input.roleId,
          title: input.title,
          instructions: input.instructions,
          sides,
          takes: input.takes,
          acceptedKinds: input.acceptedKinds,
          maxLengthSeconds: input.maxLengthSeconds,
          slateInstructions: input.slateInstructions,
          deadline: new Date(input.deadline),
          timeZone: input.timeZone,
          preset: input.preset,
          latePolicy: input.latePolicy,
          reminderHours: [...new Set(input.reminderHours)],
          sendToTalent: input.sendToTalent,
          agencyReview: input.agencyReview,
          agencyDeadline,
          idempotencyKey: input.idempotencyKey,
          selection: { submissionIds },
          warnings,
          total: submissionIds.length,
          createdById: caller.userId,
        })
        .returning();
      await context.jobs.send<SelfTapeSendJob>(
        SELF_TAPES_SEND_QUEUE,
        { requestId: row!.id },
        { tx: tx as Db },
      );
      return { created: true, request: presentRequest(row!) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await existing();
    if (!raced) throw error;
    return sameProject(raced, projectId);
  }
}

/** The talent's deadline of an agency review: required, ahead, and before the office's own deadline. */
function agencyDeadlineOf(input: { agencyDeadline?: string; deadline: string }) {
  const at = input.agencyDeadline ? new Date(input.agencyDeadline) : null;
  if (!at || at.getTime() <= Date.now() || at.getTime() >= new Date(input.deadline).getTime()) {
    throw fieldErrors([{ path: 'body.agencyDeadline', message: SELF_TAPE_TEXTS.agencyDeadlineOrder }]);
  }
  return at;
}

/** A retried request answers the first one, only within the project it was made in. */
function sameProject(row: typeof selfTapeRequests.$inferSelect, projectId: string) {
  if (row.projectId !== projectId)
    throw new AppError('CONFLICT', 'This idempotency key was used for another project.');
  return { created: false, request: presentRequest(row) };
}
