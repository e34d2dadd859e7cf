const MAX_NUMBERED_COPY = 100;
const UNTITLED = 'Untitled';

function utcStamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

function normalise(title: string): string {
  return title.trim().toLowerCase();
}

/**
 * Title for a cloned link: '{title} (copy)', then '(copy 2)' up to '(copy 100)', then a UTC timestamp.
 * Titles are compared without case or surrounding spaces, so a clone never trips the uniqueness check.
 */
export function cloneTitle(title: string, existingTitles: Iterable<string>, now: Date = new Date()): string {
  const base = title.trim() || UNTITLED;
  const taken = new Set(Array.from(existingTitles, normalise));
  const first = `${base} (copy)`;
  if (!taken.has(normalise(first))) return first;
  for (let n = 2; n <= MAX_NUMBERED_COPY; n += 1) {
    const candidate = `${base} (copy ${n})`;
    if (!taken.has(normalise(candidate))) return candidate;
  }
  return `${base} (copy ${utcStamp(now)})`;
}
