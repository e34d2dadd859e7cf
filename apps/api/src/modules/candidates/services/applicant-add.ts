import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CANDIDATE_MESSAGES,
  isFolderChoiceAllowed,
  searchFold,
  type AddApplicant,
  type AddApplicantResult,
} from '@casting/domain';
import type { Coordinates } from '../../../platform/address';
import type { Db } from '../../../platform/db/client';
import type { Queryable } from '../../../platform/db/ids';
import { applicants, folderMemberships, folders, submissions } from '../../../platform/db/schema';
import { rowsOf } from '../../../platform/db/rows';
import { fieldErrors } from '../../../platform/errors';
import type { Jobs } from '../../../platform/jobs/ports';
import { assertLookupRefs } from '../../lookups';
import { roleInProject } from '../../opportunities';
import { projectSettings, uuidArray } from './project-rows';
import { publishApplicantsUpdated } from './live';
import type { Events } from '../../../platform/events';
import { emitMembershipChanges, type FolderMembership, type MembershipChanges } from './folder-events';

/** The stored search text: names and e-mail folded the same way the query folds what is typed. */
export function searchTextOf(person: { firstName: string; lastName: string; email?: string | null }): string {
  return searchFold(`${person.firstName} ${person.lastName} ${person.email ?? ''}`.trim());
}

/**
 * Appends submissions to folders at the end of each folder's manual order. Positions may tie under concurrent
 * appends; the order then falls back to the row id, which keeps it stable. Answers the memberships really made (a row
 * already in a folder is left as it is and not answered), for the `folder.changed` event.
 */
export async function addToFolders(
  tx: Queryable,
  projectId: string,
  folderIds: readonly string[],
  submissionIds: readonly string[],
): Promise<FolderMembership[]> {
  if (folderIds.length === 0 || submissionIds.length === 0) return [];
  const added = await tx.execute(sql`
    insert into ${folderMemberships} (folder_id, submission_id, project_id, position)
    select f.id, s.id, ${projectId}::uuid,
      coalesce((select max(m.position) from ${folderMemberships} m where m.folder_id = f.id), 0)
        + row_number() over (partition by f.id order by s.ord)
    from unnest(${uuidArray(folderIds)}::uuid[]) as f(id)
    cross join unnest(${uuidArray(submissionIds)}::uuid[]) with ordinality as s(id, ord)
    on conflict do nothing
    returning folder_id as "folderId", submission_id as "submissionId"`);
  return rowsOf<FolderMembership>(added);
}

/** The folders named by a request, each in the opportunity and a valid destination; else field errors. */
async function destinationFolders(db: Queryable, roleId: string, folderIds: readonly string[]) {
  if (folderIds.length === 0) return [];
  const rows = await db
    .select({ id: folders.id, systemAlias: folders.systemAlias })
    .from(folders)
    .where(and(eq(folders.roleId, roleId), inArray(folders.id, [...folderIds])));
  const issues = folderIds.flatMap((folderId, index): { path: string; message: string }[] => {
    const row = rows.find((candidate) => candidate.id === folderId);
    if (!row)
      return [{ path: `body.folderIds.${index}`, message: CANDIDATE_MESSAGES.folderNotInOpportunity }];
    // A person added by hand lands like an import: NEW_SUBMISSIONS allowed, views and inboxes never.
    if (!isFolderChoiceAllowed(row.systemAlias, 'IMPORT') || row.systemAlias?.startsWith('TS_')) {
      return [{ path: `body.folderIds.${index}`, message: CANDIDATE_MESSAGES.folderNotAllowed }];
    }
    return [];
  });
  if (issues.length > 0) throw fieldErrors(issues);
  return rows;
}

/**
 * Staff add a candidate by hand. A person is one applicant per project by e-mail: a second add with the same
 * address reuses the applicant (their details are kept, not overwritten) and submits them to the opportunity; a
 * second add to the same opportunity returns the existing submission. Without folders the candidate lands in the
 * opportunity's NEW_SUBMISSIONS folder.
 */
