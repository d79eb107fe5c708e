import { NUMBER_FORMAT_SEPARATORS, formatPrice as formatUsdPrice } from '@coinsight/contracts';
import { currentPreferences } from './preferences';

// Every figure the app shows goes through `formatNumber` (docs/web-app.md, "Preferences"): the
// figure is laid out as en-US does (its sign, currency symbol and K/M/B where they are), then its
// group and decimal separators become the account's number format's (1,234.5 / 1.234,5 / 1 234,5).

const formats = new Map<string, Intl.NumberFormat>();

function intlFor(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}

/** `value` with the account's separators; `options` as Intl.NumberFormat's. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const format = intlFor(options);
  const [group, decimal] = NUMBER_FORMAT_SEPARATORS[currentPreferences().numberFormat];
  if (group === ',' && decimal === '.') return format.format(value);
  return format
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? group : part.type === 'decimal' ? decimal : part.value))
    .join('');
}

/**
 * A figure already written the en-US way ("$1,234.56", from a formatter shared with the server)
 * with the account's separators: every comma is a group, every period the decimal point.
 */
export function localizeFigure(text: string): string {
  const [group, decimal] = NUMBER_FORMAT_SEPARATORS[currentPreferences().numberFormat];
  return text.replace(/[,.]/g, (c) => (c === ',' ? group : decimal));
}

/** A price as the market pages show it ($64,210.55, $0.00001234), with the account's separators. */
export const formatPrice = (value: number) => localizeFigure(formatUsdPrice(value));

/** 12,345 */
export const formatCount = (n: number) => formatNumber(n);

/** 12.3K: for cards, where the exact figure matters less than its size. */
export const formatCompact = (n: number) => formatNumber(n, { notation: 'compact', maximumFractionDigits: 1 });

/** Exactly `decimals` decimals: 0.72, 2.41. */
export const formatFixed = (n: number, decimals: number) =>
  formatNumber(n, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/**
 * A change with its sign: +12.5%, −3% (at most one decimal), or with exactly `decimals` when given
 * (+2.41%, −0.35%, 0.00%: prices, where a column of figures reads best aligned).
 */
export const formatChange = (percent: number, decimals?: number) =>
  `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${formatNumber(
    Math.abs(percent),
    decimals === undefined ? { maximumFractionDigits: 1 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
  )}%`;

/**
 * Sentiment as every surface shows it (docs/social-data.md, "Sentiment scale"): the 0..1 score the
 * API and exports carry, to two decimals ("0.72"), on badges, reports and chart axes alike.
 */
export const formatSentiment = (score: number) => formatFixed(score, 2);

/** The scale, said once for titles and captions. */
export const SENTIMENT_SCALE = '0 negative, 0.5 neutral, 1 positive';

export { formatPostDate, formatPostDay, formatPostTime } from './formatTime';
