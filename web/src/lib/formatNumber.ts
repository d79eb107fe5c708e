const whole = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });

/** 12,345 */
export const formatCount = (n: number) => whole.format(n);

/** 12.3K: for cards, where the exact figure matters less than its size. */
export const formatCompact = (n: number) => compact.format(n);

/**
 * A change with its sign: +12.5%, −3% (at most one decimal), or with exactly `decimals` when given
 * (+2.41%, −0.35%, 0.00%: prices, where a column of figures reads best aligned).
 */
export const formatChange = (percent: number, decimals?: number) =>
  `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent).toLocaleString(
    'en-US',
    decimals === undefined ? { maximumFractionDigits: 1 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
  )}%`;

/**
 * Sentiment as every surface shows it (docs/social-data.md, "Sentiment scale"): the 0..1 score the
 * API and exports carry, to two decimals ("0.72"), on badges, reports and chart axes alike.
 */
export const formatSentiment = (score: number) => score.toFixed(2);

/** The scale, said once for titles and captions. */
export const SENTIMENT_SCALE = '0 negative, 0.5 neutral, 1 positive';

/** "Nov 22, 2026, 7:05 AM UTC": posts are shown in UTC, the zone the date filters use. */
export const formatPostDate = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;

/** The same in two parts, for a narrow table column: "Nov 22, 2026" and "7:05 AM UTC". */
export const formatPostDay = (iso: string) => day.format(new Date(iso));
export const formatPostTime = (iso: string) => `${time.format(new Date(iso))} UTC`;
