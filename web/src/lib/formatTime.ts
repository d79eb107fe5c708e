import { currentPreferences } from './preferences';

// Every time the app shows is in the account's time zone (docs/web-app.md, "Preferences"), with
// the zone said where a time of day is shown ("7:05 AM UTC", "4:05 PM GMT+9"), and the UTC time
// on hover (`utcTitle`, which <Time> sets as the title). Calendar dates that are no instant (a blog
// post's day, a billing month) keep their own formatters.

const STYLES = {
  /** Nov 22, 2026, 7:05 AM UTC */
  dateTime: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** Nov 22, 2026, 7:05:12 AM UTC */
  dateTimeSeconds: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  },
  /** Nov 22, 2026 */
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  /** November 22, 2026 */
  longDay: { month: 'long', day: 'numeric', year: 'numeric' },
  /** 7:05 AM UTC */
  time: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** 7:05:12 AM UTC */
  clock: { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type TimeStyle = keyof typeof STYLES;

const formats = new Map<string, Intl.DateTimeFormat>();

function intlFor(style: TimeStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...STYLES[style], timeZone });
    formats.set(key, format);
  }
  return format;
}

/** An instant (ISO text or Date) in the account's time zone, in one of the app's styles. */
export function formatTime(value: string | Date, style: TimeStyle = 'dateTime'): string {
  return intlFor(style, currentPreferences().timeZone).format(typeof value === 'string' ? new Date(value) : value);
}

/** The same instant in UTC, to the second, for hovering: "2026-11-22 07:05:12 UTC". */
export function utcTitle(value: string | Date): string {
  const iso = (typeof value === 'string' ? new Date(value) : value).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** "Nov 22, 2026, 7:05 AM UTC": a post's, a task's, an alert's time. */
export const formatPostDate = (iso: string) => formatTime(iso, 'dateTime');

/** The same in two parts, for a narrow table column: "Nov 22, 2026" and "7:05 AM UTC". */
export const formatPostDay = (iso: string) => formatTime(iso, 'day');
export const formatPostTime = (iso: string) => formatTime(iso, 'time');
