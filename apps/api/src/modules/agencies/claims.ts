import { and, eq } from 'drizzle-orm';
import { LINK_MESSAGES, MESSAGES, type ClaimStatus, type ClaimView } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { applicantRepresentatives, applicants, projects } from '../../platform/db/schema';
import { newLinkToken, tokenDigest } from '../../platform/crypto/link-tokens';
import { AppError } from '../../platform/errors';

// The claim an agent answers from an e-mail: opened when an agent is named, confirmed or denied by its secret.

/**
 * Names an agent as an applicant's representative and opens the claim the agent answers. Answers the claim's id and
 * secret for the e-mail, or null when this agent already represents the applicant (no second mail).
 */
export async function openClaim(
  tx: Queryable,
  claim: {
    projectId: string;
    applicantId: string;
    agentId: string;
    agencyId: string;
    shareLinkId: string | null;
  },
): Promise<{ id: string; token: string } | null> {
  const token = newLinkToken();
  const [row] = await tx
    .insert(applicantRepresentatives)
    .values({ ...claim, claimTokenHash: tokenDigest(token) })
    .onConflictDoNothing({ target: [applicantRepresentatives.applicantId, applicantRepresentatives.agentId] })
    .returning({ id: applicantRepresentatives.id });
  return row ? { id: row.id, token } : null;
}

/**
 * The agent's answer from the claim e-mail. Confirming twice is harmless; a denied claim cannot be answered again
 * (APPLICANT_REPRESENTATIVE_ALREADY_DENIED) and a confirmed one cannot be denied afterwards.
 */
export async function answerClaim(
  db: Db,
  projectId: string,
  input: { claimId: string; token: string },
  answer: 'CONFIRMED' | 'DENIED',
): Promise<{ id: string; status: ClaimStatus; message: string }> {
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(applicantRepresentatives)
      .where(
        and(
          eq(applicantRepresentatives.id, input.claimId),
          eq(applicantRepresentatives.projectId, projectId),
          eq(applicantRepresentatives.claimTokenHash, tokenDigest(input.token)),
        ),
      )
      .for('update');
    if (!claim) throw new AppError('NOT_FOUND', LINK_MESSAGES.claimInvalid);
    if (claim.status === 'DENIED') {
      throw new AppError('APPLICANT_REPRESENTATIVE_ALREADY_DENIED', MESSAGES.representationAlreadyDeclined);
    }
    if (claim.status === 'CONFIRMED' && answer === 'DENIED') {
      throw new AppError('CONFLICT', LINK_MESSAGES.claimAlreadyConfirmed);
    }
    await tx
      .update(applicantRepresentatives)
      .set({ status: answer, answeredAt: claim.answeredAt ?? new Date() })
      .where(eq(applicantRepresentatives.id, claim.id));
    return {
      id: claim.id,
      status: answer,
      message: answer === 'CONFIRMED' ? LINK_MESSAGES.claimConfirmed : LINK_MESSAGES.claimDenied,
    };
  });
}

/** The claim the e-mailed link names, for the page that asks the agent; 404 for a wrong id or secret alike. */
export async function claimView(
  db: Queryable,
  projectId: string,
  claimId: string,
  token: string,
): Promise<ClaimView> {
  const [row] = await db
    .select({
      id: applicantRepresentatives.id,
      status: applicantRepresentatives.status,
      projectName: projects.name,
      talentFirst: applicants.firstName,
      talentLast: applicants.lastName,
    })
    .from(applicantRepresentatives)
    .innerJoin(projects, eq(projects.id, applicantRepresentatives.projectId))
    .innerJoin(applicants, eq(applicants.id, applicantRepresentatives.applicantId))
    .where(
      and(
        eq(applicantRepresentatives.id, claimId),
        eq(applicantRepresentatives.projectId, projectId),
        eq(applicantRepresentatives.claimTokenHash, tokenDigest(token)),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', LINK_MESSAGES.claimInvalid);
  return {
    id: row.id,
    status: row.status as ClaimStatus,
    projectName: row.projectName,
    talentName: `${row.talentFirst} ${row.talentLast}`,
  };
}
