import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { AUDITION_KIND_LABELS, zoneOffsetMinutes, type AuditionKind } from '@casting/domain';
import type { auditionSessions } from '../../platform/db/schema';
import type { MailAttachment } from '../../platform/mail/ports';

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
  /** The private page; a notice mail has none (the secret is kept only as a digest), its file then omits it. */
  pageUrl: string | null;
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
  const page = event.pageUrl
    ? `Your invitation: ${event.pageUrl}`
    : 'Your invitation: the private link in the invitation e-mail.';
  const description = [event.sessionName, event.notes, event.videoLink, page].filter(Boolean).join('\n\n');
  calendar.createEvent({
    id: `audition-${event.invitationId}@${event.host}`,
    sequence: event.sequence,
    start: zoned(event.startsAt, event.timeZone),
    end: zoned(event.endsAt, event.timeZone),
    timezone: event.timeZone,
    summary: title,
    description,
    location: event.place ?? event.videoLink ?? null,
    url: event.pageUrl ?? null,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** What an invitation's event is built from: the session, the held slot (none: the session's hours), the state. */
export interface InvitationEventSource {
  invitation: { id: string; calendarSequence: number };
  session: typeof auditionSessions.$inferSelect;
  slot: { startsAt: Date; endsAt: Date } | null;
  projectName: string;
  cancelled: boolean;
  pageUrl: string | null;
  publicUrl: string;
}

/** The one way an invitation becomes a calendar event, for the page's download and the mails' attachments alike. */
export function invitationEvent(source: InvitationEventSource): CalendarEvent {
  const { invitation, session, slot } = source;
  return {
    invitationId: invitation.id,
    sequence: invitation.calendarSequence,
    cancelled: source.cancelled,
    kind: session.kind as AuditionKind,
    projectName: source.projectName,
    sessionName: session.name,
    timeZone: session.timeZone,
    startsAt: slot?.startsAt ?? session.startsAt,
    endsAt: slot?.endsAt ?? session.endsAt,
    place: session.place,
    videoLink: session.videoLink,
    notes: session.notes,
    pageUrl: source.pageUrl,
    host: new URL(source.publicUrl).host,
  };
}

/**
 * The event as a mail attachment: calendars apply a PUBLISH file to the event of the same UID when its SEQUENCE is
 * higher, and remove it on CANCEL, so each mail about a change keeps the recipient's calendar right.
 */
export function calendarAttachment(source: InvitationEventSource): MailAttachment {
  return {
    filename: 'audition.ics',
    contentType: `text/calendar; charset=utf-8; method=${source.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: invitationCalendar(invitationEvent(source)),
  };
}
