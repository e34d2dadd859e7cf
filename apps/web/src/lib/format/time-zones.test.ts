import { describe, expect, it } from 'vitest';
import { timeZoneNames, timeZoneOffset } from './time-zones';

describe('time zones', () => {
  it('lists the browser’s zones with UTC, and keeps a stored zone it lacks', () => {
    const names = timeZoneNames('Mars/Olympus_Mons');
    expect(names).toContain('Europe/London');
    expect(names).toContain('UTC');
    expect(names).toContain('Mars/Olympus_Mons');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('words a zone’s offset', () => {
    expect(timeZoneOffset('Asia/Tokyo')).toBe('GMT+9');
    expect(timeZoneOffset('Not/AZone')).toBe('');
  });
});
