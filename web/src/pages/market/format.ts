import { formatNumber, formatPrice } from '../../lib/formatNumber';

export { formatPrice };

/** $1.92T, $38.5B: caps and volumes, where the size matters more than the last dollar. */
export const formatUsdCompact = (value: number) =>
  formatNumber(value, { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 19,950,000 */
export const formatSupply = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });

/**
 * A price rounded for an alert's threshold: whole dollars from $100, cents from $1, significant
 * digits below. Machine-readable (it fills a number field), so never grouped or localized.
 */
export function alertPrice(price: number): string {
  if (price >= 100) return String(Math.round(price));
  if (price >= 1) return price.toFixed(2);
  return String(Number(price.toPrecision(4)));
}
