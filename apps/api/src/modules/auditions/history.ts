import { and, asc, eq } from 'drizzle-orm';
import {
  AUDITION_MESSAGES,
  formatZonedTime,
  type AuditionHistory,
  type AuditionHistoryEntry,
} from '@casting/domain';
import { isUuid, type Queryable } from '../../platform/db/ids';
import {
  applicants,
  auditionInvitations,
  auditionResults,
  auditionSessions,
  auditionSlots,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

const notFound = () => new AppError('NOT_FOUND', AUDITION_MESSAGES.candidateNotFound);

/**
 * The sessions of this project a candidate was invited to, earliest first: kind, day and time (their slot, or the
 * session's start while they hold none) by the session's wall clock, their answer, attendance and rating. One query
 * from the candidate of this project (row-level security keeps it in the office), so a candidate of another project
 * or office is a 404 and never an empty list.
 */
export async function auditionHistoryOf(
  db: Queryable,
  projectId: string,
  applicantId: string,
): Promise<AuditionHistory> {
  if (!isUuid(applicantId)) throw notFound();
  const rows = await db
    .select({
      applicantId: applicants.id,
      invitation: auditionInvitations,
      session: auditionSessions,
      slotStartsAt: auditionSlots.startsAt,
      attendance: auditionResults.attendance,
      rating: auditionResults.rating,
    })
    .from(applicants)
    .leftJoin(
      auditionInvitations,
      and(
        eq(auditionInvitations.applicantId, applicants.id),
        eq(auditionInvitations.projectId, applicants.projectId),
      ),
    )
    .leftJoin(auditionSessions, eq(auditionSessions.id, auditionInvitations.sessionId))
    .leftJoin(auditionSlots, eq(auditionSlots.id, auditionInvitations.slotId))
    .leftJoin(auditionResults, eq(auditionResults.invitationId, auditionInvitations.id))
    .where(and(eq(applicants.id, applicantId), eq(applicants.projectId, projectId)))
    .orderBy(asc(auditionSessions.startsAt), asc(auditionSessions.id));
  if (rows.length === 0) throw notFound();
  const items: AuditionHistoryEntry[] = [];
  for (const { invitation, session, slotStartsAt, attendance, rating } of rows) {
    if (!invitation || !session) continue;
    items.push({
      sessionId: session.id,
      sessionName: session.name,
      kind: session.kind as AuditionHistoryEntry['kind'],
      day: session.day,
      time: formatZonedTime(slotStartsAt ?? session.startsAt, session.timeZone),
      timeZone: session.timeZone,
      status: invitation.status as AuditionHistoryEntry['status'],
      attendance: (attendance ?? null) as AuditionHistoryEntry['attendance'],
      rating: rating ?? null,
    });
  }
  return { items };
}
