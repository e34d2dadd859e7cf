/**
 * Minors: a candidate younger than their office's age of majority on the day they apply. Pure date arithmetic on ISO
 * dates (YYYY-MM-DD), so the apply page and the API judge the same date of birth the same way; the API's SQL
 * (`platform/db/minors.ts`) follows the same calendar rule as PostgreSQL's `date - interval 'N years'`.
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** Today's date where the office works (an IANA time zone), as YYYY-MM-DD; UTC for a zone the runtime does not know. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The last date of birth of someone who is `years` old on `today`: the same day `years` earlier, clamped to the end
 * of its month (29 February goes to the 28th in a common year), as PostgreSQL subtracts an interval of years.
 */
export function bornOnOrBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * Whether what a talent declared makes them a minor on `today`: a date of birth after the day `ageOfMajority` years
 * earlier, or an age in years below it. Nothing declared is not a minor (the rule works on what the form received).
 */
export function isMinor(
  declared: { dateOfBirth?: string | null; age?: number | null },
  ageOfMajority: number,
  today: string,
): boolean {
  if (declared.dateOfBirth) return declared.dateOfBirth > bornOnOrBefore(today, ageOfMajority);
  if (typeof declared.age === 'number') return declared.age < ageOfMajority;
  return false;
}
