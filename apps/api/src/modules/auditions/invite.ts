import { and, eq, gte, inArray } from 'drizzle-orm';
import { AUDITION_MESSAGES, type AuditionMode, type AuditionRecipients } from '@casting/domain';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import {
  applicants,
  auditionInvitations,
  auditionResults,
  folderMemberships,
  folders,
  submissions,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueMail } from '../../platform/mail/queue';
import { allowanceLimits, spendAllowance } from '../email';
import { calendarAttachment } from './calendar';
import { invitationMail, mailFacts } from './mail';
import { addressesFor, contactsOf } from './recipients';
import { invitationPageUrl, newInvitationSecret } from './secret';
import { createSession, projectNameOf, scheduleOf, sessionOf, slotsOf, tellSessionChanged } from './sessions';

export interface InviteRequest {
  applicantIds: readonly string[];
  folderId: string | null;
  mode: AuditionMode;
  recipients: AuditionRecipients;
  autoAssign: boolean;
}

/**
 * The candidates with a submission in a folder of the project: 404 for a folder of another project, 400 for an
 * empty one (inviting nobody is not what the office meant).
 */
async function folderMembers(db: Queryable, projectId: string, folderId: string) {
  const [folder] = await db
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.id, folderId), eq(folders.projectId, projectId)));
  if (!folder) throw new AppError('NOT_FOUND', AUDITION_MESSAGES.folderNotFound);
  const members = await db
    .selectDistinct({ applicantId: submissions.applicantId })
    .from(folderMemberships)
    .innerJoin(submissions, eq(submissions.id, folderMemberships.submissionId))
    .where(eq(folderMemberships.folderId, folder.id));
  if (members.length === 0) throw new AppError('BAD_REQUEST', AUDITION_MESSAGES.emptyFolder);
  return members.map((row) => row.applicantId);
}

/** The project's candidates named, and those of the folder; an id of another project refuses the whole call (404). */
async function candidatesOf(
  db: Queryable,
  projectId: string,
  applicantIds: readonly string[],
  folderId: string | null,
) {
  const ids = new Set([...applicantIds, ...(folderId ? await folderMembers(db, projectId, folderId) : [])]);
  if (ids.size === 0) throw new AppError('BAD_REQUEST', AUDITION_MESSAGES.noCandidates);
  const found = await db
    .select({ id: applicants.id })
    .from(applicants)
    .where(and(eq(applicants.projectId, projectId), inArray(applicants.id, [...ids])));
  if (found.length !== ids.size) throw new AppError('NOT_FOUND', AUDITION_MESSAGES.noCandidates);
  return [...ids];
}

/**
 * Invites candidates to a session as one action, in one transaction: one invitation each (those already invited are
 * left as they are), slots filled in running order when the office assigns them (the rest wait on the waitlist),
 * and the invitation mailed to each recipient with the private page's link, counted in the candidate-mail allowance
 * of the sender and the office; over it, nothing is written.
 */
