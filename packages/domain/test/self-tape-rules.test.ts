import { describe, expect, it } from 'vitest';
import {
  deadlineWarnings,
  reminderTimes,
  requiredNoticeHours,
  type SelfTapePreset,
} from '../src/self-tape-rules';

describe('requiredNoticeHours', () => {
  const office = { minHours: 24, perPageHours: 2, minorMinHours: 96 };
  it.each<[SelfTapePreset, number, boolean, number]>([
    ['UK_EQUITY', 1, false, 96],
    ['UK_EQUITY', 6, false, 96],
    ['UK_EQUITY', 7, false, 120],
    ['UK_EQUITY', 9, false, 120],
    ['UK_EQUITY', 10, true, 144],
    ['SAG_AFTRA', 30, false, 48],
    ['SAG_AFTRA', 1, true, 72],
    ['OFFICE', 5, false, 34],
    ['OFFICE', 5, true, 96],
    ['OFFICE', 50, true, 124],
    ['NONE', 99, true, 0],
  ])('%s with %i pages (minor %s) needs %i hours', (preset, pages, minor, hours) => {
    expect(requiredNoticeHours(preset, { pages, minor }, office)).toBe(hours);
  });
});

describe('deadlineWarnings', () => {
  const sentAt = new Date('2026-03-01T12:00:00Z');
  const after = (hours: number) => new Date(sentAt.getTime() + hours * 3_600_000);
  it.each<[SelfTapePreset, number, number, number, string[]]>([
    ['UK_EQUITY', 6, 0, 96, []],
    ['UK_EQUITY', 6, 0, 95, ['TOO_FEW_HOURS']],
    ['UK_EQUITY', 12, 0, 100, ['TOO_FEW_HOURS']],
    ['SAG_AFTRA', 3, 0, 48, []],
    ['SAG_AFTRA', 3, 1, 48, ['MINOR_NEEDS_MORE']],
    ['SAG_AFTRA', 3, 1, 72, []],
    ['SAG_AFTRA', 3, 0, 47, ['TOO_FEW_HOURS']],
    ['NONE', 3, 2, 1, []],
    ['NONE', 3, 0, -1, ['DEADLINE_PASSED']],
  ])('%s, %i pages, %i minors, %i hours: %j', (preset, pages, minors, hours, kinds) => {
    const warnings = deadlineWarnings({ preset, pages, minors, sentAt, deadline: after(hours) });
    expect(warnings.map((w) => w.kind)).toEqual(kinds);
  });

  it('reports the hours required and given', () => {
    expect(
      deadlineWarnings({ preset: 'SAG_AFTRA', pages: 1, minors: 0, sentAt, deadline: after(10) }),
    ).toEqual([{ kind: 'TOO_FEW_HOURS', requiredHours: 48, givenHours: 10 }]);
  });
});

describe('reminderTimes', () => {
  it('answers the times still ahead, earliest first, without duplicates', () => {
    const deadline = new Date('2026-03-05T12:00:00Z');
    expect(reminderTimes(deadline, [2, 24, 2, 200], new Date('2026-03-01T12:00:00Z'))).toEqual([
      new Date('2026-03-04T12:00:00Z'),
      new Date('2026-03-05T10:00:00Z'),
    ]);
  });
});
