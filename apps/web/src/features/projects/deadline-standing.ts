/** How near a submission deadline is: the projects list emphasises the soon and the passed. */
export type DeadlineStanding =
  | { kind: 'none' }
  | { kind: 'passed'; date: string }
  | { kind: 'soon'; date: string; days: number }
  | { kind: 'later'; date: string };

/** Within this many days a deadline counts as soon (a working week and a weekend). */
export const DEADLINE_SOON_DAYS = 7;

/** `deadline` and `today` are calendar dates (YYYY-MM-DD); the deadline day itself is still open. */
export function deadlineStanding(deadline: string | null | undefined, today: string): DeadlineStanding {
  if (!deadline) return { kind: 'none' };
  const days = Math.round(
    (Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (Number.isNaN(days)) return { kind: 'none' };
  if (days < 0) return { kind: 'passed', date: deadline };
  if (days <= DEADLINE_SOON_DAYS) return { kind: 'soon', date: deadline, days };
  return { kind: 'later', date: deadline };
}

/** Today's calendar date where the person is. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function deadlineText(standing: DeadlineStanding): string | null {
  switch (standing.kind) {
    case 'none':
      return null;
    case 'passed':
      return `Submissions closed ${standing.date}`;
    case 'soon':
      return standing.days === 0
        ? 'Submissions close today'
        : `Submissions close in ${standing.days} ${standing.days === 1 ? 'day' : 'days'}`;
    case 'later':
      return `Submissions until ${standing.date}`;
  }
}
