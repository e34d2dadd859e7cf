import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  can,
  PAGING_MESSAGES,
  ROSTER_MESSAGES,
  searchFold,
  type RosterDuplicateList,
  type RosterList,
  type RosterListQuery,
  type RosterPerson,
  type RosterPersonItem,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { isUuid } from '../../platform/db/ids';
import { afterPosition, decodeCursor, encodeCursor, keyText } from '../../platform/db/keyset';
import { escapeLike } from '../../platform/db/like';
import {
  applicants,
  applicantTags,
  chatThreads,
  clientFeedback,
  clientLinkViewers,
  mediaItems,
  officeTags,
  people,
  type PersonRow,
  personDuplicateDismissals,
  personMerges,
  personNotes,
  personTags,
  projects,
  roles,
  rosterEntries,
  submissions,
  tags,
  users,
  votes,
} from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { projectStanding } from '../../platform/http/project-access';
import { AppError, fieldErrors } from '../../platform/errors';

const personNotFound = () => new AppError('NOT_FOUND', ROSTER_MESSAGES.personNotFound);

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', PAGING_MESSAGES.invalidCursor, {
    issues: [{ path: 'query.cursor', message: PAGING_MESSAGES.invalidCursor }],
  });
}

/** A cursor over text keys and ids (the name sort, the duplicate pairs): base64url JSON, checked on the way in. */
function encodeTextCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}
function decodeTextCursor<T extends z.ZodTypeAny>(cursor: string, schema: T): z.infer<T> {
  try {
    const result = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (result.success) return result.data;
  } catch {
    // falls through to the refusal
  }
  throw invalidCursor();
}
const nameCursor = z.tuple([z.string().max(500), z.string().max(500), z.uuid()]);
const pairCursor = z.tuple([z.string().max(500), z.string().max(500), z.iso.date(), z.uuid(), z.uuid()]);

function ageOf(dateOfBirth: string | null, today = new Date()): number | null {
  if (!dateOfBirth) return null;
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day))
    age -= 1;
  return age;
}

const personColumns = {
  id: people.id,
  firstName: people.firstName,
  lastName: people.lastName,
  email: people.email,
  phone: people.phone,
  dateOfBirth: people.dateOfBirth,
  location: people.location,
  sortLastName: people.sortLastName,
  sortFirstName: people.sortFirstName,
  createdAt: people.createdAt,
  createdKey: keyText(people.createdAt),
};
type PersonListRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  location: string | null;
  sortLastName: string;
  sortFirstName: string;
  createdAt: Date;
  createdKey: string;
};

