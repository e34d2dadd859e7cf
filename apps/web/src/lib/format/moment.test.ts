import { describe, expect, it } from 'vitest';
import { formatMoment } from './moment';

describe('formatMoment', () => {
  it('names the time zone the hour is read in', () => {
    const shown = formatMoment('2026-11-28T07:05:00.000Z');
    const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(new Date('2026-11-28T07:05:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(zone).toBeTruthy();
    expect(shown).toContain(zone);
    expect(shown).toContain('2026');
  });

  it('reads a Date and its ISO text alike', () => {
    const at = new Date('2026-03-01T23:30:00.000Z');
    expect(formatMoment(at)).toBe(formatMoment(at.toISOString()));
  });
});
