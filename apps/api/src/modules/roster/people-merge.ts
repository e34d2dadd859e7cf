import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ROSTER_MESSAGES } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { applicants, people, personMerges, personNotes, personTags } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { fieldErrors } from '../../platform/errors';
import { personNotFound } from './people-rows';

/**
 * Merges `mergedId` into `keptId` in one transaction: every applicant of the merged person (and with them every
 * submission, vote, project tag, message and media item, which hang off applicants) now belongs to the kept person;
 * office tags and notes move over; the kept person's blank details are filled from the merged one (its e-mail too
 * when the kept has none); a snapshot of the merged row is kept in `person_merges`; the merged row goes.
 */
export async function mergePeople(db: Db, principal: Principal, keptId: string, mergedId: string) {
  if (keptId === mergedId)
    throw fieldErrors([{ path: 'body.mergedPersonId', message: ROSTER_MESSAGES.mergeSelf }]);
  return db.transaction(async (tx) => {
    // Both rows locked in id order, so two merges of the same pair cannot deadlock or half-apply.
    const ordered = [keptId, mergedId].sort();
    for (const id of ordered) {
      if (!isUuid(id)) throw personNotFound();
    }
    const locked = await tx
      .select()
      .from(people)
      .where(inArray(people.id, ordered))
      .orderBy(asc(people.id))
      .for('update');
    const kept = locked.find((row) => row.id === keptId);
    const merged = locked.find((row) => row.id === mergedId);
    if (!kept) throw personNotFound();
    if (!merged)
      throw fieldErrors([{ path: 'body.mergedPersonId', message: ROSTER_MESSAGES.personNotFound }]);
    const moved = await tx
      .update(applicants)
      .set({ personId: kept.id })
      .where(eq(applicants.personId, merged.id))
      .returning({ id: applicants.id });
    await tx.execute(sql`
      insert into ${personTags} (person_id, tag_id, created_at)
      select ${kept.id}::uuid, tag_id, created_at from ${personTags} where person_id = ${merged.id}
      on conflict do nothing`);
    await tx.update(personNotes).set({ personId: kept.id }).where(eq(personNotes.personId, merged.id));
    await tx
      .update(personMerges)
      .set({ keptPersonId: kept.id })
      .where(eq(personMerges.keptPersonId, merged.id));
    await tx.insert(personMerges).values({
      keptPersonId: kept.id,
      mergedPersonId: merged.id,
      mergedPerson: {
        ...merged,
        createdAt: merged.createdAt.toISOString(),
        updatedAt: merged.updatedAt.toISOString(),
      },
      mergedById: principal.userId,
    });
    await tx.delete(people).where(eq(people.id, merged.id));
    const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
    await tx
      .update(people)
      .set({
        email: kept.email ?? merged.email,
        phone: kept.phone ?? merged.phone,
        dateOfBirth: kept.dateOfBirth ?? merged.dateOfBirth,
        genderId: kept.genderId ?? merged.genderId,
        location: kept.location ?? merged.location,
        skills: union(kept.skills, merged.skills),
        languages: union(kept.languages, merged.languages),
        unionIds: union(kept.unionIds, merged.unionIds),
        searchText: kept.email || !merged.email ? kept.searchText : '',
      })
      .where(eq(people.id, kept.id));
    return { id: kept.id, movedApplicants: moved.length };
  });
}
