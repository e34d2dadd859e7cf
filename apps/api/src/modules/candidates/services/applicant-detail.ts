import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  can,
  CANDIDATE_MESSAGES,
  type ApplicantDetail,
  type Feedback,
  type ProjectActor,
  type VoteType,
} from '@casting/domain';
import type { Queryable } from '../../../platform/db/ids';
import { minorSql } from '../../../platform/db/minors';
import {
  applicants,
  applicantTags,
  clientFeedback,
  clientLinks,
  clientLinkViewers,
  folderMemberships,
  folders,
  lookupValues,
  roles,
  submissions,
  tags,
  users,
  votes,
} from '../../../platform/db/schema';
import { AppError } from '../../../platform/errors';
import { latestApplicationConsent } from './applicant-consent';

const VOTE_FEEDBACK: Record<string, Feedback> = { UP_VOTE: 'YES', DOWN_VOTE: 'NO', MAYBE: 'MAYBE' };

/** A talent submitter sees a candidate only through the submitter folders (their review queue). */
const isSubmitterAlias = (alias: string | null) => alias?.startsWith('TS_') === true;

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/**
 * Where a person lives as list rows and the detail show it: the location they gave, else the city and state
 * (province) of their address (the apply form asks for an address, not a location); null when neither is known.
 */
