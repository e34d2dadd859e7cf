import { sql } from 'drizzle-orm';
import {
  NOTE_MESSAGES,
  type CreateNoteInput,
  type Note,
  type NoteListQuery,
  type NotePage,
  type UpdateNoteInput,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { rowsOf } from '../../platform/db/rows';
import { notes } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Events } from '../../platform/events';
import { NOTE_COLUMNS, notePage, presentNote, type NoteRow } from './list';
import { publishNotesUpdated } from './live';

/** A team member in a project: who they are and the project the route authorised them in. */
export interface TeamCaller {
  userId: string;
  projectId: string;
}

const notFound = (message: string = NOTE_MESSAGES.notFound) => new AppError('NOT_FOUND', message);

/** What a team member reads: every TEAM and CLIENT_LINKS note, and their own ONLY_ME notes. */
const teamVisible = (userId: string) =>
  sql`(n.visibility <> 'ONLY_ME' or n.author_user_id = ${userId}::uuid)`;

/** The candidate in the project (one query: an id of another project or office is unknown). */
async function assertCandidate(db: Queryable, projectId: string, applicantId: string) {
  if (!isUuid(applicantId) || !isUuid(projectId)) throw notFound('The candidate was not found.');
  const [row] = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from applicants where id = ${applicantId}::uuid and project_id = ${projectId}::uuid`,
    ),
  );
  if (!row) throw notFound('The candidate was not found.');
}

/** The candidate's notes in the project newest first, as this team member may read them; searchable. */
export async function listTeamNotes(
  db: Db,
  caller: TeamCaller,
  applicantId: string,
  query: NoteListQuery,
): Promise<NotePage> {
  await assertCandidate(db, caller.projectId, applicantId);
  const scope = sql`n.applicant_id = ${applicantId}::uuid and n.project_id = ${caller.projectId}::uuid
    ${query.roleId ? sql`and n.role_id = ${query.roleId}::uuid` : sql``}
    ${query.mediaId ? sql`and n.media_id = ${query.mediaId}::uuid` : sql``}`;
  return notePage(db, scope, teamVisible(caller.userId), query, { userId: caller.userId });
}

/** A team member's note on the candidate for one opportunity, time-coded when it names a tape of theirs. */
export async function createTeamNote(
  db: Db,
  events: Events | undefined,
  caller: TeamCaller,
  applicantId: string,
  input: CreateNoteInput,
): Promise<Note> {
  return db.transaction(async (tx) => {
    await assertCandidate(tx, caller.projectId, applicantId);
    const [target] = rowsOf<{ submission_id: string; author_name: string }>(
      await tx.execute(sql`select s.id as submission_id, trim(u.first_name || ' ' || u.last_name) as author_name
        from submissions s, users u
        where s.role_id = ${input.roleId}::uuid and s.applicant_id = ${applicantId}::uuid
          and s.project_id = ${caller.projectId}::uuid and u.id = ${caller.userId}::uuid`),
    );
    if (!target) throw notFound(NOTE_MESSAGES.candidateNotInOpportunity);
    if (input.mediaId) await assertMediaOf(tx, caller.projectId, applicantId, input.mediaId, false);
    const [row] = await tx
      .insert(notes)
      .values({
        projectId: caller.projectId,
        roleId: input.roleId,
        applicantId,
        submissionId: target.submission_id,
        authorUserId: caller.userId,
        authorName: target.author_name,
        body: input.body,
        visibility: input.visibility,
        mediaId: input.mediaId ?? null,
        offsetMs: input.offsetMs ?? null,
      })
      .returning({ id: notes.id });
    await publishNotesUpdated(events, tx, caller.projectId, applicantId, input.mediaId ?? null);
    return presentNote(await noteRow(tx, row!.id), { userId: caller.userId });
  });
}

/** The tape is one of the candidate's in the project (and, for a client, shared with everyone). */
export async function assertMediaOf(
  db: Queryable,
  projectId: string,
  applicantId: string,
  mediaId: string,
  sharedOnly: boolean,
) {
  const [media] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from media_items
      where id = ${mediaId}::uuid and applicant_id = ${applicantId}::uuid and project_id = ${projectId}::uuid
        ${sharedOnly ? sql`and visibility = 'ALL'` : sql``}`),
  );
  if (!media) throw notFound(NOTE_MESSAGES.mediaNotOfCandidate);
}

export async function noteRow(db: Queryable, noteId: string): Promise<NoteRow> {
  const [row] = rowsOf<NoteRow>(
    await db.execute(sql`select ${NOTE_COLUMNS} from notes n
      where n.office_id = current_office_id() and n.id = ${noteId}::uuid`),
  );
  if (!row) throw notFound();
  return row;
}

/**
 * The caller's own note, locked for a change: another's note they may read is 403 (only its author changes it), one
 * they may not read (another project's, someone's ONLY_ME) is unknown.
 */
async function ownNote(tx: Queryable, caller: TeamCaller, noteId: string) {
  if (!isUuid(noteId)) throw notFound();
  const [row] = rowsOf<{
    author_user_id: string | null;
    visibility: string;
    applicant_id: string;
    media_id: string | null;
  }>(
    await tx.execute(sql`select n.author_user_id, n.visibility, n.applicant_id, n.media_id from notes n
      where n.office_id = current_office_id() and n.id = ${noteId}::uuid and n.project_id = ${caller.projectId}::uuid
      for update`),
  );
  if (!row || (row.visibility === 'ONLY_ME' && row.author_user_id !== caller.userId)) throw notFound();
  if (row.author_user_id !== caller.userId) throw new AppError('FORBIDDEN', NOTE_MESSAGES.notYours);
  return row;
}

/** The author changes the text or the visibility of their note. */
export async function updateTeamNote(
  db: Db,
  events: Events | undefined,
  caller: TeamCaller,
  noteId: string,
  input: UpdateNoteInput,
): Promise<Note> {
  return db.transaction(async (tx) => {
    const own = await ownNote(tx, caller, noteId);
    const set: { body?: string; visibility?: string; updatedAt: Date } = { updatedAt: new Date() };
    if (input.body !== undefined) set.body = input.body;
    if (input.visibility !== undefined) set.visibility = input.visibility;
    await tx
      .update(notes)
      .set(set)
      .where(sql`${notes.id} = ${noteId}::uuid`);
    await publishNotesUpdated(events, tx, caller.projectId, own.applicant_id, own.media_id);
    return presentNote(await noteRow(tx, noteId), { userId: caller.userId });
  });
}

/** The author deletes their note. */
export async function deleteTeamNote(
  db: Db,
  events: Events | undefined,
  caller: TeamCaller,
  noteId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const own = await ownNote(tx, caller, noteId);
    await tx.delete(notes).where(sql`${notes.id} = ${noteId}::uuid`);
    await publishNotesUpdated(events, tx, caller.projectId, own.applicant_id, own.media_id);
  });
}
