/**
 * How much notice a self-tape request must give, by the preset the office chose: the unions' published guidance or
 * the office's own rule. Pure functions, so the request dialog warns with the same numbers the API checks.
 */

export const SELF_TAPE_PRESETS = ['UK_EQUITY', 'SAG_AFTRA', 'OFFICE', 'NONE'] as const;
export type SelfTapePreset = (typeof SELF_TAPE_PRESETS)[number];

/** The office's own notice rule: a floor, hours added per page of sides, and a floor for minors. */
export interface OfficeDeadlineRule {
  minHours: number;
  perPageHours: number;
  minorMinHours: number;
}

/** The rule an office starts with before it sets its own: two days, nothing per page, three days for minors. */
export const DEFAULT_OFFICE_DEADLINE_RULE: OfficeDeadlineRule = {
  minHours: 48,
  perPageHours: 0,
  minorMinHours: 72,
};

/** UK Equity asks for at least four days for up to six pages of sides. */
export const UK_EQUITY_BASE_HOURS = 96;
export const UK_EQUITY_BASE_PAGES = 6;
/** Above six pages the guidance names no figure; we add a day for every further three pages or part of them. */
export const UK_EQUITY_EXTRA_PAGES_PER_DAY = 3;
/** SAG-AFTRA asks for at least 48 hours, 72 when the performer is a minor. */
export const SAG_AFTRA_HOURS = 48;
export const SAG_AFTRA_MINOR_HOURS = 72;

/** What a deadline is judged on: the pages of the sides and whether a minor is among the recipients. */
export interface NoticeCase {
  pages: number;
  minor: boolean;
}

/** The hours of notice the preset requires for these pages and recipients (0 when the preset is NONE). */
export function requiredNoticeHours(
  preset: SelfTapePreset,
  input: NoticeCase,
  officeRule: OfficeDeadlineRule = DEFAULT_OFFICE_DEADLINE_RULE,
): number {
  const pages = Math.max(0, Math.ceil(input.pages));
  switch (preset) {
    case 'UK_EQUITY': {
      const extraPages = Math.max(0, pages - UK_EQUITY_BASE_PAGES);
      return UK_EQUITY_BASE_HOURS + Math.ceil(extraPages / UK_EQUITY_EXTRA_PAGES_PER_DAY) * 24;
    }
    case 'SAG_AFTRA':
      return input.minor ? SAG_AFTRA_MINOR_HOURS : SAG_AFTRA_HOURS;
    case 'OFFICE': {
      const byPages = officeRule.minHours + officeRule.perPageHours * pages;
      return input.minor ? Math.max(byPages, officeRule.minorMinHours) : byPages;
    }
    case 'NONE':
      return 0;
  }
}

export type DeadlineWarningKind = 'DEADLINE_PASSED' | 'TOO_FEW_HOURS' | 'MINOR_NEEDS_MORE';

export interface DeadlineWarning {
  kind: DeadlineWarningKind;
  /** Hours the preset requires for this case. */
  requiredHours: number;
  /** Whole hours between sending and the deadline (negative once passed). */
  givenHours: number;
}

/**
 * The warnings a deadline breaks when the request is sent at `sentAt`: passed already, too few hours for the page
 * count, or enough for adults but too few once a minor is among the recipients. Empty when it keeps the preset.
 */
export function deadlineWarnings(input: {
  preset: SelfTapePreset;
  pages: number;
  minors: number;
  sentAt: Date;
  deadline: Date;
  officeRule?: OfficeDeadlineRule;
}): DeadlineWarning[] {
  const givenHours = Math.floor((input.deadline.getTime() - input.sentAt.getTime()) / 3_600_000);
  if (givenHours < 0 || input.deadline.getTime() <= input.sentAt.getTime()) {
    return [{ kind: 'DEADLINE_PASSED', requiredHours: 0, givenHours }];
  }
  const adult = requiredNoticeHours(input.preset, { pages: input.pages, minor: false }, input.officeRule);
  const minor = requiredNoticeHours(input.preset, { pages: input.pages, minor: true }, input.officeRule);
  const warnings: DeadlineWarning[] = [];
  if (givenHours < adult) warnings.push({ kind: 'TOO_FEW_HOURS', requiredHours: adult, givenHours });
  else if (input.minors > 0 && givenHours < minor) {
    warnings.push({ kind: 'MINOR_NEEDS_MORE', requiredHours: minor, givenHours });
  }
  return warnings;
}

/** Reminders go out this many hours before a deadline unless the request says otherwise. */
export const DEFAULT_REMINDER_HOURS: readonly number[] = [24, 2];

/** When each reminder is due: `hours` before the deadline; those already past at `now` are left out. */
export function reminderTimes(deadline: Date, hours: readonly number[], now: Date): Date[] {
  return [...new Set(hours)]
    .map((h) => new Date(deadline.getTime() - h * 3_600_000))
    .filter((at) => at.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
}
