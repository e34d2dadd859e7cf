import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  EMAIL_MESSAGES,
  type Invitation,
  type InvitationParseResult,
  type ProjectActor,
  type RecipientStatus,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { afterPosition, decodeCursor, keysetPage, keyText } from '../../platform/db/keyset';
import { candidateInvitations, emailRecipients, roles, users } from '../../platform/db/schema';
import { fieldErrors } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import {
  emitMembershipChanges,
  publishApplicantsUpdated,
  submitApplicant,
  type MembershipChanges,
} from '../candidates';
import {
  chooseLink,
  composeMessage,
  createSend,
  senderAndProject,
  spendAllowance,
  type AllowanceLimits,
} from '../email';
import type { Events } from '../../platform/events';
import { parseInvitees } from './parse';

async function roleInProject(db: Queryable, projectId: string, roleId: string) {
  const [role] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(eq(roles.id, roleId), eq(roles.projectId, projectId)));
  if (!role) throw fieldErrors([{ path: 'body.roleId', message: EMAIL_MESSAGES.opportunityNotInProject }]);
  return role;
}

async function invitedAlready(db: Queryable, roleId: string, emails: readonly string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .select({ email: candidateInvitations.email })
    .from(candidateInvitations)
    .where(and(eq(candidateInvitations.roleId, roleId), inArray(candidateInvitations.email, [...emails])));
  return new Set(rows.map((row) => row.email));
}

/** What a pasted list or CSV file holds, before anything is sent: valid, invalid, repeated and already invited. */
export async function previewInvitees(
  db: Db,
  projectId: string,
  request: { text: string; format: 'LIST' | 'CSV'; roleId?: string | undefined },
): Promise<InvitationParseResult> {
  const parsed = parseInvitees(request.text, request.format);
  if ('error' in parsed) throw fieldErrors([{ path: 'body.text', message: parsed.error }]);
  if (parsed.valid.length + parsed.invalid.length + parsed.duplicates.length === 0) {
    throw fieldErrors([{ path: 'body.text', message: EMAIL_MESSAGES.noRows }]);
  }
  if (!request.roleId) return parsed;
  await roleInProject(db, projectId, request.roleId);
  const already = await invitedAlready(
    db,
    request.roleId,
    parsed.valid.map((row) => row.email),
  );
  return {
    ...parsed,
    valid: parsed.valid.filter((row) => !already.has(row.email)),
    alreadyInvited: parsed.valid.filter((row) => already.has(row.email)),
  };
}

/**
 * Invites people to apply to an opportunity through a submission link, with a template: one e-mail send (each
 * person a recipient with an unsubscribe line) and one invitation row per person, in one transaction. People already
 * invited to the opportunity, or listed twice, are skipped and reported. A talent submitter's invitees also become
 * candidates in the opportunity's Invited folder (TS_INVITED, decision 0050): the project's applicant for that address
 * when there is one (never a second one), else a new one with the name and address given; someone who already
 * applied to the opportunity stays where they are. Applying later moves them out of Invited (submitApplicant).
 * The invitations that will be mailed count against the daily allowance of e-mails to candidates, which sends share;
 * a request over it is refused whole.
 */
export async function sendInvitations(
  db: Db,
  jobs: Jobs,
  events: Events | undefined,
  publicUrl: string,
  limits: AllowanceLimits,
  projectId: string,
  caller: { userId: string; actor: ProjectActor },
  request: {
    roleId: string;
    shareLinkId: string;
    templateId: string;
    people: { email: string; firstName: string; lastName: string }[];
  },
) {
  return db.transaction(async (tx) => {
    const role = await roleInProject(tx, projectId, request.roleId);
    const message = await composeMessage(tx, projectId, { templateId: request.templateId });
    const link = await chooseLink(tx, publicUrl, projectId, request.shareLinkId, message, caller);
    if (!link.roleIds.includes(role.id)) {
      throw fieldErrors([{ path: 'body.shareLinkId', message: EMAIL_MESSAGES.linkNotForOpportunity }]);
    }
    const sender = await senderAndProject(tx, projectId, caller.userId);
    const skipped: { email: string; reason: string }[] = [];
    const already = await invitedAlready(
      tx,
      role.id,
      request.people.map((person) => person.email),
    );
    const seen = new Set<string>();
    const people = request.people.filter((person) => {
      const reason = already.has(person.email)
        ? EMAIL_MESSAGES.alreadyInvited
        : seen.has(person.email)
          ? EMAIL_MESSAGES.duplicateEmail
          : null;
      seen.add(person.email);
      if (reason) skipped.push({ email: person.email, reason });
      return !reason;
    });
    if (people.length === 0) {
      return { sendId: null, invited: 0, skipped };
    }
    const { send, recipients } = await createSend(tx, jobs, {
      projectId,
      kind: 'INVITATION',
      message,
      link,
      sender: { userId: caller.userId, senderName: sender.senderName, replyTo: sender.replyTo },
      recipients: people.map((person) => ({ ...person, opportunityName: role.name, offersOptOut: true })),
    });
    const queued = recipients.filter((row) => row.status === 'QUEUED').length;
    await spendAllowance(tx, limits, caller.userId, projectId, queued);
    const recipientOf = new Map(recipients.map((row) => [row.email, row.id]));
    await tx.insert(candidateInvitations).values(
      people.map((person) => ({
        projectId,
        roleId: role.id,
        shareLinkId: link.shareLinkId,
        recipientId: recipientOf.get(person.email) ?? null,
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        submitterFolder: caller.actor === 'TS' ? 'TS_INVITED' : null,
        invitedById: caller.userId,
      })),
    );
    if (caller.actor === 'TS') {
      const invited: MembershipChanges = { added: [], removed: [] };
      for (const person of people) {
        const result = await submitApplicant(tx, {
          projectId,
          roleId: role.id,
          person: {
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            ethnicAppearanceIds: [],
            sizes: {},
            skills: [],
            unionIds: [],
            languages: [],
            socialProfiles: {},
          },
          createdById: caller.userId,
          source: 'ADMIN',
          folderIds: [],
          folderAlias: 'TS_INVITED',
        });
        invited.added.push(...result.memberships.added);
        invited.removed.push(...result.memberships.removed);
      }
      // Into the agency's Invited folder: one event for the folder with every row invited.
      await emitMembershipChanges(jobs, tx, projectId, invited);
      await publishApplicantsUpdated(events, tx, projectId, 'ADD', people.length, role.id);
    }
    return { sendId: send.id, invited: people.length, skipped };
  });
}

