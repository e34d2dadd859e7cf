import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { can, PERSON_DATA_ROLES, type RosterPerson } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  applicants,
  applicantTags,
  chatThreads,
  clientFeedback,
  clientLinkViewers,
  mediaItems,
  people,
  personNotes,
  projects,
  roles,
  rosterEntries,
  submissions,
  tags,
  users,
  votes,
} from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { officeRoleHere } from '../../platform/http/principal';
import { projectStanding } from '../../platform/http/project-access';
import { itemsOf, notDismissed, personColumns, personRow } from './people-rows';

/** Whether the viewer may export and erase the person's data (the route rule `access.personData`). */
function mayManageData(principal: Principal): boolean {
  const role = officeRoleHere(principal);
  return role !== null && PERSON_DATA_ROLES.includes(role);
}

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
    mayManageData: mayManageData(principal),
  };
}
