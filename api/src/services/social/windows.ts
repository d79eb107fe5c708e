import { PERIOD_HOURS, type AnalyticsPeriod } from '@coinsight/contracts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface PeriodWindow {
  /** Inclusive, on an hour boundary. */
  start: Date;
  /** Exclusive: the end of the current hour, so the hour in progress counts. */
  end: Date;
  /** The 24 h before `end`, and the 24 h before those, for 24 h changes. */
  last24: Date;
  prev24: Date;
}

/** The rollups' hour buckets make every window a whole number of hours ending with the current one. */
export function periodWindow(period: AnalyticsPeriod, now: Date): PeriodWindow {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  return {
    start: new Date(end - PERIOD_HOURS[period] * HOUR_MS),
    end: new Date(end),
    last24: new Date(end - DAY_MS),
    prev24: new Date(end - 2 * DAY_MS),
  };
}

/**
 * Splits [start, end) into whole UTC days and the ragged hours at either side, so long periods
 * read the daily rollup and only up to 46 hourly rows per topic.
 */
export function splitDays(start: Date, end: Date): { firstDay: Date; endDay: Date } | undefined {
  const firstDay = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const endDay = Math.floor(end.getTime() / DAY_MS) * DAY_MS;
  return firstDay < endDay ? { firstDay: new Date(firstDay), endDay: new Date(endDay) } : undefined;
}

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Percentage change, one decimal; from nothing to something counts as +100%. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Mean of a sum over a count, four decimals; null when nothing is averaged (a client must not read 0.5 as a measured neutral). */
export const meanOrNull = (sum: number, count: number): number | null => (count > 0 ? Math.round((sum / count) * 10_000) / 10_000 : null);

/** Mean of a sum over a count, four decimals; neutral 0.5 when there is nothing to average. */
export function meanSentiment(sum: number, count: number): number {
  return meanOrNull(sum, count) ?? 0.5;
}

/** A rollup bucket's start in ms: an hour (a timestamptz) or a day ('YYYY-MM-DD', its UTC midnight). */
export const bucketStart = (bucket: Date | string): number =>
  typeof bucket === 'string' ? Date.parse(`${bucket}T00:00:00Z`) : new Date(bucket).getTime();

/** A chart's buckets over a period: hours for 24h, UTC days otherwise, the last one holding `now`. */
export function bucketsOf(period: AnalyticsPeriod, now: Date, granularity: 'hour' | 'day' = period === '24h' ? 'hour' : 'day') {
  const w = periodWindow(period, now);
  const step = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const first = Math.floor(w.start.getTime() / step) * step;
  const buckets: number[] = [];
  for (let t = first; t < w.end.getTime(); t += step) buckets.push(t);
  const last = buckets.at(-1);
  return { w, granularity, first: new Date(first), buckets, partial: last !== undefined && now.getTime() < last + step };
}
