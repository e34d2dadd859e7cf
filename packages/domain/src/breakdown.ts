import type { OpportunityBreakdown, Role } from './contracts/opportunities';
import { PUBLIC_TEXTS } from './public-texts';

/**
 * The breakdown talent decide on, as the public pages show it (the apply page, a published project's page) and as
 * staff see it on an opportunity's card: labelled facts, left out when empty. A module apart from UI_TEXTS, like
 * PUBLIC_TEXTS, so that the apply page's first download carries only these labels.
 */
export const BREAKDOWN_TEXTS = {
  ageRange: 'Age range',
  auditions: 'Auditions',
  background: 'Background',
  location: 'Location',
  productionCompany: 'Production company',
  rate: 'Rate',
  requirements: 'Requirements',
  roleType: 'Role type',
  shoot: 'Shoot',
  shootDates: 'Shoot dates',
  submissionDeadline: 'Submission deadline',
  union: 'Union',
};

/** The project's own facts on its public pages. Dates are calendar days (YYYY-MM-DD), not moments. */
export interface ProjectFacts {
  productionCompany: string | null;
  location: string | null;
  submissionDeadline: string | null;
  auditionDate: string | null;
  shootStartDate: string | null;
  shootEndDate: string | null;
}

export type Fact = readonly [label: string, value: string];

/**
 * A calendar day (YYYY-MM-DD) in the reader's language, e.g. "12 December 2026". The day is read as written,
 * never moved by a time zone: a deadline day is the same day everywhere it is read.
 */
export function formatCalendarDay(day: string, locale?: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

function ageRange(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${min}–${max}`;
  if (min !== null) return `${min}+`;
  if (max !== null) return `up to ${max}`;
  return null;
}

function dayRange(start: string | null, end: string | null, locale?: string): string | null {
  const days = [start, end]
    .filter((day): day is string => Boolean(day))
    .map((day) => formatCalendarDay(day, locale));
  return days.length > 0 ? days.join(' to ') : null;
}

const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : null);

const present = (facts: readonly (readonly [string, string | null])[]): Fact[] =>
  facts.filter((fact): fact is Fact => fact[1] !== null && fact[1].trim() !== '');

/** The breakdown's facts in the order a breakdown is read: who is wanted, then the terms, then what it asks. */
export function breakdownFacts(breakdown: OpportunityBreakdown, locale?: string): Fact[] {
  return present([
    [BREAKDOWN_TEXTS.roleType, breakdown.roleType],
    [PUBLIC_TEXTS.gender, list(breakdown.genders)],
    [BREAKDOWN_TEXTS.ageRange, ageRange(breakdown.ageMin, breakdown.ageMax)],
    [PUBLIC_TEXTS.ethnicAppearance, list(breakdown.ethnicAppearances)],
    [BREAKDOWN_TEXTS.union, breakdown.union],
    [BREAKDOWN_TEXTS.rate, breakdown.rate],
    [BREAKDOWN_TEXTS.shootDates, dayRange(breakdown.shootStartDate, breakdown.shootEndDate, locale)],
    [BREAKDOWN_TEXTS.background, list(breakdown.backgrounds)],
    [BREAKDOWN_TEXTS.requirements, breakdown.requirements],
  ]);
}

/** The project's facts: who makes it, where, and the days that matter to an applicant. */
export function projectFacts(project: ProjectFacts, locale?: string): Fact[] {
  return present([
    [BREAKDOWN_TEXTS.productionCompany, project.productionCompany],
    [BREAKDOWN_TEXTS.location, project.location],
    [
      BREAKDOWN_TEXTS.submissionDeadline,
      project.submissionDeadline ? formatCalendarDay(project.submissionDeadline, locale) : null,
    ],
    [
      BREAKDOWN_TEXTS.auditions,
      project.auditionDate ? formatCalendarDay(project.auditionDate, locale) : null,
    ],
    [BREAKDOWN_TEXTS.shoot, dayRange(project.shootStartDate, project.shootEndDate, locale)],
  ]);
}

/** An opportunity as staff read it, reduced to its public breakdown (choice labels, no ids). */
export function roleBreakdown(role: Role): OpportunityBreakdown {
  const labels = (options: readonly { label: string }[]) => options.map((option) => option.label);
  return {
    roleType: role.roleType?.label ?? null,
    genders: labels(role.genders),
    ageMin: role.ageMin,
    ageMax: role.ageMax,
    ethnicAppearances: labels(role.ethnicAppearances),
    union: role.unionStatus?.label ?? null,
    rate: role.rate,
    shootStartDate: role.shootStartDate,
    shootEndDate: role.shootEndDate,
    requirements: role.requirements,
    backgrounds: labels(role.backgrounds),
  };
}