/** Tags and project counts for a page of people, two indexed queries whatever the page size. */
async function itemsOf(db: Queryable, rows: readonly PersonListRow[]): Promise<RosterPersonItem[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const tagRows = await db
    .select({ personId: personTags.personId, id: officeTags.id, name: officeTags.name })
    .from(personTags)
    .innerJoin(officeTags, eq(officeTags.id, personTags.tagId))
    .where(inArray(personTags.personId, ids))
    .orderBy(asc(officeTags.name));
  const counts = await db
    .select({
      personId: applicants.personId,
      projects: sql<number>`count(distinct ${applicants.projectId})::int`,
    })
    .from(applicants)
    .where(inArray(applicants.personId, ids))
    .groupBy(applicants.personId);
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.dateOfBirth,
    age: ageOf(row.dateOfBirth),
    location: row.location,
    tags: tagRows.filter((tag) => tag.personId === row.id).map(({ id, name }) => ({ id, name })),
    projectCount: counts.find((count) => count.personId === row.id)?.projects ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The filters of the roster list, each a predicate an index serves or that filters rows met on the sort's index. */
function rosterFilters(query: RosterListQuery): SQL[] {
  const where: SQL[] = [];
  if (query.q) where.push(sql`${people.searchText} like ${`%${escapeLike(searchFold(query.q))}%`}`);
  if (query.genderId) where.push(eq(people.genderId, query.genderId));
  if (query['age[min]'] !== undefined) {
    where.push(
      sql`${people.dateOfBirth} <= (current_date - make_interval(years => ${query['age[min]']}))::date`,
    );
  }
  if (query['age[max]'] !== undefined) {
    where.push(
      sql`${people.dateOfBirth} > (current_date - make_interval(years => ${query['age[max]'] + 1}))::date`,
    );
  }
  if (query.location) {
    // A part of the place in any case; served by people_location_trgm_idx from 3 characters.
    where.push(sql`${people.location} ilike ${`%${escapeLike(query.location)}%`}`);
  }
  if (query.tagId) {
    where.push(
      sql`exists (select 1 from ${personTags} pt where pt.person_id = ${people.id} and pt.tag_id = ${query.tagId})`,
    );
  }
  if (query.skill) {
    // Any case; served by people_skills_lower_idx (GIN on the lower-cased skills, migration 0020).
    where.push(sql`text_array_lower(${people.skills}) @> array[lower(${query.skill})]::text[]`);
  }
  if (query.projectId) {
    where.push(
      sql`exists (select 1 from ${applicants} a where a.person_id = ${people.id} and a.project_id = ${query.projectId})`,
    );
  }
  return where;
}

/** The roster page's query (exported for the plan test): one sort index walked from the cursor, filters on the way. */
export function rosterListQuery(db: Queryable, query: RosterListQuery) {
  const where = rosterFilters(query);
  if (query.sort === 'newest') {
    if (query.cursor) where.push(afterPosition(people.createdAt, people.id, decodeCursor(query.cursor)));
    return db
      .select(personColumns)
      .from(people)
      .where(and(...where))
      .orderBy(desc(people.createdAt), desc(people.id))
      .limit(query.limit + 1);
  }
  if (query.cursor) {
    const [last, first, id] = decodeTextCursor(query.cursor, nameCursor);
    where.push(
      sql`(${people.sortLastName}, ${people.sortFirstName}, ${people.id}) > (${last}, ${first}, ${id}::uuid)`,
    );
  }
  return db
    .select(personColumns)
    .from(people)
    .where(and(...where))
    .orderBy(asc(people.sortLastName), asc(people.sortFirstName), asc(people.id))
    .limit(query.limit + 1);
}

export async function listRoster(db: Db, query: RosterListQuery): Promise<RosterList> {
  const rows = await rosterListQuery(db, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  let nextCursor: string | null = null;
  if (rows.length > query.limit && last) {
    nextCursor =
      query.sort === 'newest'
        ? encodeCursor({ key: last.createdKey, id: last.id })
        : encodeTextCursor([last.sortLastName, last.sortFirstName, last.id]);
  }
  return { items: await itemsOf(db, page), nextCursor };
}

async function personRow(db: Queryable, personId: string, lock = false) {
  if (!isUuid(personId)) throw personNotFound();
  const query = db.select().from(people).where(eq(people.id, personId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw personNotFound();
  return row;
}

const notDismissed = (a: SQL | typeof people.id, b: SQL | typeof people.id) =>
  sql`not exists (select 1 from ${personDuplicateDismissals} d
    where d.person_a_id = least(${a}, ${b}) and d.person_b_id = greatest(${a}, ${b}))`;

/** People with the same folded names and date of birth as this one, not declared different. */
async function likelyDuplicatesOf(db: Queryable, person: typeof people.$inferSelect) {
  if (!person.dateOfBirth) return [];
  const rows = await db
    .select(personColumns)
    .from(people)
    .where(
      and(
        eq(people.sortLastName, person.sortLastName),
        eq(people.sortFirstName, person.sortFirstName),
        eq(people.dateOfBirth, person.dateOfBirth),
        sql`${people.id} <> ${person.id}`,
        notDismissed(people.id, sql`${person.id}::uuid`),
      ),
    )
    .limit(20);
  return itemsOf(db, rows);
}

/**
 * A person's profile: details, office tags and notes, likely duplicates, and their applications in the projects the
 * viewer reviews (super admins: all; others: projects where they are SA, PO, PE or TE, the actors who see
 * feedback), each with its submissions, votes, tags, media, the comments left on it and its chat thread (the same
 * actors may chat, so the profile links to the thread). Applications elsewhere are counted, not shown, so the roster never reveals another team's votes.
 */
export async function personProfile(db: Db, principal: Principal, personId: string): Promise<RosterPerson> {
  const person = await personRow(db, personId);
  const [item] = await itemsOf(db, [{ ...person, createdKey: '' }]);
  const notes = await db
    .select({
      id: personNotes.id,
      body: personNotes.body,
      authorId: personNotes.authorId,
      authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      createdAt: personNotes.createdAt,
    })
    .from(personNotes)
    .leftJoin(users, eq(users.id, personNotes.authorId))
    .where(eq(personNotes.personId, person.id))
    .orderBy(desc(personNotes.createdAt), desc(personNotes.id));
  const applied = await db
    .select({
      applicantId: applicants.id,
      projectId: applicants.projectId,
      projectName: projects.name,
      email: applicants.email,
    })
    .from(applicants)
    .innerJoin(projects, eq(projects.id, applicants.projectId))
    .where(eq(applicants.personId, person.id))
    .orderBy(desc(applicants.createdAt));
  const visible: typeof applied = [];
  for (const application of applied) {
    const { actor } = await projectStanding(db, principal, application.projectId);
    if (actor && actor !== 'TS' && can(actor, 'VIEW_FEEDBACK')) visible.push(application);
  }
  const applicantIds = visible.map((row) => row.applicantId);
  const [submissionRows, voteRows, tagRows, mediaRows, commentRows, threadRows] =
    applicantIds.length === 0
      ? [[], [], [], [], [], []]
      : await Promise.all([
          db
            .select({
              id: submissions.id,
              applicantId: submissions.applicantId,
              roleId: submissions.roleId,
              roleName: roles.name,
              source: submissions.source,
              createdAt: submissions.createdAt,
              rosterStatus: rosterEntries.status,
            })
            .from(submissions)
            .innerJoin(roles, eq(roles.id, submissions.roleId))
            .leftJoin(rosterEntries, eq(rosterEntries.submissionId, submissions.id))
            .where(inArray(submissions.applicantId, applicantIds))
            .orderBy(desc(submissions.createdAt)),
          db
            .select({
              submissionId: votes.submissionId,
              vote: votes.vote,
              userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
            })
            .from(votes)
            .innerJoin(submissions, eq(submissions.id, votes.submissionId))
            .innerJoin(users, eq(users.id, votes.userId))
            .where(inArray(submissions.applicantId, applicantIds)),
          db
            .select({ applicantId: applicantTags.applicantId, id: tags.id, name: tags.name })
            .from(applicantTags)
            .innerJoin(tags, eq(tags.id, applicantTags.tagId))
            .where(inArray(applicantTags.applicantId, applicantIds)),
          db
            .select({
              applicantId: mediaItems.applicantId,
              id: mediaItems.id,
              name: mediaItems.name,
              kind: mediaItems.kind,
              status: mediaItems.status,
            })
            .from(mediaItems)
            .where(inArray(mediaItems.applicantId, applicantIds))
            .orderBy(asc(mediaItems.createdAt)),
          // The comments left on the person's submissions (client review viewers' feedback), newest first:
          // through the submissions' applicant key, then client_feedback_submission_idx.
          db
            .select({
              applicantId: submissions.applicantId,
              submissionId: clientFeedback.submissionId,
              roleName: roles.name,
              authorName: clientLinkViewers.name,
              vote: clientFeedback.vote,
              comment: clientFeedback.comment,
              updatedAt: clientFeedback.updatedAt,
            })
            .from(clientFeedback)
            .innerJoin(submissions, eq(submissions.id, clientFeedback.submissionId))
            .innerJoin(roles, eq(roles.id, submissions.roleId))
            .innerJoin(clientLinkViewers, eq(clientLinkViewers.id, clientFeedback.viewerId))
            .where(
              and(
                inArray(submissions.applicantId, applicantIds),
                sql`coalesce(${clientFeedback.comment}, '') <> ''`,
              ),
            )
            .orderBy(desc(clientFeedback.updatedAt)),
          // Each application's chat thread, if one was started (one per applicant: chat_threads_applicant_key).
          db
            .select({ id: chatThreads.id, applicantId: chatThreads.applicantId })
            .from(chatThreads)
            .where(inArray(chatThreads.applicantId, applicantIds)),
        ]);
  return {
    ...item!,
    genderId: person.genderId,
    skills: person.skills,
    languages: person.languages,
    notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    applications: visible.map((application) => ({
      projectId: application.projectId,
      projectName: application.projectName,
      applicantId: application.applicantId,
      email: application.email,
      projectTags: tagRows
        .filter((tag) => tag.applicantId === application.applicantId)
        .map(({ id, name }) => ({ id, name })),
      submissions: submissionRows
        .filter((row) => row.applicantId === application.applicantId)
        .map((row) => ({
          id: row.id,
          roleId: row.roleId,
          roleName: row.roleName,
          source: row.source,
          submittedAt: row.createdAt.toISOString(),
          rosterStatus: (row.rosterStatus ??
            null) as RosterPerson['applications'][number]['submissions'][number]['rosterStatus'],
          votes: voteRows
            .filter((vote) => vote.submissionId === row.id)
            .map((vote) => ({ userName: vote.userName, vote: vote.vote as 'UP_VOTE' })),
        })),
      media: mediaRows
        .filter((media) => media.applicantId === application.applicantId)
        .map(({ id, name, kind, status }) => ({ id, name, kind, status })),
      comments: commentRows
        .filter((row) => row.applicantId === application.applicantId)
        .map((row) => ({
          submissionId: row.submissionId,
          roleName: row.roleName,
          authorName: row.authorName,
          vote: row.vote as 'YES' | 'NO' | 'MAYBE' | null,
          comment: row.comment ?? '',
          at: row.updatedAt.toISOString(),
        })),
      chatThreadId: threadRows.find((thread) => thread.applicantId === application.applicantId)?.id ?? null,
    })),
    hiddenApplications: applied.length - visible.length,
    likelyDuplicates: await likelyDuplicatesOf(db, person),
  };
}

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
  if (note.authorId !== principal.userId && principal.accountRole !== 'SUPER_ADMIN') {
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

/**
 * The likely-duplicate pairs' statement (exported for the plan test). It walks `people_identity_idx` in its order
 * (names, date of birth) from the cursor and, for each person, probes the same index for their namesakes born the
 * same day; the inner LIMIT keeps that probe a nested loop (no hash join over every person), and the page stops
 * the walk as soon as it holds `limit + 1` pairs.
 */
export function duplicatePairsStatement(limit: number, cursorWhere: SQL = sql``): SQL {
  return sql`
    select p.id as a, q.id as b, p.sort_last_name as last, p.sort_first_name as first,
      to_char(p.date_of_birth, 'YYYY-MM-DD') as born
    from ${people} p
    cross join lateral (
      select q.id from ${people} q
      where q.sort_last_name = p.sort_last_name and q.sort_first_name = p.sort_first_name
        and q.date_of_birth = p.date_of_birth and q.id > p.id
      order by q.id
      limit 100
    ) q
    where p.date_of_birth is not null ${cursorWhere}
      and ${notDismissed(sql`p.id`, sql`q.id`)}
    order by p.sort_last_name, p.sort_first_name, p.date_of_birth, p.id, q.id
    limit ${limit + 1}`;
}

/**
 * Likely duplicates across the office: pairs with the same folded names and date of birth, not dismissed, in name
 * order, keyset-paged on (names, first id, second id). The join walks `people_identity_idx`.
 */
export async function listDuplicates(
  db: Db,
  query: { limit: number; cursor?: string | undefined },
): Promise<RosterDuplicateList> {
  const cursorWhere = query.cursor
    ? (() => {
        const [last, first, born, a, b] = decodeTextCursor(query.cursor, pairCursor);
        return sql`and (p.sort_last_name, p.sort_first_name, p.date_of_birth, p.id, q.id)
          > (${last}, ${first}, ${born}::date, ${a}::uuid, ${b}::uuid)`;
      })()
    : sql``;
  const result = await db.execute(duplicatePairsStatement(query.limit, cursorWhere));
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    a: string;
    b: string;
    last: string;
    first: string;
    born: string;
  }[];
  const page = rows.slice(0, query.limit);
  const ids = [...new Set(page.flatMap((row) => [row.a, row.b]))];
  const items =
    ids.length === 0
      ? []
      : await itemsOf(db, await db.select(personColumns).from(people).where(inArray(people.id, ids)));
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      a: items.find((item) => item.id === row.a)!,
      b: items.find((item) => item.id === row.b)!,
    })),
    nextCursor:
      rows.length > query.limit && last
        ? encodeTextCursor([last.last, last.first, last.born, last.a, last.b])
        : null,
  };
}

