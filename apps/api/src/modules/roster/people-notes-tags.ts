import { and, asc, eq, sql } from 'drizzle-orm';
import { ROSTER_MESSAGES } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { officeTags, personNotes, personTags } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { isOfficeOwner } from '../../platform/http/principal';
import { AppError, fieldErrors } from '../../platform/errors';
import { personRow } from './people-rows';

export async function addNote(db: Db, principal: Principal, personId: string, body: string) {
  await personRow(db, personId);
  const [row] = await db
    .insert(personNotes)
    .values({ personId, authorId: principal.userId, body })
    .returning({ id: personNotes.id, createdAt: personNotes.createdAt });
  return { id: row!.id };
}

/** A note goes with its author's consent: the author or a super admin deletes it. */
export async function deleteNote(db: Db, principal: Principal, personId: string, noteId: string) {
  if (!isUuid(personId) || !isUuid(noteId)) throw new AppError('NOT_FOUND', ROSTER_MESSAGES.noteNotFound);
  const [note] = await db
    .select({ authorId: personNotes.authorId })
    .from(personNotes)
    .where(and(eq(personNotes.id, noteId), eq(personNotes.personId, personId)));
  if (!note) throw new AppError('NOT_FOUND', ROSTER_MESSAGES.noteNotFound);
  if (note.authorId !== principal.userId && !isOfficeOwner(principal)) {
    throw new AppError('PERMISSION_DENIED', ROSTER_MESSAGES.noteNotYours);
  }
  await db.delete(personNotes).where(eq(personNotes.id, noteId));
}

export async function listOfficeTags(db: Db) {
  return {
    items: await db
      .select({ id: officeTags.id, name: officeTags.name })
      .from(officeTags)
      .orderBy(asc(officeTags.name)),
  };
}

/** Creates an office tag, or answers the existing one of that name (whatever its case). */
export async function createOfficeTag(db: Db, name: string) {
  return db.transaction(async (tx) => {
    await tx.insert(officeTags).values({ name }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: officeTags.id, name: officeTags.name })
      .from(officeTags)
      .where(sql`lower(${officeTags.name}) = lower(${name})`);
    return row!;
  });
}

export async function tagPerson(db: Db, personId: string, tagId: string) {
  await personRow(db, personId);
  const [tag] = await db.select({ id: officeTags.id }).from(officeTags).where(eq(officeTags.id, tagId));
  if (!tag) throw fieldErrors([{ path: 'body.tagId', message: ROSTER_MESSAGES.tagNotFound }]);
  await db.insert(personTags).values({ personId, tagId }).onConflictDoNothing();
}

export async function untagPerson(db: Db, personId: string, tagId: string) {
  await personRow(db, personId);
  if (!isUuid(tagId)) throw new AppError('NOT_FOUND', ROSTER_MESSAGES.tagNotFound);
  await db.delete(personTags).where(and(eq(personTags.personId, personId), eq(personTags.tagId, tagId)));
}
