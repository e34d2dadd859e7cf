import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  can,
  ROSTER_BLOCKING_STATUSES,
  ROSTER_MESSAGES,
  type RosterChange,
  type RosterConflict,
  type RosterEntry,
  type RosterEntryList,
  type RosterStatus,
} from '@casting/domain';
import type { Db } from '../../platform/db/client';
import type { Queryable } from '../../platform/db/ids';
import { isUuid } from '../../platform/db/ids';
import { afterPosition, decodeCursor, encodeCursor, keyText } from '../../platform/db/keyset';
import {
  applicants,
  projects,
  roles,
  rosterEntries,
  rosterEvents,
  submissions,
  users,
} from '../../platform/db/schema';
import type { Principal } from '../../platform/http/access';
import { projectStanding } from '../../platform/http/project-access';
import type { Events } from '../../platform/events';
import type { Jobs } from '../../platform/jobs';
import { AppError, fieldErrors } from '../../platform/errors';
import { ROSTER_NOTICE_QUEUE, type RosterNoticeJob } from './notices';

const entryNotFound = () => new AppError('NOT_FOUND', ROSTER_MESSAGES.entryNotFound);

const fullName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const entryColumns = {
  id: rosterEntries.id,
  submissionId: rosterEntries.submissionId,
  applicantId: rosterEntries.applicantId,
  personId: applicants.personId,
  roleId: rosterEntries.roleId,
  roleName: roles.name,
  firstName: applicants.firstName,
  lastName: applicants.lastName,
  email: applicants.email,
  status: rosterEntries.status,
  startDate: rosterEntries.startDate,
  endDate: rosterEntries.endDate,
  rate: rosterEntries.rate,
  bookedAs: rosterEntries.bookedAs,
  note: rosterEntries.note,
  updatedByName: fullName,
  updatedAt: rosterEntries.updatedAt,
  createdKey: keyText(rosterEntries.createdAt),
};

/**
 * Other projects' holds and bookings of the same person (through any of their applicants) on dates overlapping
 * `[startDate, endDate]`. A project the viewer is not on shows as "Another project", without its id: the clash is
 * the office's business, the other production's name is its team's.
 */
export async function conflictsFor(
  db: Queryable,
  principal: Principal,
  projectId: string,
  targets: readonly { key: string; personId: string; startDate: string | null; endDate: string | null }[],
): Promise<Map<string, RosterConflict[]>> {
  const answer = new Map<string, RosterConflict[]>();
  const dated = targets.filter((target) => target.startDate && target.endDate);
  if (dated.length === 0) return answer;
  const personIds = [...new Set(dated.map((target) => target.personId))];
  const rows = await db
    .select({
      personId: applicants.personId,
      projectId: rosterEntries.projectId,
      projectName: projects.name,
      status: rosterEntries.status,
      startDate: rosterEntries.startDate,
      endDate: rosterEntries.endDate,
    })
    .from(applicants)
    .innerJoin(rosterEntries, eq(rosterEntries.applicantId, applicants.id))
    .innerJoin(projects, eq(projects.id, rosterEntries.projectId))
    .where(
      and(
        inArray(applicants.personId, personIds),
        sql`${rosterEntries.projectId} <> ${projectId}`,
        inArray(rosterEntries.status, [...ROSTER_BLOCKING_STATUSES]),
        sql`${rosterEntries.startDate} is not null and ${rosterEntries.endDate} is not null`,
      ),
    )
    .orderBy(asc(rosterEntries.startDate));
  const visible = new Map<string, boolean>();
  for (const projectIdSeen of new Set(rows.map((row) => row.projectId))) {
    const { actor } = await projectStanding(db, principal, projectIdSeen);
    visible.set(projectIdSeen, can(actor, 'VIEW_PROJECT_ROSTER'));
  }
  for (const target of dated) {
    answer.set(
      target.key,
      rows
        .filter(
          (row) =>
            row.personId === target.personId &&
            row.startDate! <= target.endDate! &&
            row.endDate! >= target.startDate!,
        )
        .map((row) => ({
          projectId: visible.get(row.projectId) ? row.projectId : null,
          projectName: visible.get(row.projectId) ? row.projectName : ROSTER_MESSAGES.anotherProject,
          status: row.status as RosterStatus,
          startDate: row.startDate,
          endDate: row.endDate,
        })),
    );
  }
  return answer;
}

