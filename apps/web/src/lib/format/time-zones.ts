/** Every IANA time zone the browser knows, with UTC, sorted; `keep` is added when the browser lacks it. */
export function timeZoneNames(keep?: string): string[] {
  const known = new Set(Intl.supportedValuesOf('timeZone'));
  known.add('UTC');
  if (keep) known.add(keep);
  return [...known].sort((a, b) => a.localeCompare(b));
}

/** A zone's offset from UTC now, as the browser words it ("GMT+1"), or '' when it cannot say. */
export function timeZoneOffset(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(
      at,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}