export async function addApplicant(
  db: Db,
  userId: string,
  input: AddApplicant & { coordinates?: Coordinates | null },
  events?: Events,
  jobs?: Pick<Jobs, 'send'>,
): Promise<AddApplicantResult> {
  return db.transaction(async (tx) => {
    const role = await roleInProject(tx, input.projectId, input.roleId);
    const settings = await projectSettings(tx, role.projectId);
    const folderIds = [...new Set(input.folderIds)];
    if (settings.applicantOnlyInOneFolder && folderIds.length > 1) {
      throw fieldErrors([{ path: 'body.folderIds', message: CANDIDATE_MESSAGES.onlyOneFolder }]);
    }
    await destinationFolders(tx, role.id, folderIds);
    await assertLookupRefs(tx, [
      { field: 'genderId', lookup: 'role-genders', value: input.genderId },
      { field: 'ethnicAppearanceIds', lookup: 'ethnic-appearances', value: input.ethnicAppearanceIds },
      { field: 'unionIds', lookup: 'union', value: input.unionIds },
    ]);
    const result = await submitApplicant(tx, {
      projectId: role.projectId,
      roleId: role.id,
      person: input,
      createdById: userId,
      source: 'ADMIN',
      folderIds,
      folderAlias: 'NEW_SUBMISSIONS',
    });
    await publishApplicantsUpdated(events, tx, role.projectId, 'ADD', 1, role.id);
    await emitMembershipChanges(jobs, tx, role.projectId, result.memberships);
    return {
      id: result.submissionId,
      applicantId: result.applicantId,
      createdApplicant: result.createdApplicant,
    };
  });
}

/**
 * A person's details as an application or an add by hand gives them, with where their address is (geocoded by the
 * caller before its transaction, so no provider call holds one open).
 */
export type ApplicantDetails = { coordinates?: Coordinates | null } & Pick<
  AddApplicant,
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'dateOfBirth'
  | 'playingAgeMin'
  | 'playingAgeMax'
  | 'genderId'
  | 'ethnicAppearanceIds'
  | 'sizes'
  | 'skills'
  | 'unionIds'
  | 'languages'
  | 'location'
  | 'address'
  | 'socialProfiles'
  | 'bio'
  | 'resume'
>;

export interface SubmitApplicant {
  projectId: string;
  /** An opportunity already checked to be in the project. */
  roleId: string;
  person: ApplicantDetails;
  createdById: string | null;
  source: 'ADMIN' | 'SUBMISSION_LINK' | 'STANDALONE';
  /** Explicit folders (checked by the caller); when empty, the opportunity's folder with `folderAlias`. */
  folderIds: readonly string[];
  /** TS_INVITED only for an invitation (decision 0050): the person is on the agency's Invited list, not applied. */
  folderAlias: 'NEW_SUBMISSIONS' | 'TS_FOR_REVIEW' | 'TS_INVITED';
  shareLinkId?: string | null;
  referringAgentId?: string | null;
  /**
   * The office person this applicant is, when the caller knows it (the roster's "add to an opportunity"); otherwise
   * the database links the new applicant by e-mail (decision 0038). Ignored when the applicant already exists.
   */
  personId?: string | null;
}

/**
 * What a person's details are as applicant columns, shared by the first submission (insert) and an invitee's first
 * real application (which replaces what the invitation knew); the e-mail itself is set only on insert.
 */
function personColumns(person: SubmitApplicant['person']) {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone ?? null,
    dateOfBirth: person.dateOfBirth ?? null,
    playingAgeMin: person.playingAgeMin ?? null,
    playingAgeMax: person.playingAgeMax ?? null,
    genderId: person.genderId ?? null,
    ethnicAppearanceIds: person.ethnicAppearanceIds,
    sizes: person.sizes as Record<string, string>,
    skills: person.skills,
    unionIds: person.unionIds,
    languages: person.languages,
    location: person.location ?? null,
    address: person.address ?? null,
    latitude: person.coordinates?.latitude ?? null,
    longitude: person.coordinates?.longitude ?? null,
    socialProfiles: person.socialProfiles as Record<string, string>,
    bio: person.bio ?? null,
    resume: person.resume ?? null,
    searchText: searchTextOf({ ...person, email: person.email ?? null }),
  };
}

/**
 * The one way a person enters a project, inside the caller's transaction. A person is one applicant per project by
 * e-mail: a second submission with the same address joins the applicant (their details are kept, not overwritten)
 * and submits them to the opportunity; a second submission to the same opportunity returns the existing one, in the
 * folders it already has. Safe under concurrent submissions of the same address (both end on the same rows).
 */
