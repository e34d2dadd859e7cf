import {
  formatZonedTime,
  todayIn,
  type AuditionInvitation,
  type AuditionSchedule,
  type AuditionSession,
  type AuditionSlot,
} from '@casting/domain';

/** Invitations that hold (or may hold) their slot; declined and cancelled ones leave the grid. */
const HOLDING = new Set(['INVITED', 'CONFIRMED', 'CHANGE_REQUESTED']);
export const isHolding = (invitation: AuditionInvitation) => HOLDING.has(invitation.status);

export interface SlotRow {
  slot: AuditionSlot;
  people: AuditionInvitation[];
  open: number;
}

export interface ScheduleLayout {
  rows: SlotRow[];
  waitlist: AuditionInvitation[];
  unplaced: AuditionInvitation[];
  /** Declined and cancelled invitations, for the record. */
  closed: AuditionInvitation[];
  openSlots: number;
}

/** The schedule as the grid shows it: each slot in running order with its people, then the waitlist and the rest. */
export function layOut(schedule: AuditionSchedule): ScheduleLayout {
  const bySlot = new Map<string, AuditionInvitation[]>();
  const waitlist: AuditionInvitation[] = [];
  const unplaced: AuditionInvitation[] = [];
  const closed: AuditionInvitation[] = [];
  for (const invitation of schedule.invitations) {
    if (!isHolding(invitation)) closed.push(invitation);
    else if (invitation.slotId)
      bySlot.set(invitation.slotId, [...(bySlot.get(invitation.slotId) ?? []), invitation]);
    else if (invitation.waitlisted) waitlist.push(invitation);
    else unplaced.push(invitation);
  }
  const rows = [...schedule.slots]
    .sort((a, b) => a.position - b.position)
    .map((slot) => {
      const people = bySlot.get(slot.id) ?? [];
      return { slot, people, open: Math.max(0, slot.capacity - people.length) };
    });
  return { rows, waitlist, unplaced, closed, openSlots: rows.filter((row) => row.open > 0).length };
}

/**
 * Who the room sees next, from the running order: the first who has arrived and is not yet in the room or seen;
 * while nobody waits at the desk, the first still expected (not marked, or running late). No-shows are skipped.
 */
export function nextInRoom<T extends { invitation: AuditionInvitation }>(order: readonly T[]): T | null {
  const mark = (item: T) => item.invitation.result.attendance;
  return (
    order.find((item) => mark(item) === 'ARRIVED') ??
    order.find((item) => mark(item) === null || mark(item) === 'LATE') ??
    null
  );
}

export const fullName = (invitation: Pick<AuditionInvitation, 'firstName' | 'lastName'>) =>
  `${invitation.firstName} ${invitation.lastName}`.trim();

/** A slot's start and end on the viewer's clock ("10:10–10:20"). */
export const slotTime = (slot: Pick<AuditionSlot, 'startsAt' | 'endsAt'>, zone: string) =>
  `${formatZonedTime(new Date(slot.startsAt), zone)}–${formatZonedTime(new Date(slot.endsAt), zone)}`;

/** Where a chosen candidate may go: a slot, another placed candidate (a swap), the waitlist, or off the grid. */
export type MoveTarget =
  | { kind: 'slot'; slotId: string }
  | { kind: 'swap'; with: AuditionInvitation }
  | { kind: 'waitlist' }
  | { kind: 'off' };

export interface Move {
  invitationId: string;
  slotId: string | null;
  waitlisted?: boolean;
}

/** The moves of one change, as the schedule call takes them (a swap is two moves in one call). */
export function movesFor(who: AuditionInvitation, target: MoveTarget): Move[] {
  switch (target.kind) {
    case 'slot':
      return [{ invitationId: who.id, slotId: target.slotId }];
    case 'waitlist':
      return [{ invitationId: who.id, slotId: null, waitlisted: true }];
    case 'off':
      return [{ invitationId: who.id, slotId: null, waitlisted: false }];
    case 'swap':
      return [
        { invitationId: who.id, slotId: target.with.slotId, waitlisted: target.with.waitlisted },
        { invitationId: target.with.id, slotId: who.slotId, waitlisted: who.waitlisted },
      ];
  }
}

/**
 * Breaks as written in one field, "13:00-13:30, 15:00-15:15", read as the API takes them; null when a part is not
 * two HH:MM times (an empty field is no break).
 */
export function parseBreaks(text: string): { start: string; end: string }[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const breaks = [];
  for (const part of parts) {
    const match = /^([01]\d|2[0-3]):([0-5]\d)\s*[-–]\s*([01]\d|2[0-3]):([0-5]\d)$/.exec(part);
    if (!match) return null;
    breaks.push({ start: `${match[1]}:${match[2]}`, end: `${match[3]}:${match[4]}` });
  }
  return breaks;
}

/**
 * The day a session belongs to: the date its start falls on in the viewer's zone, the clock every time of these pages
 * is shown on (decision 0846).
 */
export const sessionDay = (session: Pick<AuditionSession, 'startsAt'>, zone: string) =>
  todayIn(zone, new Date(session.startsAt));

/** The distinct days that have sessions, earliest first. */
export function sessionDays(sessions: readonly Pick<AuditionSession, 'startsAt'>[], zone: string): string[] {
  return [...new Set(sessions.map((session) => sessionDay(session, zone)))].sort();
}