async function historyOf(db: Queryable, entryIds: readonly string[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      entryId: rosterEvents.entryId,
      id: rosterEvents.id,
      status: rosterEvents.status,
      startDate: rosterEvents.startDate,
      endDate: rosterEvents.endDate,
      rate: rosterEvents.rate,
      bookedAs: rosterEvents.bookedAs,
      note: rosterEvents.note,
      actorName: fullName,
      notify: rosterEvents.notify,
      notifiedAt: rosterEvents.notifiedAt,
      at: rosterEvents.createdAt,
    })
    .from(rosterEvents)
    .leftJoin(users, eq(users.id, rosterEvents.actorId))
    .where(inArray(rosterEvents.entryId, [...entryIds]))
    .orderBy(desc(rosterEvents.createdAt), desc(rosterEvents.id));
}

type EntryRow = Awaited<ReturnType<typeof entryRows>>[number];
function entryRows(db: Queryable) {
  return db
    .select(entryColumns)
    .from(rosterEntries)
    .innerJoin(applicants, eq(applicants.id, rosterEntries.applicantId))
    .innerJoin(roles, eq(roles.id, rosterEntries.roleId))
    .leftJoin(users, eq(users.id, rosterEntries.updatedById));
}

async function present(
  db: Queryable,
  principal: Principal,
  projectId: string,
  rows: readonly EntryRow[],
): Promise<RosterEntry[]> {
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  const conflicts = await conflictsFor(
    db,
    principal,
    projectId,
    rows
      .filter((row) => row.status !== 'RELEASED')
      .map((row) => ({
        key: row.id,
        personId: row.personId!,
        startDate: row.startDate,
        endDate: row.endDate,
      })),
  );
  return rows.map(({ createdKey: _key, ...row }) => ({
    ...row,
    personId: row.personId!,
    status: row.status as RosterStatus,
    updatedAt: row.updatedAt.toISOString(),
    conflicts: conflicts.get(row.id) ?? [],
    history: history
      .filter((event) => event.entryId === row.id)
      .map(({ entryId: _entry, ...event }) => ({
        ...event,
        status: event.status as RosterStatus,
        notifiedAt: event.notifiedAt?.toISOString() ?? null,
        at: event.at.toISOString(),
      })),
  }));
}

/** The project roster, newest entry first, keyset-paged on (created_at, id) by `roster_entries_project_newest_idx`. */
export function rosterEntryListQuery(
  db: Queryable,
  projectId: string,
  query: {
    status?: RosterStatus | undefined;
    applicantId?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
) {
  const where = [eq(rosterEntries.projectId, projectId)];
  if (query.status) where.push(eq(rosterEntries.status, query.status));
  if (query.applicantId) where.push(eq(rosterEntries.applicantId, query.applicantId));
  if (query.cursor)
    where.push(afterPosition(rosterEntries.createdAt, rosterEntries.id, decodeCursor(query.cursor)));
  return entryRows(db)
    .where(and(...where))
    .orderBy(desc(rosterEntries.createdAt), desc(rosterEntries.id))
    .limit(query.limit + 1);
}

export async function listRosterEntries(
  db: Db,
  principal: Principal,
  projectId: string,
  query: Parameters<typeof rosterEntryListQuery>[2],
): Promise<RosterEntryList> {
  const rows = await rosterEntryListQuery(db, projectId, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await present(db, principal, projectId, page),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ key: last.createdKey, id: last.id }) : null,
  };
}

async function entryById(db: Queryable, principal: Principal, projectId: string, entryId: string) {
  if (!isUuid(entryId)) throw entryNotFound();
  const rows = await entryRows(db).where(
    and(eq(rosterEntries.id, entryId), eq(rosterEntries.projectId, projectId)),
  );
  if (!rows[0]) throw entryNotFound();
  return (await present(db, principal, projectId, rows))[0]!;
}

/** The submission named by a request, refused unless it belongs to the project (one query, id and project). */
async function submissionInProject(db: Queryable, projectId: string, submissionId: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      applicantId: submissions.applicantId,
      roleId: submissions.roleId,
      personId: applicants.personId,
    })
    .from(submissions)
    .innerJoin(applicants, eq(applicants.id, submissions.applicantId))
    .where(and(eq(submissions.id, submissionId), eq(submissions.projectId, projectId)));
  if (!row)
    throw fieldErrors([{ path: 'body.submissionId', message: ROSTER_MESSAGES.submissionNotInProject }]);
  return row;
}

