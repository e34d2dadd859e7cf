import { and, eq, isNull } from 'drizzle-orm';
import { SELFIE_ASK_AGAIN_HOURS, SELFIE_MESSAGES, type ProjectActor } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { selfieRequests } from '../../platform/db/schema';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { newPrivateLinkToken, privateSubmissionLink } from '../apply';
import { allowanceLimits, spendAllowance } from '../email';
import { removeSelfie } from '../media';
import { selfieCandidate } from './candidate';
import { selfieRequestMail } from './mail';
import { candidateSelfieView } from './view';

const HOUR_MS = 3_600_000;

/**
 * Asks a candidate for a selfie: records who asked and when, and e-mails the talent a fresh private link to their page
 * (one e-mail of the candidate-mail daily allowance, decision 0160), all in one transaction, so a refused request
 * leaves nothing written, queued or counted. While a request made less than SELFIE_ASK_AGAIN_HOURS ago is still open
 * the call is refused (409); after that, asking again renews the open request and mails again (decision 0462).
 */
export async function askForSelfie(
  context: AppContext,
  caller: { userId: string; actor: ProjectActor },
  projectId: string,
  applicantId: string,
) {
  const { db } = context.database;
  try {
    return await db.transaction(async (tx) => {
      const candidate = await selfieCandidate(tx, caller.actor, projectId, applicantId, true);
      if (!candidate.email) throw new AppError('BAD_REQUEST', SELFIE_MESSAGES.noEmail);
      const [open] = await tx
        .select()
        .from(selfieRequests)
        .where(and(eq(selfieRequests.applicantId, candidate.id), isNull(selfieRequests.answeredAt)))
        .for('update');
      if (open && Date.now() - open.createdAt.getTime() < SELFIE_ASK_AGAIN_HOURS * HOUR_MS) {
        throw askedRecently();
      }
      if (open) {
        await tx
          .update(selfieRequests)
          .set({ createdAt: new Date(), requestedById: caller.userId })
          .where(eq(selfieRequests.id, open.id));
      } else {
        await tx
          .insert(selfieRequests)
          .values({ projectId, applicantId: candidate.id, requestedById: caller.userId });
      }
      await spendAllowance(tx, allowanceLimits(context.config), caller.userId, projectId, 1);
      const token = await newPrivateLinkToken(tx, candidate.id);
      const link = privateSubmissionLink(context.config.publicUrl, candidate.id, token);
      await enqueueMail(
        context.jobs,
        { kind: 'notice', message: selfieRequestMail(candidate.email, candidate.projectName, link) },
        tx,
      );
      return candidateSelfieView(tx, context.storage, projectId, candidate.id);
    });
  } catch (error) {
    // Two requests at once: the one-open-request index lets the first in.
    if (isUniqueViolation(error)) throw askedRecently();
    throw error;
  }
}

const askedRecently = () => new AppError('CONFLICT', SELFIE_MESSAGES.askedRecently(SELFIE_ASK_AGAIN_HOURS));

/** Removes the candidate's selfie (its files go to the storage purge); 404 when there is none. */
export async function removeCandidateSelfie(
  context: AppContext,
  actor: ProjectActor,
  projectId: string,
  applicantId: string,
) {
  return context.database.db.transaction(async (tx) => {
    const candidate = await selfieCandidate(tx, actor, projectId, applicantId, true);
    const removed = await removeSelfie(tx as Db, projectId, candidate.id, { jobs: context.jobs });
    if (!removed) throw new AppError('NOT_FOUND', SELFIE_MESSAGES.noSelfie);
    return candidateSelfieView(tx, context.storage, projectId, candidate.id);
  });
}
