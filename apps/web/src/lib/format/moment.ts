const MOMENT = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * A moment (an expiry, a deadline, a slot) as the viewer's clock reads it, with the time zone named, so that a
 * reader in another zone, or one reading a screenshot, knows which hour is meant.
 */
export function formatMoment(at: Date | string): string {
  return MOMENT.format(typeof at === 'string' ? new Date(at) : at);
}
