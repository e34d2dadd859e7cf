import { inArray, isNull, and } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/ids';
import { notes, submissions } from '../../platform/db/schema';

/** A candidate copied from one submission to another (of the same project or of another). */
export interface NoteCopy {
  from: string;
  to: string;
}

/**
 * "Copy comments": the team's notes on each source submission are written again on its copy, with their authors,
 * times and visibility. A time-coded note keeps its tape only within the project (`keepMedia`): a copy to another
 * project starts without the source's media, so there the note keeps its text without the time code. Notes of
 * client-link viewers stay with their link, which shows only the source.
 */
export async function copyNotes(
  tx: Queryable,
  copies: readonly NoteCopy[],
  keepMedia: boolean,
): Promise<number> {
  const wanted = copies.filter((copy) => copy.from !== copy.to);
  if (wanted.length === 0) return 0;
  const sources = await tx
    .select()
    .from(notes)
    .where(
      and(
        inArray(
          notes.submissionId,
          wanted.map((copy) => copy.from),
        ),
        isNull(notes.clientLinkId),
      ),
    );
  if (sources.length === 0) return 0;
  const destinations = await tx
    .select({
      id: submissions.id,
      projectId: submissions.projectId,
      roleId: submissions.roleId,
      applicantId: submissions.applicantId,
    })
    .from(submissions)
    .where(
      inArray(
        submissions.id,
        wanted.map((copy) => copy.to),
      ),
    );
  const values = wanted.flatMap((copy) => {
    const destination = destinations.find((row) => row.id === copy.to);
    if (!destination) return [];
    return sources
      .filter((note) => note.submissionId === copy.from)
      .map((note) => ({
        projectId: destination.projectId,
        roleId: destination.roleId,
        applicantId: destination.applicantId,
        submissionId: destination.id,
        authorUserId: note.authorUserId,
        authorName: note.authorName,
        body: note.body,
        visibility: note.visibility,
        mediaId: keepMedia ? note.mediaId : null,
        offsetMs: keepMedia ? note.offsetMs : null,
        createdAt: note.createdAt,
        updatedAt: note.updatedAt,
      }));
  });
  if (values.length > 0) await tx.insert(notes).values(values);
  return values.length;
}
