import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  TEAM_MESSAGES,
  scopesAllowedToCreate,
  scopesAllowedToUpdate,
  type InviteResult,
  type InviteTeamMembers,
  type ProjectActor,
  type ProjectScope,
  type TeamMember,
} from '@casting/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import { consumeQuota } from '../../platform/db/quota';
import { projectAccesses, projects, users } from '../../platform/db/schema';
import { AppError, notFound, permissionDenied } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/ports';
import { agentsOfInvitees, projectAgencyIds, submitterTeamFilter } from '../agencies';
import { fullName } from '../identity';
import { invitationMessage, type InvitationMail } from './mail';
import { teamMembers } from './views';

export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  invitationsPerDay: number;
}

/**
 * A scope outside the caller's reach: INVITE_TEAM_MEMBERS lets a member manage the team, but only for the scopes
 * their own scope may grant (scopeAllowedToCreate) or change (scopeAllowedToUpdate).
 */
function refuseScope(scope: ProjectScope, verb: string): AppError {
  return permissionDenied('INVITE_TEAM_MEMBERS', {
    message: TEAM_MESSAGES.scopeNotAllowed(verb, scope),
    details: { scope },
  });
}

/** Invitations are all-or-nothing: every requested scope must be one the inviter may grant. */
export async function inviteMembers(
  deps: TeamDeps,
  inviter: { userId: string; actor: ProjectActor },
  projectId: string,
  input: InviteTeamMembers,
): Promise<InviteResult> {
  const grantable = scopesAllowedToCreate(inviter.actor);
  const refused = input.invitations.find((invitation) => !grantable.includes(invitation.scope));
  if (refused) throw refuseScope(refused.scope, 'grant');

  const wanted = new Map<string, ProjectScope>();
  for (const invitation of input.invitations) {
    if (!wanted.has(invitation.email)) wanted.set(invitation.email, invitation.scope);
  }
  const emails = [...wanted.keys()];

  const outcome = await deps.db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: users.id, email: users.email, roleCode: users.roleCode, confirmedAt: users.confirmedAt })
      .from(users)
      .where(inArray(users.email, emails));
    const talentEmails = accounts.filter((account) => account.roleCode === 'TALENT').map((a) => a.email);
    const accountIds = accounts.map((account) => account.id);
    if (!input.skipWarning) await assertSameAgency(tx, projectId, emails, accounts);
    const existing = await tx
      .select({ email: projectAccesses.email, userId: projectAccesses.userId })
      .from(projectAccesses)
      .where(
        and(
          eq(projectAccesses.projectId, projectId),
          accountIds.length > 0
            ? or(inArray(projectAccesses.email, emails), inArray(projectAccesses.userId, accountIds))
            : inArray(projectAccesses.email, emails),
        ),
      );
    const onTeam = (email: string) => {
      const account = accounts.find((candidate) => candidate.email === email);
      return existing.some((row) => row.email === email || (account && row.userId === account.id));
    };
    const duplicateEmails = emails.filter((email) => !talentEmails.includes(email) && onTeam(email));
    const toAdd = emails.filter((email) => !talentEmails.includes(email) && !duplicateEmails.includes(email));
    // Only a confirmed address is linked at once; an unconfirmed account matches later, once it proves the address.
    const linked = (email: string) => accounts.find((a) => a.email === email && a.confirmedAt !== null);
    const inserted =
      toAdd.length === 0
        ? []
        : await tx
            .insert(projectAccesses)
            .values(
              toAdd.map((email) => ({
                projectId,
                email,
                userId: linked(email)?.id ?? null,
                scope: wanted.get(email) ?? 'TALENT_SUBMITTER',
                invitedById: inviter.userId,
              })),
            )
            .onConflictDoNothing()
            .returning({
              id: projectAccesses.id,
              email: projectAccesses.email,
              scope: projectAccesses.scope,
            });
    const racedEmails = toAdd.filter((email) => !inserted.some((row) => row.email === email));
    // Each new invitation is an e-mail sent in the inviter's name: a daily allowance per account keeps the dialog
    // from being used as a mail relay. Counted in this transaction, so a refused request uses none of it.
    const quota = {
      key: `invitations:${inviter.userId}`,
      max: deps.invitationsPerDay,
      windowSeconds: 86_400,
    };
    if (inserted.length > 0 && !(await consumeQuota(tx, quota, inserted.length))) {
      throw new AppError('RATE_LIMITED', TEAM_MESSAGES.dailyInvitationsUsed(deps.invitationsPerDay));
    }
    const mails: InvitationMail[] = inserted.map((row) => ({
      to: row.email,
      scope: wanted.get(row.email) ?? 'TALENT_SUBMITTER',
      hasAccount: linked(row.email) !== undefined,
    }));
    const members =
      inserted.length === 0
        ? []
        : (
            await teamMembers(
              tx,
              projectId,
              { limit: inserted.length, offset: 0 },
              inArray(
                projectAccesses.id,
                inserted.map((row) => row.id),
              ),
            )
          ).items;
    return { members, talentEmails, duplicateEmails: [...duplicateEmails, ...racedEmails], mails };
  });

  await sendInvitations(deps, inviter.userId, projectId, outcome.mails);
  return {
    accesses: outcome.members,
    duplicateEmails: outcome.duplicateEmails,
    talentEmails: outcome.talentEmails,
  };
}

