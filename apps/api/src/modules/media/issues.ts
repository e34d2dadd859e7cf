import { and, eq } from 'drizzle-orm';
import { MEDIA_MESSAGES, MESSAGES, type ReportMediaIssue } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { assertCandidatesReached } from '../../platform/db/candidate-reach';
import { isUuid } from '../../platform/db/ids';
import { applicants, mediaIssueReports, mediaItems, projects, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Principal } from '../../platform/http/access';
import { assertProjectPermission } from '../../platform/http/access';
import type { ProjectActorResolver } from '../../platform/http/access';
import { createNotifier } from '../../platform/notifications';

export const MEDIA_ISSUE_QUEUE = 'media-issue-notify';

export interface IssueJob {
  reportId: string;
}

/**
 * Report media issue: any member of the candidate's project team records what is wrong with
 * an item; the report is kept and sent to the team's chat (channel SLACK) by a job. The body names the applicant and
 * the item only, so the project comes from the item, and a caller outside it gets the same 404 as a wrong id.
 */
export async function reportMediaIssue(
  context: AppContext,
  resolveActor: ProjectActorResolver,
  principal: Principal,
  input: ReportMediaIssue,
) {
  const { db } = context.database;
  const [item] =
    isUuid(input.applicantMediaId) && isUuid(input.applicantId)
      ? await db
          .select({ id: mediaItems.id, projectId: mediaItems.projectId })
          .from(mediaItems)
          .where(
            and(eq(mediaItems.id, input.applicantMediaId), eq(mediaItems.applicantId, input.applicantId)),
          )
      : [];
  if (!item) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
  const actor = await resolveActor(principal, item.projectId);
  if (!actor) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound);
  assertProjectPermission(actor, 'VIEW_PROJECT');
  await assertCandidatesReached(
    db,
    actor,
    item.projectId,
    [input.applicantId],
    () => new AppError('NOT_FOUND', MEDIA_MESSAGES.mediaNotFound),
  );
  await db.transaction(async (tx) => {
    const [report] = await tx
      .insert(mediaIssueReports)
      .values({
        projectId: item.projectId,
        applicantId: input.applicantId,
        mediaId: item.id,
        channel: input.channel,
        description: input.description,
        reportedById: principal.userId,
      })
      .returning({ id: mediaIssueReports.id });
    await context.jobs.send<IssueJob>(
      MEDIA_ISSUE_QUEUE,
      { reportId: report!.id },
      { tx: tx as unknown as Db },
    );
  });
  return { message: MESSAGES.issueReported };
}

/** The job: the report as one chat message (who, which project and candidate, which file, what is wrong). */
export async function notifyIssue(context: AppContext, reportId: string) {
  const { db } = context.database;
  const [row] = await db
    .select({
      description: mediaIssueReports.description,
      channel: mediaIssueReports.channel,
      projectId: mediaIssueReports.projectId,
      projectName: projects.name,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      mediaId: mediaItems.id,
      fileName: mediaItems.name,
      reporter: users.email,
    })
    .from(mediaIssueReports)
    .innerJoin(projects, eq(projects.id, mediaIssueReports.projectId))
    .innerJoin(applicants, eq(applicants.id, mediaIssueReports.applicantId))
    .innerJoin(mediaItems, eq(mediaItems.id, mediaIssueReports.mediaId))
    .leftJoin(users, eq(users.id, mediaIssueReports.reportedById))
    .where(eq(mediaIssueReports.id, reportId));
  if (!row) return; // deleted with its project or item meanwhile
  const notifier = createNotifier(context.config, db, context.log);
  await notifier.notify({
    channel: 'SLACK',
    title: 'Media issue reported',
    text: [
      `Project: ${row.projectName} (${row.projectId})`,
      `Candidate: ${row.firstName} ${row.lastName}`,
      `File: ${row.fileName} (${row.mediaId})`,
      `Reported by: ${row.reporter ?? 'a former user'}`,
      `Issue: ${row.description}`,
    ].join('\n'),
  });
}
