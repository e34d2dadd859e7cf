import type { OfficeDateFormat } from './contracts/offices';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** How an office writes dates: its date format and the time zone its days and hours are read in. */
export interface OfficeClock {
  dateFormat: OfficeDateFormat;
  timeZone: string;
}

/** UTC and ISO days, for a reader no office speaks for. */
export const UTC_CLOCK: OfficeClock = { dateFormat: 'YYYY-MM-DD', timeZone: 'UTC' };

function partsIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month').padStart(2, '0'),
    day: part('day').padStart(2, '0'),
    hour: part('hour').padStart(2, '0'),
    minute: part('minute').padStart(2, '0'),
  };
}

/** A calendar day written in one of the office's date formats (the day as the given time zone sees it). */
export function formatOfficeDate(date: Date, format: OfficeDateFormat, timeZone = 'UTC'): string {
  const { year, month, day } = partsIn(date, timeZone);
  switch (format) {
    case 'YYYY-MM-DD':
      return `${year}-${month}-${day}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'D MMM YYYY':
      return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year}`;
  }
}

/**
 * A moment as the office's clock reads it, for what the office sends where no browser knows the reader's zone (an
 * e-mail): the day in the office's format, the 24-hour time, and the zone named, e.g. "07/03/2031 18:30
 * (Europe/London)".
 */
export function formatOfficeMoment(date: Date, clock: OfficeClock): string {
  const { hour, minute } = partsIn(date, clock.timeZone);
  return `${formatOfficeDate(date, clock.dateFormat, clock.timeZone)} ${hour}:${minute} (${clock.timeZone})`;
}
