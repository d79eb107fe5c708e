const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 17, 2026": posts are dated by the UTC day they were published, wherever the reader is. */
export function formatLongDate(iso: string): string {
  return longDate.format(new Date(iso));
}

/** The machine-readable form for <time dateTime>. */
export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}