/** "Not the same person": the pair is no longer proposed. */
export async function dismissDuplicate(db: Db, principal: Principal, personIds: readonly [string, string]) {
  await personRow(db, personIds[0]);
  await personRow(db, personIds[1]);
  const [a, b] = [...personIds].sort() as [string, string];
  await db
    .insert(personDuplicateDismissals)
    .values({ personAId: a, personBId: b, decidedById: principal.userId })
    .onConflictDoNothing();
}

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

/** For the roster's "add to an opportunity": the person's details as an application carries them. */
export async function personForSubmission(db: Queryable, personId: string) {
  const person = await personRow(db, personId);
  return person;
}

/**
 * How the office matches a person coming in (an import row, a form), by the rules of decision 0038: the person
 * with the same e-mail is the same person (`byEmail`); people with the same folded names and date of birth are
 * likely the same (`likely`, for a human to confirm). Two index lookups (`people_email_key`, `people_identity_idx`).
 */
export async function matchPerson(
  db: Queryable,
  candidate: { email?: string | null; firstName: string; lastName: string; dateOfBirth?: string | null },
): Promise<{ byEmail: PersonRow | null; likely: PersonRow[] }> {
  const email = candidate.email?.trim().toLowerCase() || null;
  const [byEmail] = email ? await db.select().from(people).where(eq(people.email, email)) : [];
  const likely = candidate.dateOfBirth
    ? await likelyMatchQuery(db, { ...candidate, dateOfBirth: candidate.dateOfBirth }, byEmail?.id)
    : [];
  return { byEmail: byEmail ?? null, likely };
}

/**
 * The people with the same folded names and date of birth as someone coming in (exported for the plan test): one
 * probe of `people_identity_idx` (sort_last_name, sort_first_name, date_of_birth), folded the same way by
 * `candidate_sort_fold`.
 */
export function likelyMatchQuery(
  db: Queryable,
  candidate: { firstName: string; lastName: string; dateOfBirth: string },
  exceptId?: string,
) {
  return db
    .select()
    .from(people)
    .where(
      and(
        sql`${people.sortLastName} = candidate_sort_fold(${candidate.lastName})`,
        sql`${people.sortFirstName} = candidate_sort_fold(${candidate.firstName})`,
        eq(people.dateOfBirth, candidate.dateOfBirth),
        exceptId ? sql`${people.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(20);
}
