import { formatPrice } from '@coinsight/contracts';

export { formatPrice };

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const clock = new Intl.DateTimeFormat('en-US', { timeStyle: 'medium', timeZone: 'UTC' });
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** $1.92T, $38.5B: caps and volumes, where the size matters more than the last dollar. */
export const formatUsdCompact = (value: number) => compactUsd.format(value);

/** 19,950,000 */
export const formatSupply = (value: number) => wholeNumber.format(value);

/** 10:05:12 AM UTC */
export const formatClock = (iso: string) => `${clock.format(new Date(iso))} UTC`;

/** A price rounded for an alert's threshold: whole dollars from $100, cents from $1, significant digits below. */
export function alertPrice(price: number): string {
  if (price >= 100) return String(Math.round(price));
  if (price >= 1) return price.toFixed(2);
  return String(Number(price.toPrecision(4)));
}