export function applicantLocation(
  location: string | null,
  address: { city?: string | null; province?: string | null } | null,
): string | null {
  if (location?.trim()) return location.trim();
  const parts = [address?.city, address?.province].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/**
 * Contact details (e-mail, phone, postal address) are the casting team's: a client account, which acts as CLIENT,
 * never receives them, as a client review link hides them unless the team switches them on for that link. The
 * shown location then comes from the location the person gave, never from their address.
 */
export function seesContactDetails(actor: ProjectActor): boolean {
  return actor !== 'CLIENT';
}

/**
 * The location a caller is shown: the person's own, else composed from the address for those who see contact
 * details. A minor's whereabouts never reach a client, not even the town they gave (decision 0104).
 */
export function shownLocation(
  actor: ProjectActor,
  minor: boolean,
  location: string | null,
  address: { city?: string | null; province?: string | null } | null,
): string | null {
  if (seesContactDetails(actor)) return applicantLocation(location, address);
  return minor ? null : applicantLocation(location, null);
}

/**
 * One candidate of a project with every submission the caller may see. The person is read with the project id in
 * the same query as the id (a person of another project, or a row id of one, is simply not found), by person id or
 * by a list row id. Feedback follows VIEW_FEEDBACK: the team's votes for SA, PO, PE and TE, only the
 * caller's own for a talent submitter, who also sees only the submissions in submitter folders and those folders.
 */
export async function applicantDetail(
  db: Queryable,
  projectId: string,
  userId: string,
  actor: ProjectActor,
  applicantOrRowId: string,
): Promise<ApplicantDetail> {
  const notFound = () => new AppError('NOT_FOUND', CANDIDATE_MESSAGES.candidateNotFound);
  const [person] = await db
    .select({
      applicant: applicants,
      genderName: lookupValues.name,
      age: sql<number | null>`extract(year from age(current_date, ${applicants.dateOfBirth}))::int`,
      minor: minorSql(),
    })
    .from(applicants)
    .leftJoin(lookupValues, eq(lookupValues.id, applicants.genderId))
    .where(
      and(
        eq(applicants.projectId, projectId),
        or(
          eq(applicants.id, applicantOrRowId),
          eq(
            applicants.id,
            sql`(select s.applicant_id from ${submissions} s where s.id = ${applicantOrRowId} and s.project_id = ${projectId})`,
          ),
        ),
      ),
    );
  if (!person) throw notFound();
  const applicant = person.applicant;

  const contact = seesContactDetails(actor);
  // Clients' feedback is the team's to read (VIEW_FEEDBACK), never another client's or a talent submitter's.
  const seesClientFeedback = actor !== 'CLIENT' && can(actor, 'VIEW_FEEDBACK');
  const [submissionRows, membershipRows, voteRows, tagRows, application, clientRows] = await Promise.all([
    db
      .select({
        id: submissions.id,
        roleId: submissions.roleId,
        roleName: roles.name,
        source: submissions.source,
        createdAt: submissions.createdAt,
      })
      .from(submissions)
      .innerJoin(roles, eq(roles.id, submissions.roleId))
      .where(eq(submissions.applicantId, applicant.id))
      .orderBy(desc(submissions.createdAt), desc(submissions.id)),
    db
      .select({
        submissionId: folderMemberships.submissionId,
        id: folders.id,
        name: folders.name,
        systemAlias: folders.systemAlias,
      })
      .from(folderMemberships)
      .innerJoin(submissions, eq(submissions.id, folderMemberships.submissionId))
      .innerJoin(folders, eq(folders.id, folderMemberships.folderId))
      .where(eq(submissions.applicantId, applicant.id))
      .orderBy(folders.name),
    db
      .select({
        submissionId: votes.submissionId,
        userId: votes.userId,
        vote: votes.vote,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(votes)
      .innerJoin(submissions, eq(submissions.id, votes.submissionId))
      .innerJoin(users, eq(users.id, votes.userId))
      .where(
        and(
          eq(submissions.applicantId, applicant.id),
          can(actor, 'VIEW_FEEDBACK') ? undefined : eq(votes.userId, userId),
        ),
      )
      .orderBy(users.firstName, users.lastName, votes.userId),
    db
      .select({ id: tags.id, name: tags.name })
      .from(applicantTags)
      .innerJoin(tags, eq(tags.id, applicantTags.tagId))
      .where(eq(applicantTags.applicantId, applicant.id))
      .orderBy(tags.name),
    // What the person agreed to is the casting team's record, not a client's.
    actor === 'CLIENT' ? null : latestApplicationConsent(db, applicant.id, contact),
    // Through the submissions' applicant key, then client_feedback_submission_idx per submission.
    seesClientFeedback
      ? db
          .select({
            submissionId: clientFeedback.submissionId,
            viewerName: clientLinkViewers.name,
            linkTitle: clientLinks.title,
            vote: clientFeedback.vote,
            comment: clientFeedback.comment,
            updatedAt: clientFeedback.updatedAt,
          })
          .from(clientFeedback)
          .innerJoin(submissions, eq(submissions.id, clientFeedback.submissionId))
          .innerJoin(clientLinkViewers, eq(clientLinkViewers.id, clientFeedback.viewerId))
          .innerJoin(clientLinks, eq(clientLinks.id, clientFeedback.linkId))
          .where(eq(submissions.applicantId, applicant.id))
          .orderBy(desc(clientFeedback.updatedAt))
      : [],
  ]);

  const submitterView = actor === 'TS';
  // The team never sees a submission still waiting for its agency's review (in For Review, TS_FOR_REVIEW), exactly
  // as the list hides it (decision 0137): opening one by id is refused as not found. A super admin may switch to the
  // submitter folders view, where those rows are listed, so may open them too.
  const waitingForAgency = new Set(
    actor === 'TS' || actor === 'SA'
      ? []
      : membershipRows.filter((folder) => folder.systemAlias === 'TS_FOR_REVIEW').map((f) => f.submissionId),
  );
  const visibleFolders = membershipRows.filter((folder) =>
    submitterView ? isSubmitterAlias(folder.systemAlias) : !waitingForAgency.has(folder.submissionId),
  );
  const visibleSubmissions = submissionRows.filter((row) =>
    submitterView
      ? visibleFolders.some((folder) => folder.submissionId === row.id)
      : !waitingForAgency.has(row.id),
  );
  if (visibleSubmissions.length === 0) throw notFound();

  const refIds = [...applicant.ethnicAppearanceIds, ...applicant.unionIds];
  const refs =
    refIds.length === 0
      ? []
      : await db
          .select({ id: lookupValues.id, name: lookupValues.name })
          .from(lookupValues)
          .where(inArray(lookupValues.id, refIds));
  const named = (ids: readonly string[]) =>
    ids.flatMap((id) =>
      refs.filter((ref) => ref.id === id).map(({ id: refId, name }) => ({ id: refId, name })),
    );

  const sizes = applicant.sizes ?? {};
  const minor = Boolean(person.minor);
  return {
    id: applicant.id,
    projectId: applicant.projectId,
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    name: `${applicant.firstName} ${applicant.lastName}`,
    initials: initialsOf(applicant.firstName, applicant.lastName),
    // Filled by the route from the media module (its storage signs the address).
    photoUrl: null,
    email: contact ? applicant.email : null,
    phone: contact ? applicant.phone : null,
    dateOfBirth: applicant.dateOfBirth,
    age: person.age === null ? null : Number(person.age),
    playingAgeMin: applicant.playingAgeMin,
    playingAgeMax: applicant.playingAgeMax,
    gender:
      applicant.genderId && person.genderName ? { id: applicant.genderId, name: person.genderName } : null,
    ethnicAppearances: named(applicant.ethnicAppearanceIds),
    height: sizes.height ?? null,
    weight: sizes.weight ?? null,
    sizes,
    skills: applicant.skills,
    unions: named(applicant.unionIds),
    languages: applicant.languages,
    location: shownLocation(actor, minor, applicant.location, applicant.address ?? null),
    address: contact ? (applicant.address ?? null) : null,
    socialProfiles: applicant.socialProfiles ?? {},
    bio: applicant.bio,
    resume: applicant.resume,
    tags: tagRows,
    createdAt: new Date(applicant.createdAt).toISOString(),
    minor,
    application,
    submissions: visibleSubmissions.map((row) => {
      const rowVotes = voteRows.filter((vote) => vote.submissionId === row.id);
      return {
        id: row.id,
        roleId: row.roleId,
        roleName: row.roleName,
        source: row.source,
        submittedAt: new Date(row.createdAt).toISOString(),
        folders: visibleFolders
          .filter((folder) => folder.submissionId === row.id)
          .map(({ id, name, systemAlias }) => ({ id, name, systemAlias })),
        votes: rowVotes.map((vote) => ({
          userId: vote.userId,
          name: `${vote.firstName} ${vote.lastName}`,
          vote: vote.vote as VoteType,
          feedback: VOTE_FEEDBACK[vote.vote] ?? 'MAYBE',
        })),
        myVote: (rowVotes.find((vote) => vote.userId === userId)?.vote as VoteType | undefined) ?? null,
        ...(seesClientFeedback
          ? {
              clientFeedback: clientRows
                .filter((entry) => entry.submissionId === row.id)
                .filter((entry) => entry.vote !== null || (entry.comment ?? '') !== '')
                .map((entry) => ({
                  viewerName: entry.viewerName,
                  linkTitle: entry.linkTitle,
                  vote: entry.vote as Feedback | null,
                  comment: entry.comment || null,
                  updatedAt: entry.updatedAt.toISOString(),
                })),
            }
          : {}),
      };
    }),
  };
}
