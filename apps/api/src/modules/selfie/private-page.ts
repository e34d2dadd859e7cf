import { and, eq, isNull } from 'drizzle-orm';
import { SELFIE_MESSAGES, type PrivateSelfie, type PrivateSelfieSet } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { selfieRequests } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { applicantByPrivateToken } from '../apply';
import { attachSelfie, createUploadGrant, findSelfie, holderOwner, selfieGrantHolder } from '../media';
import { openRequest, presentSelfie } from './view';

/** What the talent's private page shows of the selfie, and the grant its section uploads under. */
async function privateView(
  context: AppContext,
  db: Queryable,
  applicant: { id: string; projectId: string },
): Promise<PrivateSelfie> {
  const selfie = await findSelfie(db as Db, applicant.projectId, applicant.id);
  const request = await openRequest(db, applicant.id);
  return {
    selfie: await presentSelfie(context.storage, selfie),
    requestedAt: request ? request.createdAt.toISOString() : null,
    // For the project only: the photo waits, uploaded, until `setPrivateSelfie` makes it this applicant's selfie.
    uploadGrant: createUploadGrant(context.config, {
      projectId: applicant.projectId,
      holder: selfieGrantHolder(applicant.id),
    }),
  };
}

/** `GET /v2/applicants/{id}/standalone/selfie`: opened with the private link's token (404 for a wrong one). */
export async function privateSelfie(context: AppContext, applicantId: string, token: string) {
  const { db } = context.database;
  const applicant = await applicantByPrivateToken(db, applicantId, token);
  return privateView(context, db, applicant);
}

/**
 * The talent makes their finished upload their selfie: it replaces the previous one and answers the open request,
 * in one transaction. An application still waiting for its address's owner changes nothing until confirmed (409).
 */
export async function setPrivateSelfie(context: AppContext, applicantId: string, input: PrivateSelfieSet) {
  return context.database.db.transaction(async (tx) => {
    const applicant = await applicantByPrivateToken(tx, applicantId, input.accessToken);
    if (applicant.unconfirmedEmail !== null) throw new AppError('CONFLICT', SELFIE_MESSAGES.confirmFirst);
    const item = await attachSelfie(
      tx,
      {
        projectId: applicant.projectId,
        applicantId: applicant.id,
        key: input.key,
        grantId: holderOwner(selfieGrantHolder(applicant.id)),
      },
      { jobs: context.jobs },
    );
    await tx
      .update(selfieRequests)
      .set({ answeredAt: new Date(), mediaId: item.id })
      .where(and(eq(selfieRequests.applicantId, applicant.id), isNull(selfieRequests.answeredAt)));
    return privateView(context, tx, applicant);
  });
}
