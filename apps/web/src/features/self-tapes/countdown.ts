/** The viewer's own IANA zone ("Europe/Paris"), which the page names beside every time it shows. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A moment on the viewer's clock: "Fri 4 Dec, 18:00". */
export function onViewerClock(iso: string, timeZone = viewerTimeZone()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** What is left until `iso` in days, hours and minutes ("2 d 4 h", "3 h 12 min"), or null once passed. */
export function timeLeft(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  if (ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return `${hours} h ${minutes % 60} min`;
}