export async function submitApplicant(
  tx: Queryable,
  input: SubmitApplicant,
): Promise<{
  applicantId: string;
  submissionId: string;
  createdApplicant: boolean;
  createdSubmission: boolean;
  /** The folders the submission entered or left (an invitation promoted leaves Invited). */
  memberships: MembershipChanges;
}> {
  const person = input.person;
  const email = person.email ?? null;
  const [inserted] = await tx
    .insert(applicants)
    .values({
      projectId: input.projectId,
      email,
      ...personColumns(person),
      createdById: input.createdById,
      personId: input.personId ?? null,
    })
    .onConflictDoNothing({
      target: [applicants.projectId, applicants.email],
      where: sql`${applicants.email} is not null`,
    })
    .returning({ id: applicants.id });
  const applicantId =
    inserted?.id ??
    (
      await tx
        .select({ id: applicants.id })
        .from(applicants)
        .where(and(eq(applicants.projectId, input.projectId), eq(applicants.email, email ?? '')))
    )[0]?.id;
  if (!applicantId) throw new Error('applicant upsert found nothing');

  const [submission] = await tx
    .insert(submissions)
    .values({
      projectId: input.projectId,
      roleId: input.roleId,
      applicantId,
      source: input.source,
      shareLinkId: input.shareLinkId ?? null,
      referringAgentId: input.referringAgentId ?? null,
    })
    .onConflictDoNothing({ target: [submissions.roleId, submissions.applicantId] })
    .returning({ id: submissions.id });
  const memberships: MembershipChanges = { added: [], removed: [] };
  if (submission) {
    const targets =
      input.folderIds.length > 0
        ? input.folderIds
        : (
            await tx
              .select({ id: folders.id })
              .from(folders)
              .where(and(eq(folders.roleId, input.roleId), eq(folders.systemAlias, input.folderAlias)))
          ).map((row) => row.id);
    memberships.added.push(...(await addToFolders(tx, input.projectId, targets, [submission.id])));
  }
  const submissionId =
    submission?.id ??
    (
      await tx
        .select({ id: submissions.id })
        .from(submissions)
        .where(and(eq(submissions.roleId, input.roleId), eq(submissions.applicantId, applicantId)))
    )[0]?.id;
  if (!submissionId) throw new Error('submission upsert found nothing');
  const promoted =
    !submission && input.folderAlias !== 'TS_INVITED'
      ? await promoteInvited(tx, input, applicantId, submissionId, memberships)
      : false;
  return {
    applicantId,
    submissionId,
    createdApplicant: inserted !== undefined,
    createdSubmission: submission !== undefined || promoted,
    memberships,
  };
}

/**
 * A person invited to this opportunity (their submission sits in its Invited folder, TS_INVITED, decision 0050) now
 * really applies or is added: the submission leaves Invited and lands where a new one would, takes the application's
 * source, link and agent, and counts as new from now (the "newest" order and the reviewers' New Submissions). An
 * applicant the invitation made knows only a name and an address, so, when the person has no other submission outside
 * Invited, the application's details replace them (otherwise the existing applicant's details are kept, as always).
 * Answers whether the submission was an invitation.
 */
async function promoteInvited(
  tx: Queryable,
  input: SubmitApplicant,
  applicantId: string,
  submissionId: string,
  memberships: MembershipChanges,
): Promise<boolean> {
  const left = await tx
    .delete(folderMemberships)
    .where(
      and(
        eq(folderMemberships.submissionId, submissionId),
        inArray(
          folderMemberships.folderId,
          tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.roleId, input.roleId), eq(folders.systemAlias, 'TS_INVITED'))),
        ),
      ),
    )
    .returning({ folderId: folderMemberships.folderId });
  if (left.length === 0) return false;
  memberships.removed.push(...left.map(({ folderId }) => ({ folderId, submissionId })));
  await tx
    .update(submissions)
    .set({
      source: input.source,
      shareLinkId: input.shareLinkId ?? null,
      referringAgentId: input.referringAgentId ?? null,
      createdAt: new Date(),
    })
    .where(eq(submissions.id, submissionId));
  const targets =
    input.folderIds.length > 0
      ? input.folderIds
      : (
          await tx
            .select({ id: folders.id })
            .from(folders)
            .where(and(eq(folders.roleId, input.roleId), eq(folders.systemAlias, input.folderAlias)))
        ).map((row) => row.id);
  memberships.added.push(...(await addToFolders(tx, input.projectId, targets, [submissionId])));
  const [applied] = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.applicantId, applicantId),
        sql`${submissions.id} <> ${submissionId}`,
        sql`not exists (select 1 from ${folderMemberships} im join ${folders} inf on inf.id = im.folder_id
          where im.submission_id = ${submissions.id} and inf.system_alias = 'TS_INVITED')`,
      ),
    )
    .limit(1);
  if (!applied) {
    const person = input.person;
    await tx
      .update(applicants)
      .set({
        ...personColumns(person),
        updatedAt: new Date(),
      })
      .where(eq(applicants.id, applicantId));
  }
  return true;
}
