import { formatTime, utcTitle, type TimeStyle } from '../lib/formatTime';

export interface TimeProps {
  /** The instant, as the API sends it (ISO 8601). */
  value: string;
  /** How it reads; `dateTime` ("Nov 22, 2026, 7:05 AM UTC") unless given. */
  format?: TimeStyle;
  className?: string;
}

/** An instant in the account's time zone, its UTC time on hover (docs/web-app.md, "Preferences"). */
export function Time({ value, format = 'dateTime', className }: TimeProps) {
  return (
    <time dateTime={value} title={utcTitle(value)} className={className}>
      {formatTime(value, format)}
    </time>
  );
}
