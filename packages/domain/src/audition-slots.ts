/**
 * The arithmetic of audition sessions, with no I/O: a session is written as the office writes it (a calendar day,
 * wall-clock start and end, breaks, in an IANA time zone) and stored as instants in UTC. Slots follow one another in
 * elapsed time from the session's start, so on a day the clocks change a session keeps the length its wall clock says
 * (a 00:00-04:00 session on a spring-forward night lasts three hours and holds three hours of slots).
 */

const MINUTE_MS = 60_000;

/** A wall-clock range of the session's day, such as a lunch break. */
export interface WallClockRange {
  start: string;
  end: string;
}

/** What the office writes of a session, enough to lay out its slots. */
export interface SessionPlan {
  /** The calendar day, `YYYY-MM-DD`, in the session's time zone. */
  date: string;
  /** `HH:MM`, 24-hour, in the session's time zone. */
  start: string;
  end: string;
  timeZone: string;
  slotMinutes: number;
  breaks: readonly WallClockRange[];
  /** Candidates seen together in one slot (1, or a group). */
  perSlot: number;
}

/** An instant range, half open: `[startsAt, endsAt)`. */
export interface TimeRange {
  startsAt: Date;
  endsAt: Date;
}

export interface PlannedSlot extends TimeRange {
  /** The slot's place in the running order, from 0. */
  position: number;
  capacity: number;
}

/** Whether the runtime knows an IANA zone by this name. */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes east of UTC that `timeZone` reads at `instant`. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((item) => item.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant a wall-clock time of a day reads in a zone. A time the clocks skip (02:30 on a spring-forward night)
 * is read with the offset before the change, so it lands as far after the jump as it was meant after the hour
 * (03:30); a time the clocks pass twice (01:30 on a fall-back night) is the first of the two.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const day = DATE_PATTERN.exec(date);
  const clock = TIME_PATTERN.exec(time);
  if (!day || !clock) throw new RangeError(`Not a day and a time: ${date} ${time}`);
  const wall = Date.UTC(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  // The offsets a few hours either side of the wall time bracket every change a zone makes in one day.
  const before = zoneOffsetMinutes(new Date(wall - 12 * 60 * MINUTE_MS), timeZone);
  const after = zoneOffsetMinutes(new Date(wall + 12 * 60 * MINUTE_MS), timeZone);
  const candidates = [before, after].map((offset) => wall - offset * MINUTE_MS);
  const exact = candidates.filter(
    (instant) => zoneOffsetMinutes(new Date(instant), timeZone) * MINUTE_MS === wall - instant,
  );
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Skipped by the clocks: read with the offset in force before the jump.
  return new Date(wall - before * MINUTE_MS);
}

/** Whether two half-open ranges share an instant (back-to-back ranges do not). */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** The session's own range in UTC. Its end must come after its start (the same day, the session's wall clock). */
export function sessionRange(plan: Pick<SessionPlan, 'date' | 'start' | 'end' | 'timeZone'>): TimeRange {
  const startsAt = zonedInstant(plan.date, plan.start, plan.timeZone);
  const endsAt = zonedInstant(plan.date, plan.end, plan.timeZone);
  if (endsAt.getTime() <= startsAt.getTime()) throw new RangeError('A session ends after it starts.');
  return { startsAt, endsAt };
}

/**
 * The session's slots in UTC: from its start, one slot length after another, never across a break (the next slot
 * starts when the break ends) nor past the session's end; a last stretch shorter than a slot is left open.
 */
export function sessionSlots(plan: SessionPlan): PlannedSlot[] {
  if (!Number.isInteger(plan.slotMinutes) || plan.slotMinutes < 1)
    throw new RangeError('A slot lasts minutes.');
  const session = sessionRange(plan);
  const breaks = plan.breaks
    .map((range) => sessionRange({ ...plan, start: range.start, end: range.end }))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const length = plan.slotMinutes * MINUTE_MS;
  const slots: PlannedSlot[] = [];
  let cursor = session.startsAt.getTime();
  while (cursor + length <= session.endsAt.getTime()) {
    const candidate = { startsAt: new Date(cursor), endsAt: new Date(cursor + length) };
    const blocking = breaks.find((range) => rangesOverlap(candidate, range));
    if (blocking) {
      cursor = Math.max(cursor + MINUTE_MS, blocking.endsAt.getTime());
      continue;
    }
    slots.push({ ...candidate, position: slots.length, capacity: plan.perSlot });
    cursor += length;
  }
  return slots;
}

/** One candidate's place in one slot, as the conflict checks read it. */
export interface SlotPlacement extends TimeRange {
  /** Who: the person (across the office's projects), or the candidate within one project. */
  personKey: string;
  slotKey: string;
}

/** A person placed in two slots that overlap: the pair of slots. */
export interface DoublePlacement {
  personKey: string;
  slotKeys: [string, string];
}

/** Every person placed in two overlapping slots (a slot and itself do not count). */
export function doublePlacements(placements: readonly SlotPlacement[]): DoublePlacement[] {
  const found: DoublePlacement[] = [];
  const byPerson = new Map<string, SlotPlacement[]>();
  for (const placement of placements) {
    byPerson.set(placement.personKey, [...(byPerson.get(placement.personKey) ?? []), placement]);
  }
  for (const [personKey, list] of byPerson) {
    const sorted = [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (let i = 0; i < sorted.length; i += 1) {
      for (let j = i + 1; j < sorted.length; j += 1) {
        const [a, b] = [sorted[i]!, sorted[j]!];
        if (b.startsAt.getTime() >= a.endsAt.getTime()) break;
        if (a.slotKey !== b.slotKey) found.push({ personKey, slotKeys: [a.slotKey, b.slotKey] });
      }
    }
  }
  return found;
}

/** The sessions of a list that overlap `session` in time (itself excluded, by id). */
export function overlappingSessions<T extends TimeRange & { id: string }>(
  session: TimeRange & { id?: string | null },
  others: readonly T[],
): T[] {
  return others.filter((other) => other.id !== session.id && rangesOverlap(session, other));
}

/**
 * A moment as the viewer's clock reads it, the zone named, e.g. "Sun 29 Mar 2026, 09:00 (Europe/London)": what the
 * recipient's page and the schedule show, so nobody guesses which zone a time is in.
 */
export function formatZonedMoment(instant: Date, timeZone: string): string {
  // Names of our own: the runtime's locale data differs between Node versions ("Sep" or "Sept").
  const wall = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${WEEKDAYS[wall.getUTCDay()]} ${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}, ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())} (${timeZone})`
  );
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The wall-clock time only, `HH:MM`, as `timeZone` reads `instant`. */
export function formatZonedTime(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/** A calendar date (YYYY-MM-DD) as the schedule names days, e.g. "Tue 1 Dec 2026"; anything else as written. */
export function formatAuditionDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const noon = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
  if (Number.isNaN(noon.getTime())) return date;
  return `${WEEKDAYS[noon.getUTCDay()]} ${noon.getUTCDate()} ${MONTHS[noon.getUTCMonth()]} ${noon.getUTCFullYear()}`;
}