/**
 * Inviting a representative whose agency is not among the project's current representation asks
 * first (AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY); the dialog re-sends with skipWarning once confirmed, and that
 * agency's representatives then work on the project's applicants like the others. A project no agency represents
 * yet asks nothing.
 */
async function assertSameAgency(
  tx: Queryable,
  projectId: string,
  emails: readonly string[],
  accounts: readonly { id: string; email: string }[],
) {
  const invitees = await agentsOfInvitees(
    tx,
    emails,
    accounts.map((account) => account.id),
  );
  if (invitees.length === 0) return;
  const current = await projectAgencyIds(tx, projectId);
  if (current.length === 0) return;
  const different = invitees.filter((agent) => !current.includes(agent.agencyId));
  if (different.length === 0) return;
  const differentEmails = emails.filter((email) => {
    const account = accounts.find((candidate) => candidate.email === email);
    return different.some((agent) => agent.email === email || (account && agent.userId === account.id));
  });
  throw new AppError('AGENT_ASSOCIATE_WITH_DIFFERENT_AGENCY', TEAM_MESSAGES.differentAgency, {
    emails: differentEmails,
  });
}

/**
 * What a caller may see and manage of a team: everything, except that a talent submitter sees only their own
 * agency's rows (and their own).
 */
export async function teamRowFilter(
  db: Queryable,
  caller: { userId: string; actor: ProjectActor },
): Promise<SQL | undefined> {
  return caller.actor === 'TS' ? submitterTeamFilter(db, caller.userId) : undefined;
}

/** A row outside the caller's view answers like a row that does not exist. */
export async function assertRowVisible(
  db: Queryable,
  caller: { userId: string; actor: ProjectActor },
  projectId: string,
  accessId: string,
) {
  const only = await teamRowFilter(db, caller);
  if (!only) return;
  if (!isUuid(accessId)) throw notFound('The team member');
  const [row] = await db
    .select({ id: projectAccesses.id })
    .from(projectAccesses)
    .where(and(eq(projectAccesses.id, accessId), eq(projectAccesses.projectId, projectId), only));
  if (!row) throw notFound('The team member');
}

/** Mail goes out after the commit, so nobody is told about an invitation that was rolled back. */
async function sendInvitations(
  deps: TeamDeps,
  inviterId: string,
  projectId: string,
  mails: InvitationMail[],
) {
  if (mails.length === 0) return;
  const [project] = await deps.db
    .select({ name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [inviter] = await deps.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, inviterId));
  const context = {
    projectId,
    projectName: project?.name ?? 'a project',
    inviterName: inviter ? fullName(inviter) : 'A colleague',
    publicUrl: deps.publicUrl,
  };
  for (const mail of mails) {
    try {
      await deps.mailer.send(invitationMessage(mail, context));
    } catch (err) {
      // The membership stands; a lost mail is re-sent by inviting again after removing, never by failing here.
      deps.log.error({ err, to: mail.to, projectId }, 'team invitation mail failed');
    }
  }
}