export async function inviteToSession(
  context: AppContext,
  tx: Db,
  caller: { userId: string },
  projectId: string,
  sessionId: string,
  request: InviteRequest,
) {
  const session = await sessionOf(tx, projectId, sessionId, true);
  const ids = await candidatesOf(tx, projectId, request.applicantIds, request.folderId);
  const existing = await tx
    .select({ applicantId: auditionInvitations.applicantId })
    .from(auditionInvitations)
    .where(and(eq(auditionInvitations.sessionId, session.id), inArray(auditionInvitations.applicantId, ids)));
  const already = new Set(existing.map((row) => row.applicantId));
  const fresh = ids.filter((id) => !already.has(id));
  const contacts = await contactsOf(tx, projectId, fresh);
  const free = (await slotsOf(tx, session.id)).flatMap((slot) =>
    Array.from({ length: Math.max(0, slot.capacity - slot.taken) }, () => slot),
  );
  const projectName = await projectNameOf(tx, projectId);
  const mails = [];
  for (const applicantId of fresh) {
    const slot = request.mode === 'OFFICE_ASSIGNS' && request.autoAssign ? (free.shift() ?? null) : null;
    const { secret, hash } = newInvitationSecret();
    const [invitation] = await tx
      .insert(auditionInvitations)
      .values({
        projectId,
        sessionId: session.id,
        applicantId,
        slotId: slot?.id ?? null,
        waitlisted: request.mode === 'OFFICE_ASSIGNS' && !slot,
        mode: request.mode,
        recipients: request.recipients,
        secretHash: hash,
        invitedById: caller.userId,
      })
      .returning();
    const person = contacts.get(applicantId)!;
    const pageUrl = invitationPageUrl(context.config.publicUrl, projectId, secret);
    // An assigned slot is an event from the first mail; a candidate who picks gets the file once they have.
    const calendar = slot
      ? calendarAttachment({
          invitation: invitation!,
          session,
          slot: { startsAt: new Date(slot.startsAt), endsAt: new Date(slot.endsAt) },
          projectName,
          cancelled: false,
          pageUrl,
          publicUrl: context.config.publicUrl,
        })
      : null;
    for (const address of addressesFor(person, request.recipients)) {
      const facts = mailFacts(
        session,
        projectName,
        person.name,
        slot ? new Date(slot.startsAt) : null,
        address.forAgent,
      );
      mails.push(invitationMail(address.to, facts, pageUrl, calendar));
    }
  }
  if (mails.length > 0) {
    await spendAllowance(tx, allowanceLimits(context.config), caller.userId, projectId, mails.length);
    for (const message of mails) await enqueueMail(context.jobs, { kind: 'notice', message }, tx);
  }
  await context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId: session.id }, { tx });
  return {
    invited: fresh.length,
    alreadyInvited: already.size,
    mailed: mails.length,
    schedule: await scheduleOf(tx, projectId, session.id),
  };
}

/** The candidates of a session rated at least `minRating` (for a callback). */
export async function ratedAtLeast(db: Queryable, sessionId: string, minRating: number) {
  const rows = await db
    .select({ applicantId: auditionResults.applicantId })
    .from(auditionResults)
    .where(and(eq(auditionResults.sessionId, sessionId), gte(auditionResults.rating, minRating)));
  return rows.map((row) => row.applicantId);
}

export interface CallbackRequest {
  session: Parameters<typeof createSession>[3];
  minRating: number | null;
  applicantIds: readonly string[];
  folderId: string | null;
  mode: AuditionMode;
  recipients: AuditionRecipients;
}

/**
 * A callback: a new session after `sourceId`, and one invitation each for the source's candidates rated at least
 * the mark, those of the folder and those chosen, placed in running order; with nobody to invite, an empty session.
 */
export async function fillCallback(
  context: AppContext,
  tx: Db,
  caller: { userId: string },
  projectId: string,
  sourceId: string,
  request: CallbackRequest,
) {
  const source = await sessionOf(tx, projectId, sourceId);
  const rated = request.minRating ? await ratedAtLeast(tx, source.id, request.minRating) : [];
  const filed = request.folderId ? await folderMembers(tx, projectId, request.folderId) : [];
  const created = await createSession(tx, projectId, caller.userId, request.session, source.id);
  const applicantIds = [...new Set([...rated, ...filed, ...request.applicantIds])];
  if (applicantIds.length === 0) {
    await tellSessionChanged(context, tx, projectId, created.session.id);
    return {
      invited: 0,
      alreadyInvited: 0,
      mailed: 0,
      schedule: await scheduleOf(tx, projectId, created.session.id),
    };
  }
  return inviteToSession(context, tx, caller, projectId, created.session.id, {
    applicantIds,
    folderId: null,
    mode: request.mode,
    recipients: request.recipients,
    autoAssign: true,
  });
}
