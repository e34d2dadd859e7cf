import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ClientLinkReport, ClientTally, ClientVote } from '@casting/domain';
import type { Queryable } from '../../platform/db/ids';
import {
  applicants,
  clientFeedback,
  clientLinkItems,
  clientLinkViewers,
  clientLinkVisits,
  roles,
  submissions,
} from '../../platform/db/schema';
import { linkOfProject, summaryOf } from './links';

/** The most recent visits the report lists (the log of one link; a link is read by a handful of people). */
const VISITS_SHOWN = 200;

/**
 * The team's view of one link: per candidate, every named viewer's vote and comment and a tally; the view log with
 * who opened the link, when, and how many of its candidates they reached.
 */
export async function linkReport(
  db: Queryable,
  projectId: string,
  linkId: string,
): Promise<ClientLinkReport> {
  const link = await linkOfProject(db, projectId, linkId);
  const rows = await db
    .select({
      submissionId: clientLinkItems.submissionId,
      applicantId: submissions.applicantId,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      roleName: roles.name,
    })
    .from(clientLinkItems)
    .innerJoin(submissions, eq(submissions.id, clientLinkItems.submissionId))
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .innerJoin(roles, eq(roles.id, submissions.roleId))
    .where(eq(clientLinkItems.linkId, link.id))
    .orderBy(asc(clientLinkItems.position));
  const feedback = await db
    .select({
      submissionId: clientFeedback.submissionId,
      viewerId: clientFeedback.viewerId,
      viewerName: clientLinkViewers.name,
      vote: clientFeedback.vote,
      comment: clientFeedback.comment,
      updatedAt: clientFeedback.updatedAt,
    })
    .from(clientFeedback)
    .innerJoin(clientLinkViewers, eq(clientLinkViewers.id, clientFeedback.viewerId))
    .where(eq(clientFeedback.linkId, link.id))
    .orderBy(asc(clientFeedback.updatedAt));
  const visits = await db
    .select({
      id: clientLinkVisits.id,
      viewerId: clientLinkVisits.viewerId,
      openedAt: clientLinkVisits.openedAt,
      lastActiveAt: clientLinkVisits.lastActiveAt,
      seen: clientLinkVisits.seenSubmissionIds,
    })
    .from(clientLinkVisits)
    .where(eq(clientLinkVisits.linkId, link.id))
    .orderBy(desc(clientLinkVisits.openedAt))
    .limit(VISITS_SHOWN);
  const viewerIds = [...new Set(visits.flatMap((visit) => (visit.viewerId ? [visit.viewerId] : [])))];
  const viewers =
    viewerIds.length === 0
      ? []
      : await db
          .select({ id: clientLinkViewers.id, name: clientLinkViewers.name, email: clientLinkViewers.email })
          .from(clientLinkViewers)
          .where(and(eq(clientLinkViewers.linkId, link.id), inArray(clientLinkViewers.id, viewerIds)));
  const viewerById = new Map(viewers.map((viewer) => [viewer.id, viewer]));
  return {
    link: await summaryOf(db, link),
    candidates: rows.map((row) => {
      const own = feedback.filter((entry) => entry.submissionId === row.submissionId);
      const tally: ClientTally = { YES: 0, NO: 0, MAYBE: 0 };
      for (const entry of own) if (entry.vote) tally[entry.vote as ClientVote] += 1;
      return {
        submissionId: row.submissionId,
        applicantId: row.applicantId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        roleName: row.roleName,
        tally,
        feedback: own.map((entry) => ({
          viewerId: entry.viewerId,
          viewerName: entry.viewerName,
          vote: (entry.vote as ClientVote | null) ?? null,
          comment: entry.comment,
          updatedAt: entry.updatedAt.toISOString(),
        })),
      };
    }),
    views: visits.map((visit) => {
      const viewer = visit.viewerId ? viewerById.get(visit.viewerId) : undefined;
      return {
        id: visit.id,
        viewerName: viewer?.name ?? null,
        viewerEmail: viewer?.email ?? null,
        openedAt: visit.openedAt.toISOString(),
        lastActiveAt: visit.lastActiveAt.toISOString(),
        seen: visit.seen.length,
        total: rows.length,
      };
    }),
  };
}

/** A link's feedback as the exports print it. */
export type Report = Awaited<ReturnType<typeof linkReport>>;
