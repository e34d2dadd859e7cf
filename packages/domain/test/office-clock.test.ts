import { describe, expect, it } from 'vitest';
import { formatOfficeDate, formatOfficeMoment, UTC_CLOCK } from '../src/office-clock';

describe('formatOfficeDate', () => {
  const day = new Date('2031-03-07T12:00:00Z');

  it.each([
    ['YYYY-MM-DD', '2031-03-07'],
    ['DD/MM/YYYY', '07/03/2031'],
    ['MM/DD/YYYY', '03/07/2031'],
    ['D MMM YYYY', '7 Mar 2031'],
  ] as const)('writes %s as %s', (format, written) => {
    expect(formatOfficeDate(day, format)).toBe(written);
  });

  it('writes the day the office’s time zone sees', () => {
    expect(formatOfficeDate(new Date('2031-03-07T23:30:00Z'), 'YYYY-MM-DD', 'Asia/Tokyo')).toBe('2031-03-08');
  });
});

describe('formatOfficeMoment', () => {
  it('writes the office’s day and hour and names its zone', () => {
    const at = new Date('2031-07-07T23:30:00Z');
    expect(formatOfficeMoment(at, { dateFormat: 'DD/MM/YYYY', timeZone: 'Europe/London' })).toBe(
      '08/07/2031 00:30 (Europe/London)',
    );
    expect(formatOfficeMoment(at, { dateFormat: 'MM/DD/YYYY', timeZone: 'America/Los_Angeles' })).toBe(
      '07/07/2031 16:30 (America/Los_Angeles)',
    );
    expect(formatOfficeMoment(at, UTC_CLOCK)).toBe('2031-07-07 23:30 (UTC)');
  });
});
