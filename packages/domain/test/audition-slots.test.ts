import { describe, expect, it } from 'vitest';
import {
  doublePlacements,
  formatAuditionDay,
  formatZonedMoment,
  isTimeZone,
  overlappingSessions,
  sessionSlots,
  zonedInstant,
  type SessionPlan,
} from '../src';

const iso = (date: Date) => date.toISOString();
const plan = (overrides: Partial<SessionPlan>): SessionPlan => ({
  date: '2026-06-10',
  start: '10:00',
  end: '11:00',
  timeZone: 'Europe/London',
  slotMinutes: 10,
  breaks: [],
  perSlot: 1,
  ...overrides,
});

describe('wall clock to UTC', () => {
  it.each([
    ['2026-06-10', '10:00', 'Europe/London', '2026-06-10T09:00:00.000Z'],
    ['2026-01-10', '10:00', 'Europe/London', '2026-01-10T10:00:00.000Z'],
    ['2026-03-08', '09:00', 'America/New_York', '2026-03-08T13:00:00.000Z'],
    ['2026-03-07', '09:00', 'America/New_York', '2026-03-07T14:00:00.000Z'],
    ['2026-06-10', '23:30', 'Asia/Kolkata', '2026-06-10T18:00:00.000Z'],
    ['2026-06-10', '00:15', 'Pacific/Auckland', '2026-06-09T12:15:00.000Z'],
    // Skipped by the clocks (02:00 -> 03:00 in New York): lands an hour later, 03:30 EDT.
    ['2026-03-08', '02:30', 'America/New_York', '2026-03-08T07:30:00.000Z'],
    // Passed twice (01:00-02:00 repeats in London in October): the first one, still BST.
    ['2026-10-25', '01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(expected);
  });

  it('knows zones by name', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('the slots of a session', () => {
  it('lays out slots of the slot length from the start to the end', () => {
    const slots = sessionSlots(plan({ perSlot: 2 }));
    expect(slots).toHaveLength(6);
    expect(iso(slots[0]!.startsAt)).toBe('2026-06-10T09:00:00.000Z');
    expect(iso(slots[5]!.endsAt)).toBe('2026-06-10T10:00:00.000Z');
    expect(slots.map((slot) => slot.position)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(slots.every((slot) => slot.capacity === 2)).toBe(true);
  });

  it('leaves a last stretch shorter than a slot open, and starts again when a break ends', () => {
    const slots = sessionSlots(
      plan({ start: '10:00', end: '12:05', slotMinutes: 20, breaks: [{ start: '10:50', end: '11:15' }] }),
    );
    expect(slots.map((slot) => iso(slot.startsAt).slice(11, 16))).toEqual([
      '09:00',
      '09:20',
      '10:15',
      '10:35',
    ]);
  });

  it.each([
    // Spring forward in London (01:00 GMT -> 02:00 BST): 00:00-04:00 by the wall clock lasts three hours.
    [
      'Europe/London',
      '2026-03-29',
      '00:00',
      '04:00',
      60,
      3,
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T03:00:00.000Z',
    ],
    // Fall back in London: 00:00-03:00 by the wall clock lasts four hours.
    [
      'Europe/London',
      '2026-10-25',
      '00:00',
      '03:00',
      60,
      4,
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ],
    // Spring forward in New York: 01:00-05:00 lasts three hours, 18 slots of ten minutes.
    [
      'America/New_York',
      '2026-03-08',
      '01:00',
      '05:00',
      10,
      18,
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T09:00:00.000Z',
    ],
    // A daytime session on the change day is already on the new offset.
    [
      'America/New_York',
      '2026-11-01',
      '09:00',
      '10:00',
      30,
      2,
      '2026-11-01T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
    ],
  ])(
    'on a day the clocks change in %s (%s %s-%s) keeps the elapsed time',
    (timeZone, date, start, end, slotMinutes, count, first, last) => {
      const slots = sessionSlots(plan({ timeZone, date, start, end, slotMinutes }));
      expect(slots).toHaveLength(count);
      expect(iso(slots[0]!.startsAt)).toBe(first);
      expect(iso(slots.at(-1)!.endsAt)).toBe(last);
      for (let i = 1; i < slots.length; i += 1) {
        expect(slots[i]!.startsAt.getTime() - slots[i - 1]!.startsAt.getTime()).toBe(slotMinutes * 60_000);
      }
    },
  );

  it('refuses a session that ends before it starts, and a slot without minutes', () => {
    expect(() => sessionSlots(plan({ start: '11:00', end: '10:00' }))).toThrow(RangeError);
    expect(() => sessionSlots(plan({ slotMinutes: 0 }))).toThrow(RangeError);
  });
});

describe('conflicts', () => {
  const at = (hhmm: string, minutes = 10) => {
    const startsAt = new Date(`2026-06-10T${hhmm}:00.000Z`);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  };

  it.each([
    [
      'overlapping slots of one person',
      [
        ['p1', 's1', '09:00'],
        ['p1', 's2', '09:05'],
      ],
      [['p1', 's1', 's2']],
    ],
    [
      'back-to-back slots',
      [
        ['p1', 's1', '09:00'],
        ['p1', 's2', '09:10'],
      ],
      [],
    ],
    [
      'two people in one slot',
      [
        ['p1', 's1', '09:00'],
        ['p2', 's1', '09:00'],
      ],
      [],
    ],
    [
      'the same slot twice',
      [
        ['p1', 's1', '09:00'],
        ['p1', 's1', '09:00'],
      ],
      [],
    ],
  ] as [string, [string, string, string][], [string, string, string][]][])('%s', (_, rows, expected) => {
    const placements = rows.map(([personKey, slotKey, time]) => ({ personKey, slotKey, ...at(time) }));
    expect(doublePlacements(placements)).toEqual(
      expected.map(([personKey, a, b]) => ({ personKey, slotKeys: [a, b] })),
    );
  });

  it('finds the sessions of a project that overlap, itself excluded', () => {
    const sessions = [
      { id: 'a', ...at('09:00', 60) },
      { id: 'b', ...at('10:00', 60) },
      { id: 'c', ...at('09:30', 60) },
    ];
    expect(overlappingSessions(sessions[0]!, sessions).map((s) => s.id)).toEqual(['c']);
    expect(overlappingSessions({ ...at('11:00', 30) }, sessions)).toEqual([]);
  });
});

describe('a moment in the viewer’s zone', () => {
  it('names the zone', () => {
    const instant = new Date('2026-03-29T08:00:00.000Z');
    expect(formatZonedMoment(instant, 'Europe/London')).toBe('Sun 29 Mar 2026, 09:00 (Europe/London)');
    expect(formatZonedMoment(instant, 'America/Los_Angeles')).toBe(
      'Sun 29 Mar 2026, 01:00 (America/Los_Angeles)',
    );
  });
});

describe('a day as the schedule names it', () => {
  it('reads the date alone, weekday first, whatever zone the runtime is in', () => {
    expect(formatAuditionDay('2031-11-03')).toBe('Mon 3 Nov 2031');
    expect(formatAuditionDay('2026-03-29')).toBe('Sun 29 Mar 2026');
    expect(formatAuditionDay('someday')).toBe('someday');
  });
});
