import { sql } from 'drizzle-orm';
import {
  CLIENT_REVIEW_MESSAGES,
  type CreateClientNoteInput,
  type Note,
  type NoteListQuery,
  type NotePage,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { notes } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { ClientLinkScope } from '../../platform/http/access';
import type { Events } from '../../platform/events';
import { notePage, presentNote } from './list';
import { publishNotesUpdated } from './live';
import { assertMediaOf, noteRow } from './team-notes';

/**
 * What a client-link viewer reads on a candidate of the link: the team's notes shared with client links, and the
 * notes of this link's viewers; never another link's viewers' notes, the team's own or anyone's private ones.
 */
const clientVisible = (linkId: string) =>
  sql`(n.client_link_id = ${linkId}::uuid or (n.client_link_id is null and n.visibility = 'CLIENT_LINKS'))`;

/** The link's candidate (its submission), in one indexed query: a candidate outside the link is unknown. */
async function linkSubmission(db: Queryable, scope: ClientLinkScope, submissionId: string) {
  const missing = () => new AppError('NOT_FOUND', CLIENT_REVIEW_MESSAGES.candidateNotInLink);
  if (!isUuid(submissionId)) throw missing();
  const [row] = rowsOf<{ id: string; applicant_id: string; role_id: string }>(
    await db.execute(sql`select s.id, s.applicant_id, s.role_id
      from client_link_items i join submissions s on s.id = i.submission_id
      where i.link_id = ${scope.linkId}::uuid and i.submission_id = ${submissionId}::uuid`),
  );
  if (!row) throw missing();
  return row;
}

/** The notes a client-link viewer may read on one candidate of the link, newest first. */
export async function listClientNotes(
  db: Db,
  scope: ClientLinkScope,
  submissionId: string,
  query: NoteListQuery,
): Promise<NotePage> {
  const submission = await linkSubmission(db, scope, submissionId);
  const where = sql`n.submission_id = ${submission.id}::uuid
    ${query.mediaId ? sql`and n.media_id = ${query.mediaId}::uuid` : sql``}`;
  return notePage(db, where, clientVisible(scope.linkId), query, { viewerId: scope.viewerId });
}

/**
 * A named viewer's note on a candidate of the link, time-coded on a tape the link shows. Writing needs a named
 * viewer, as a vote or comment does: an anonymous holder of the secret only reads.
 */
export async function createClientNote(
  db: Db,
  events: Events | undefined,
  scope: ClientLinkScope,
  submissionId: string,
  input: CreateClientNoteInput,
): Promise<Note> {
  if (!scope.viewerId) {
    throw new AppError('VIEWER_IDENTIFICATION_REQUIRED', CLIENT_REVIEW_MESSAGES.identificationRequired);
  }
  const viewerId = scope.viewerId;
  return db.transaction(async (tx) => {
    const submission = await linkSubmission(tx, scope, submissionId);
    if (input.mediaId) {
      await assertMediaOf(tx, scope.projectId, submission.applicant_id, input.mediaId, true);
    }
    const [viewer] = rowsOf<{ name: string }>(
      await tx.execute(sql`select name from client_link_viewers
        where id = ${viewerId}::uuid and link_id = ${scope.linkId}::uuid`),
    );
    const [row] = await tx
      .insert(notes)
      .values({
        projectId: scope.projectId,
        roleId: submission.role_id,
        applicantId: submission.applicant_id,
        submissionId: submission.id,
        clientLinkId: scope.linkId,
        clientViewerId: viewerId,
        authorName: viewer?.name ?? '',
        body: input.body,
        visibility: 'CLIENT_LINKS',
        mediaId: input.mediaId ?? null,
        offsetMs: input.offsetMs ?? null,
      })
      .returning({ id: notes.id });
    await publishNotesUpdated(events, tx, scope.projectId, submission.applicant_id, input.mediaId ?? null);
    return presentNote(await noteRow(tx, row!.id), { viewerId });
  });
}
