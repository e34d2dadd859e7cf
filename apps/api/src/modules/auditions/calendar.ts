import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { AUDITION_KIND_LABELS, zoneOffsetMinutes, type AuditionKind } from '@casting/domain';

/** What one invitation's calendar event says. */
export interface CalendarEvent {
  invitationId: string;
  sequence: number;
  cancelled: boolean;
  kind: AuditionKind;
  projectName: string;
  sessionName: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  place: string | null;
  videoLink: string | null;
  notes: string | null;
  pageUrl: string;
  host: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/**
 * A VTIMEZONE for the zone as it stands at the event: one observance with the offset in force then. It is right for
 * the event it travels with (a slot never spans a change of the clocks by more than its minutes) and keeps the file
 * free of a time-zone database; calendars that know the IANA name use their own rules anyway.
 */
function timeZoneBlock(timeZone: string, at: Date): string {
  const offset = offsetText(zoneOffsetMinutes(at, timeZone));
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}

/**
 * An instant as a zoned date-time in the shape of the Temporal API that ical-generator reads: it writes a zoned
 * DTSTART from the value's own wall-clock fields, where a plain Date would give the server's zone's.
 */
function zoned(instant: Date, timeZone: string) {
  const wall = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  const fields = {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
  const text = () => wall.toISOString().slice(0, 19);
  const date = { year: fields.year, month: fields.month, day: fields.day, toJSON: text, toString: text };
  const plain = {
    ...fields,
    toJSON: text,
    toString: text,
    toPlainDate: () => date,
    toZonedDateTime: () => value,
  };
  const value = {
    ...fields,
    timeZoneId: timeZone,
    toJSON: text,
    toString: text,
    toPlainDateTime: () => plain,
    withTimeZone: () => value,
    toInstant: () => ({
      epochMilliseconds: instant.getTime(),
      toJSON: () => instant.toISOString(),
      toString: () => instant.toISOString(),
      toZonedDateTimeISO: () => value,
    }),
  };
  return value;
}

/**
 * The invitation's iCalendar file (RFC 5545): one event whose UID is the invitation's, so every later file (a moved
 * slot, a cancellation) updates the same event; SEQUENCE is the invitation's calendar sequence, which rises on each
 * change; a cancelled invitation is sent as METHOD:CANCEL with STATUS:CANCELLED. Times carry the session's zone.
 */
export function invitationCalendar(event: CalendarEvent): string {
  const calendar = ical({
    prodId: { company: 'casting', product: 'auditions', language: 'EN' },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    timezone: { name: event.timeZone, generator: (zone) => timeZoneBlock(zone, event.startsAt) },
  });
  const title = `${AUDITION_KIND_LABELS[event.kind]}: ${event.projectName}`;
  const description = [event.sessionName, event.notes, event.videoLink, `Your invitation: ${event.pageUrl}`]
    .filter(Boolean)
    .join('\n\n');
  calendar.createEvent({
    id: `audition-${event.invitationId}@${event.host}`,
    sequence: event.sequence,
    start: zoned(event.startsAt, event.timeZone),
    end: zoned(event.endsAt, event.timeZone),
    timezone: event.timeZone,
    summary: title,
    description,
    location: event.place ?? event.videoLink ?? null,
    url: event.pageUrl,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