interface AccessRow {
  id: string;
  scope: ProjectScope;
  userId: string | null;
  ownerId: string;
}

async function accessInProject(db: Queryable, projectId: string, accessId: string): Promise<AccessRow> {
  if (!isUuid(accessId)) throw notFound('The team member');
  const [row] = await db
    .select({
      id: projectAccesses.id,
      scope: projectAccesses.scope,
      userId: projectAccesses.userId,
      ownerId: projects.ownerId,
    })
    .from(projectAccesses)
    .innerJoin(projects, eq(projects.id, projectAccesses.projectId))
    .where(and(eq(projectAccesses.id, accessId), eq(projectAccesses.projectId, projectId)));
  if (!row) throw notFound('The team member');
  return { ...row, scope: row.scope as ProjectScope };
}

/**
 * Sends a pending invitation's e-mail again (the first one was lost or expired in a mailbox). Only the
 * scopes the caller could have granted, only invitations nobody has accepted, and each mail counts
 * against the inviter's daily allowance like a new invitation.
 */
export async function resendInvitation(
  deps: TeamDeps,
  inviter: { userId: string; actor: ProjectActor },
  projectId: string,
  accessId: string,
): Promise<void> {
  const mail = await deps.db.transaction(async (tx) => {
    const row = await accessInProject(tx, projectId, accessId);
    if (!scopesAllowedToCreate(inviter.actor).includes(row.scope))
      throw refuseScope(row.scope, 'invite members who are');
    if (row.userId !== null) throw new AppError('CONFLICT', TEAM_MESSAGES.notPendingInvitation);
    const [invited] = await tx
      .select({ email: projectAccesses.email })
      .from(projectAccesses)
      .where(eq(projectAccesses.id, row.id));
    if (!invited) throw notFound('The team member');
    const quota = {
      key: `invitations:${inviter.userId}`,
      max: deps.invitationsPerDay,
      windowSeconds: 86_400,
    };
    if (!(await consumeQuota(tx, quota, 1)))
      throw new AppError('RATE_LIMITED', TEAM_MESSAGES.dailyInvitationsUsed(deps.invitationsPerDay));
    const [account] = await tx
      .select({ confirmedAt: users.confirmedAt })
      .from(users)
      .where(eq(users.email, invited.email));
    return {
      to: invited.email,
      scope: row.scope,
      hasAccount: account !== undefined && account.confirmedAt !== null,
    };
  });
  await sendInvitations(deps, inviter.userId, projectId, [mail]);
}

/** The owner flag would hand PO straight back, so the owner's own row is fixed. */
function assertNotOwner(row: AccessRow): void {
  if (row.userId !== null && row.userId === row.ownerId)
    throw new AppError('CONFLICT', TEAM_MESSAGES.ownerLocked);
}

/** A role change needs both the member's current scope and the new one in the caller's scopeAllowedToUpdate. */
export async function changeMemberScope(
  db: Db,
  actor: ProjectActor,
  projectId: string,
  accessId: string,
  scope: ProjectScope,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const row = await accessInProject(tx, projectId, accessId);
    const changeable = scopesAllowedToUpdate(actor);
    if (!changeable.includes(row.scope)) throw refuseScope(row.scope, 'change members who are');
    if (!changeable.includes(scope)) throw refuseScope(scope, 'make a member');
    assertNotOwner(row);
    await tx.update(projectAccesses).set({ scope }).where(eq(projectAccesses.id, row.id));
    const { items } = await teamMembers(
      tx,
      projectId,
      { limit: 1, offset: 0 },
      eq(projectAccesses.id, row.id),
    );
    const member = items[0];
    if (!member) throw notFound('The team member');
    return member;
  });
}

/** Removal needs the member's scope among those the caller could have granted (scopeAllowedToCreate). */
export async function removeMember(db: Db, actor: ProjectActor, projectId: string, accessId: string) {
  const row = await accessInProject(db, projectId, accessId);
  if (!scopesAllowedToCreate(actor).includes(row.scope))
    throw refuseScope(row.scope, 'remove members who are');
  assertNotOwner(row);
  await db.delete(projectAccesses).where(eq(projectAccesses.id, row.id));
}