/** What a hold or booking on these dates would clash with, before the director confirms it. */
export async function previewConflicts(
  db: Db,
  principal: Principal,
  projectId: string,
  query: { submissionId: string; startDate: string; endDate: string },
) {
  const submission = await submissionInProject(db, projectId, query.submissionId).catch(() => {
    throw fieldErrors([{ path: 'query.submissionId', message: ROSTER_MESSAGES.submissionNotInProject }]);
  });
  const conflicts = await conflictsFor(db, principal, projectId, [
    { key: 'x', personId: submission.personId!, startDate: query.startDate, endDate: query.endDate },
  ]);
  return { items: conflicts.get('x') ?? [] };
}

async function recordEvent(
  tx: Queryable,
  ports: RosterPorts,
  entry: {
    id: string;
    projectId: string;
    status: string;
    startDate: string | null;
    endDate: string | null;
    rate: string | null;
    bookedAs: string | null;
    note: string | null;
  },
  actorId: string,
  notify: boolean,
) {
  const [event] = await tx
    .insert(rosterEvents)
    .values({
      entryId: entry.id,
      projectId: entry.projectId,
      status: entry.status,
      startDate: entry.startDate,
      endDate: entry.endDate,
      rate: entry.rate,
      bookedAs: entry.bookedAs,
      note: entry.note,
      actorId,
      notify,
    })
    .returning({ id: rosterEvents.id });
  // The notice leaves only if the change commits: the job row is written by the same transaction.
  if (notify) {
    await ports.jobs.send<RosterNoticeJob>(ROSTER_NOTICE_QUEUE, { eventId: event!.id }, { tx: tx as Db });
  }
  // Open roster pages and candidate previews refresh once the change commits.
  await ports.events?.publish(entry.projectId, 'PROJECT_ROSTER_UPDATED', { status: entry.status }, { tx });
}

/** What a roster change reaches beyond the database: the notice queue and the live project channel. */
export interface RosterPorts {
  jobs: Jobs;
  events?: Events | undefined;
}

/**
 * Check, hold or book a candidate on one opportunity: the entry of the submission is created or changed, the change
 * appended to its history with who and when, and, when asked, a notice queued for the talent and their agent.
 * Conflicts never block (offices hold a person on first and second holds knowingly); they come back with the entry.
 */
export async function changeRoster(
  db: Db,
  ports: RosterPorts,
  principal: Principal,
  projectId: string,
  change: RosterChange,
): Promise<RosterEntry> {
  const entryId = await db.transaction(async (tx) => {
    const submission = await submissionInProject(tx, projectId, change.submissionId);
    const values = {
      status: change.status,
      startDate: change.startDate,
      endDate: change.endDate,
      rate: change.rate ?? null,
      bookedAs: change.bookedAs ?? null,
      note: change.note ?? null,
      updatedById: principal.userId,
    };
    const [entry] = await tx
      .insert(rosterEntries)
      .values({
        projectId,
        submissionId: submission.id,
        applicantId: submission.applicantId,
        roleId: submission.roleId,
        ...values,
      })
      .onConflictDoUpdate({ target: rosterEntries.submissionId, set: { ...values, updatedAt: new Date() } })
      .returning();
    await recordEvent(tx, ports, entry!, principal.userId, change.notify);
    return entry!.id;
  });
  return entryById(db, principal, projectId, entryId);
}

/** Release a candidate: the entry keeps its dates for the record, its status becomes RELEASED. */
export async function releaseRoster(
  db: Db,
  ports: RosterPorts,
  principal: Principal,
  projectId: string,
  entryId: string,
  release: { note?: string | null | undefined; notify: boolean },
): Promise<RosterEntry> {
  if (!isUuid(entryId)) throw entryNotFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: rosterEntries.status })
      .from(rosterEntries)
      .where(and(eq(rosterEntries.id, entryId), eq(rosterEntries.projectId, projectId)))
      .for('update');
    if (!current) throw entryNotFound();
    if (current.status === 'RELEASED') throw new AppError('CONFLICT', ROSTER_MESSAGES.alreadyReleased);
    const [entry] = await tx
      .update(rosterEntries)
      .set({
        status: 'RELEASED',
        note: release.note ?? null,
        updatedById: principal.userId,
        updatedAt: new Date(),
      })
      .where(eq(rosterEntries.id, entryId))
      .returning();
    await recordEvent(tx, ports, entry!, principal.userId, release.notify);
  });
  return entryById(db, principal, projectId, entryId);
}
