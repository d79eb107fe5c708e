const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const small = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });

/**
 * A USD market figure (price, cap, volume) as people read it (docs/product.md §9: two decimals): $97,412.35, $1.00. Below one cent two
 * decimals would say $0.00 for PEPE, so those show four significant digits ($0.00001234).
 * The one formatter for prices: the web app's tables and the alert mails use it alike.
 */
export function formatPrice(value: number): string {
  return value !== 0 && Math.abs(value) < 0.01 ? small.format(value) : cents.format(value);
}