/**
 * Applied: the address belongs to a candidate of the project with a submission to the invited opportunity that is no
 * longer only an invitation (in the Invited folder, TS_INVITED, until the person applies).
 */
const applied = sql<boolean>`exists (
  select 1 from applicants a join submissions s on s.applicant_id = a.id
  where a.project_id = ${candidateInvitations.projectId} and a.email = ${candidateInvitations.email}
    and s.role_id = ${candidateInvitations.roleId}
    and not exists (select 1 from folder_memberships im join folders inf on inf.id = im.folder_id
      where im.submission_id = s.id and inf.system_alias = 'TS_INVITED'))`;

/** The query of one page of invitations (the plan test reads it too). */
export function invitationsPageQuery(
  db: Queryable,
  projectId: string,
  caller: { userId: string; actor: ProjectActor },
  query: { roleId?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const position = query.cursor ? decodeCursor(query.cursor) : null;
  return db
    .select({
      id: candidateInvitations.id,
      email: candidateInvitations.email,
      firstName: candidateInvitations.firstName,
      lastName: candidateInvitations.lastName,
      opportunityName: roles.name,
      mailStatus: sql<RecipientStatus>`coalesce(${emailRecipients.status}, 'QUEUED')`,
      reason: emailRecipients.reason,
      applied,
      submitterFolder: candidateInvitations.submitterFolder,
      invitedBy: sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      createdAt: candidateInvitations.createdAt,
      key: keyText(candidateInvitations.createdAt),
    })
    .from(candidateInvitations)
    .innerJoin(roles, eq(roles.id, candidateInvitations.roleId))
    .leftJoin(emailRecipients, eq(emailRecipients.id, candidateInvitations.recipientId))
    .leftJoin(users, eq(users.id, candidateInvitations.invitedById))
    .where(
      and(
        eq(candidateInvitations.projectId, projectId),
        caller.actor === 'TS' ? eq(candidateInvitations.invitedById, caller.userId) : undefined,
        query.roleId ? eq(candidateInvitations.roleId, query.roleId) : undefined,
        position
          ? afterPosition(candidateInvitations.createdAt, candidateInvitations.id, position)
          : undefined,
      ),
    )
    .orderBy(desc(candidateInvitations.createdAt), desc(candidateInvitations.id))
    .limit(query.limit + 1);
}

function invitationView(row: Awaited<ReturnType<typeof invitationsPageQuery>>[number]): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim(),
    opportunityName: row.opportunityName,
    status: row.applied
      ? 'APPLIED'
      : row.mailStatus === 'FAILED' || row.mailStatus === 'SKIPPED'
        ? 'FAILED'
        : 'INVITED',
    mailStatus: row.mailStatus,
    reason: row.reason,
    submitterFolder: row.submitterFolder === 'TS_INVITED' ? 'TS_INVITED' : null,
    invitedBy: row.invitedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The project's invitations, newest first (keyset paged). A talent submitter sees the people they invited (their
 * agency's Invited folder); the casting team sees everyone's.
 */
export async function listInvitations(
  db: Queryable,
  projectId: string,
  caller: { userId: string; actor: ProjectActor },
  query: { roleId?: string | undefined; limit: number; cursor?: string | undefined },
) {
  const rows = await invitationsPageQuery(db, projectId, caller, query);
  const page = keysetPage(rows, query.limit, (row) => ({ key: row.key, id: row.id }));
  return { items: page.items.map(invitationView), nextCursor: page.nextCursor, totalCapped: false };
}
