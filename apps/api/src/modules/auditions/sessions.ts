import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { auditionSessionInputSchema } from '@casting/domain';
import {
  AUDITION_MESSAGES,
  sessionRange,
  sessionSlots,
  type AuditionInvitation,
  type AuditionSchedule,
  type AuditionSession,
  type AuditionSessionInput,
  type AuditionSlot,
} from '@casting/domain';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/client';
import { isUuid, type Queryable } from '../../platform/db/ids';
import {
  applicants,
  auditionInvitations,
  auditionResults,
  auditionSessions,
  auditionSlots,
  projects,
  roles,
} from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { tellSessionEdited } from './session-notice';
import { LIVE_STATUSES } from './statuses';

export type SessionRow = typeof auditionSessions.$inferSelect;
type SessionValues = z.output<typeof auditionSessionInputSchema>;

export { HOLDING_STATUSES } from './statuses';

export async function projectNameOf(db: Queryable, projectId: string): Promise<string> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return row?.name ?? '';
}

export const sessionNotFound = () => new AppError('NOT_FOUND', AUDITION_MESSAGES.sessionNotFound);

/** The plan as the domain reads it; a plan with no slot, or ending before it starts, is refused (400). */
export function planOf(
  values: Pick<SessionValues, 'day' | 'start' | 'end' | 'timeZone' | 'slotMinutes' | 'breaks' | 'perSlot'>,
) {
  const plan = { ...values, date: values.day };
  try {
    const range = sessionRange(plan);
    const slots = sessionSlots(plan);
    if (slots.length === 0) throw new RangeError('no slot');
    return { range, slots };
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('BAD_REQUEST', AUDITION_MESSAGES.invalidPlan);
    throw error;
  }
}

/** Opportunities named must be the project's own (one query); an unknown id is refused as a whole. */
export async function checkRoles(db: Queryable, projectId: string, roleIds: readonly string[]) {
  if (roleIds.length === 0) return;
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.projectId, projectId), inArray(roles.id, [...roleIds])));
  if (found.length !== new Set(roleIds).size)
    throw new AppError('NOT_FOUND', AUDITION_MESSAGES.sessionNotFound);
}

