import { and, eq } from 'drizzle-orm';
import { can, ROSTER_MESSAGES } from '@casting/domain';
import type { Db } from '../../platform/db/client';
import { isUuid } from '../../platform/db/ids';
import { applicants, folders, people, roles, submissions } from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { projectStanding } from '../../platform/http/project-access';
import { AppError, fieldErrors, projectAccessDenied } from '../../platform/errors';
import type { Events } from '../../platform/events';
import type { Jobs } from '../../platform/jobs/ports';
import {
  addToFolders,
  emitMembershipChanges,
  publishApplicantsUpdated,
  submitApplicant,
  type FolderMembership,
} from '../candidates';

/**
 * "Add to an opportunity" from the roster: the person becomes a candidate of the opportunity (a submission, source
 * ADMIN, in its New Submissions folder) through the candidates module's own entry. The caller needs the
 * ADD_REMOVE_APPLICANT permission in the opportunity's project, like an add by hand in the workspace. A person who
 * is already an applicant of that project (by this person link) joins with that applicant, so one project never
 * holds the same person twice because of the roster.
 */
export async function addPersonToOpportunity(
  db: Db,
  principal: Principal,
  personId: string,
  roleId: string,
  events?: Events,
  jobs?: Pick<Jobs, 'send'>,
) {
  if (!isUuid(personId)) throw new AppError('NOT_FOUND', ROSTER_MESSAGES.personNotFound);
  const [person] = await db.select().from(people).where(eq(people.id, personId));
  if (!person) throw new AppError('NOT_FOUND', ROSTER_MESSAGES.personNotFound);
  const [role] = await db
    .select({ id: roles.id, projectId: roles.projectId })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!role) throw fieldErrors([{ path: 'body.roleId', message: ROSTER_MESSAGES.invalidId }]);
  const { actor } = await projectStanding(db, principal, role.projectId);
  if (!actor) throw projectAccessDenied();
  if (!can(actor, 'ADD_REMOVE_APPLICANT')) {
    throw new AppError('PERMISSION_DENIED', ROSTER_MESSAGES.opportunityRefused);
  }
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(eq(applicants.projectId, role.projectId), eq(applicants.personId, person.id)))
      .limit(1);
    let applicantId: string;
    let submissionId: string;
    let createdSubmission: boolean;
    let added: FolderMembership[] = [];
    let removed: FolderMembership[] = [];
    if (existing) {
      applicantId = existing.id;
      const [inserted] = await tx
        .insert(submissions)
        .values({ projectId: role.projectId, roleId: role.id, applicantId, source: 'ADMIN' })
        .onConflictDoNothing({ target: [submissions.roleId, submissions.applicantId] })
        .returning({ id: submissions.id });
      createdSubmission = inserted !== undefined;
      if (inserted) {
        const inbox = await tx
          .select({ id: folders.id })
          .from(folders)
          .where(and(eq(folders.roleId, role.id), eq(folders.systemAlias, 'NEW_SUBMISSIONS')));
        added = await addToFolders(
          tx,
          role.projectId,
          inbox.map((row) => row.id),
          [inserted.id],
        );
      }
      submissionId =
        inserted?.id ??
        (
          await tx
            .select({ id: submissions.id })
            .from(submissions)
            .where(and(eq(submissions.roleId, role.id), eq(submissions.applicantId, applicantId)))
        )[0]!.id;
    } else {
      const result = await submitApplicant(tx, {
        projectId: role.projectId,
        roleId: role.id,
        person: {
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          phone: person.phone,
          dateOfBirth: person.dateOfBirth,
          playingAgeMin: null,
          playingAgeMax: null,
          genderId: person.genderId,
          ethnicAppearanceIds: [],
          sizes: {},
          skills: person.skills,
          unionIds: person.unionIds,
          languages: person.languages,
          location: person.location,
          address: null,
          socialProfiles: {},
          bio: null,
          resume: null,
        },
        createdById: principal.userId,
        source: 'ADMIN',
        folderIds: [],
        folderAlias: 'NEW_SUBMISSIONS',
        personId: person.id,
      });
      applicantId = result.applicantId;
      submissionId = result.submissionId;
      createdSubmission = result.createdSubmission;
      ({ added, removed } = result.memberships);
    }
    await emitMembershipChanges(jobs, tx, role.projectId, { added, removed });
    if (createdSubmission) await publishApplicantsUpdated(events, tx, role.projectId, 'ADD', 1, role.id);
    return { projectId: role.projectId, applicantId, submissionId, createdSubmission };
  });
}