/** The session of the project, locked for the change that follows when `lock`; 404 for another project's. */
export async function sessionOf(db: Queryable, projectId: string, sessionId: string, lock = false) {
  if (!isUuid(sessionId)) throw sessionNotFound();
  const query = db
    .select()
    .from(auditionSessions)
    .where(and(eq(auditionSessions.id, sessionId), eq(auditionSessions.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw sessionNotFound();
  return row;
}

/** Writes the session's slots from its plan (replacing any, which the caller checked nobody holds). */
export async function writeSlots(db: Queryable, sessionId: string, values: SessionValues) {
  const { slots } = planOf(values);
  await db.delete(auditionSlots).where(eq(auditionSlots.sessionId, sessionId));
  await db.insert(auditionSlots).values(
    slots.map((slot) => ({
      sessionId,
      position: slot.position,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      capacity: slot.capacity,
    })),
  );
}

/** The columns a session's values set. */
export function sessionColumns(values: SessionValues) {
  const { range } = planOf(values);
  return {
    kind: values.kind,
    name: values.name,
    roleIds: values.roleIds,
    day: values.day,
    startTime: values.start,
    endTime: values.end,
    timeZone: values.timeZone,
    startsAt: range.startsAt,
    endsAt: range.endsAt,
    place: values.place,
    videoLink: values.videoLink,
    slotMinutes: values.slotMinutes,
    breaks: values.breaks,
    perSlot: values.perSlot,
    staff: values.staff,
    notes: values.notes,
  };
}

/** The row's values in the input's shape (to merge a partial change into). */
export function valuesOf(row: SessionRow): SessionValues {
  return {
    kind: row.kind as SessionValues['kind'],
    name: row.name,
    roleIds: row.roleIds,
    day: row.day,
    start: row.startTime,
    end: row.endTime,
    timeZone: row.timeZone,
    place: row.place,
    videoLink: row.videoLink,
    slotMinutes: row.slotMinutes,
    breaks: row.breaks,
    perSlot: row.perSlot,
    staff: row.staff,
    notes: row.notes,
  };
}

/** Slots with how many live invitations hold each. */
export async function slotsOf(db: Queryable, sessionId: string): Promise<AuditionSlot[]> {
  const rows = await db
    .select({
      id: auditionSlots.id,
      position: auditionSlots.position,
      startsAt: auditionSlots.startsAt,
      endsAt: auditionSlots.endsAt,
      capacity: auditionSlots.capacity,
      taken: sql<number>`(select count(*)::int from audition_invitations i
        where i.slot_id = ${auditionSlots.id} and i.status in ('INVITED', 'CONFIRMED', 'CHANGE_REQUESTED'))`,
    })
    .from(auditionSlots)
    .where(eq(auditionSlots.sessionId, sessionId))
    .orderBy(asc(auditionSlots.position));
  return rows.map((row) => ({
    ...row,
    taken: Number(row.taken),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }));
}

export function presentSession(row: SessionRow, openSlots: number): AuditionSession {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind as AuditionSession['kind'],
    name: row.name,
    roleIds: row.roleIds,
    day: row.day,
    start: row.startTime,
    end: row.endTime,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    place: row.place,
    videoLink: row.videoLink,
    slotMinutes: row.slotMinutes,
    breaks: row.breaks,
    perSlot: row.perSlot,
    staff: row.staff,
    notes: row.notes,
    sourceSessionId: row.sourceSessionId,
    openSlots,
  };
}

const openCount = (slots: readonly AuditionSlot[]) =>
  slots.filter((slot) => slot.taken < slot.capacity).length;

/** The invitations of a session with their results, in invitation order. */
export async function invitationsOf(db: Queryable, sessionId: string): Promise<AuditionInvitation[]> {
  const rows = await db
    .select({
      invitation: auditionInvitations,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      result: auditionResults,
    })
    .from(auditionInvitations)
    .innerJoin(applicants, eq(applicants.id, auditionInvitations.applicantId))
    .leftJoin(auditionResults, eq(auditionResults.invitationId, auditionInvitations.id))
    .where(eq(auditionInvitations.sessionId, sessionId))
    .orderBy(asc(auditionInvitations.createdAt), asc(auditionInvitations.id));
  return rows.map(({ invitation, firstName, lastName, result }) => ({
    id: invitation.id,
    applicantId: invitation.applicantId,
    firstName,
    lastName,
    slotId: invitation.slotId,
    waitlisted: invitation.waitlisted,
    mode: invitation.mode as AuditionInvitation['mode'],
    recipients: invitation.recipients as AuditionInvitation['recipients'],
    status: invitation.status as AuditionInvitation['status'],
    declineReason: invitation.declineReason,
    requestedSlotId: invitation.requestedSlotId,
    changeMessage: invitation.changeMessage,
    answeredAt: invitation.answeredAt?.toISOString() ?? null,
    result: {
      attendance: (result?.attendance ?? null) as AuditionInvitation['result']['attendance'],
      checkedInAt: result?.checkedInAt?.toISOString() ?? null,
      notes: result?.notes ?? null,
      rating: result?.rating ?? null,
    },
  }));
}

export async function scheduleOf(
  db: Queryable,
  projectId: string,
  sessionId: string,
): Promise<AuditionSchedule> {
  const row = await sessionOf(db, projectId, sessionId);
  const slots = await slotsOf(db, row.id);
  return {
    session: presentSession(row, openCount(slots)),
    slots,
    invitations: await invitationsOf(db, row.id),
  };
}

/** The project's other sessions that overlap a range (shown beside a save, never blocking). */
export async function overlappingSessionsOf(
  db: Queryable,
  projectId: string,
  range: { startsAt: Date; endsAt: Date },
  exceptId: string | null,
) {
  const rows = await db
    .select({ id: auditionSessions.id, name: auditionSessions.name, startsAt: auditionSessions.startsAt })
    .from(auditionSessions)
    .where(
      and(
        eq(auditionSessions.projectId, projectId),
        sql`${auditionSessions.startsAt} < ${range.endsAt.toISOString()}::timestamptz`,
        sql`${auditionSessions.endsAt} > ${range.startsAt.toISOString()}::timestamptz`,
        exceptId ? sql`${auditionSessions.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(asc(auditionSessions.startsAt))
    .limit(20);
  return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() }));
}

/** Creates a session and its slots; answers it with the project's sessions it overlaps. */
export async function createSession(
  db: Queryable,
  projectId: string,
  userId: string,
  input: SessionValues,
  sourceSessionId: string | null = null,
) {
  await checkRoles(db, projectId, input.roleIds);
  const [row] = await db
    .insert(auditionSessions)
    .values({ projectId, createdById: userId, sourceSessionId, ...sessionColumns(input) })
    .returning();
  await writeSlots(db, row!.id, input);
  const slots = await slotsOf(db, row!.id);
  return {
    session: presentSession(row!, openCount(slots)),
    overlapping: await overlappingSessionsOf(db, projectId, row!, row!.id),
  };
}

/**
 * Tells the project's open sessions and schedule pages that a session was made, changed or deleted, once the
 * transaction commits: colleagues see the new hours, place or slots (or that the session is gone) without reloading.
 */
export const tellSessionChanged = (context: AppContext, tx: Db, projectId: string, sessionId: string) =>
  context.events?.publish(projectId, 'AUDITION_UPDATED', { sessionId }, { tx });

/**
 * Changes a session. Hours, breaks, slot length and group size re-lay the slots, which only works while nobody holds
 * one (409 otherwise: moving people's times is the schedule's work, with its conflicts shown). A change of what the
 * calendar files say (times, kind, name, place, link, notes) raises each open invitation's calendar sequence.
 */
export async function updateSession(
  context: AppContext,
  db: Db,
  userId: string,
  projectId: string,
  sessionId: string,
  patch: Partial<SessionValues>,
) {
  const row = await sessionOf(db, projectId, sessionId, true);
  const values = { ...valuesOf(row), ...patch };
  const changed = (keys: readonly (keyof SessionValues)[]) =>
    keys.some((key) => key in patch && JSON.stringify(patch[key]) !== JSON.stringify(valuesOf(row)[key]));
  const timing = changed(['day', 'start', 'end', 'timeZone', 'slotMinutes', 'breaks', 'perSlot']);
  // What the invitations' calendar files say: a change of it is a new version of each event (SEQUENCE rises).
  const calendar = timing || changed(['kind', 'name', 'place', 'videoLink', 'notes']);
  if (patch.roleIds) await checkRoles(db, projectId, patch.roleIds);
  if (timing) {
    const [held] = await db
      .select({ id: auditionInvitations.id })
      .from(auditionInvitations)
      .where(
        and(
          eq(auditionInvitations.sessionId, row.id),
          sql`${auditionInvitations.slotId} is not null`,
          inArray(auditionInvitations.status, [...LIVE_STATUSES]),
        ),
      )
      .limit(1);
    if (held) throw new AppError('CONFLICT', AUDITION_MESSAGES.scheduleFixed);
  }
  const [updated] = await db
    .update(auditionSessions)
    .set({ ...sessionColumns(values), updatedAt: new Date() })
    .where(eq(auditionSessions.id, row.id))
    .returning();
  if (timing) {
    await db
      .update(auditionInvitations)
      .set({ slotId: null, requestedSlotId: null })
      .where(eq(auditionInvitations.sessionId, row.id));
    await writeSlots(db, row.id, values);
  }
  if (calendar) {
    await db
      .update(auditionInvitations)
      .set({ calendarSequence: sql`${auditionInvitations.calendarSequence} + 1` })
      .where(
        and(
          eq(auditionInvitations.sessionId, row.id),
          inArray(auditionInvitations.status, [...LIVE_STATUSES]),
        ),
      );
    await tellSessionEdited(context, db, userId, updated!, await projectNameOf(db, projectId));
  }
  await tellSessionChanged(context, db, projectId, row.id);
  const slots = await slotsOf(db, row.id);
  return {
    session: presentSession(updated!, openCount(slots)),
    overlapping: await overlappingSessionsOf(db, projectId, updated!, row.id),
  };
}

/** The project's sessions by start, keyset-paged on (starts_at, id). */
export async function listSessions(
  db: Queryable,
  projectId: string,
  cursor: string | undefined,
  limit: number,
) {
  let after: { at: string; id: string } | null = null;
  if (cursor) {
    const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (at && id && isUuid(id) && !Number.isNaN(Date.parse(at))) after = { at, id };
  }
  const rows = await db
    .select()
    .from(auditionSessions)
    .where(
      and(
        eq(auditionSessions.projectId, projectId),
        after
          ? or(
              gt(auditionSessions.startsAt, new Date(after.at)),
              and(eq(auditionSessions.startsAt, new Date(after.at)), gt(auditionSessions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(auditionSessions.startsAt), asc(auditionSessions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items = [];
  for (const row of page) items.push(presentSession(row, openCount(await slotsOf(db, row.id))));
  const last = page.at(-1);
  return {
    items,
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(`${last.startsAt.toISOString()}|${last.id}`).toString('base64url')
        : null,
  };
}

export type { AuditionSessionInput };
