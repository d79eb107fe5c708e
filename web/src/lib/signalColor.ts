/** docs/product.md §4 colour rules for sentiment scores (0..1) and price or engagement changes. */
export type SignalColor = 'green' | 'yellow' | 'red';

export const SENTIMENT_GREEN_AT = 0.7;
export const SENTIMENT_YELLOW_AT = 0.4;

export function sentimentColor(score: number): SignalColor {
  if (score >= SENTIMENT_GREEN_AT) return 'green';
  if (score >= SENTIMENT_YELLOW_AT) return 'yellow';
  return 'red';
}

export function changeColor(change: number): SignalColor {
  return change >= 0 ? 'green' : 'red';
}

const signalColorVars: Record<SignalColor, string> = {
  green: 'var(--color-positive)',
  yellow: 'var(--color-warning)',
  red: 'var(--color-negative)',
};

/** The theme-aware text colour token for a signal colour. */
export function signalColorVar(color: SignalColor): string {
  return signalColorVars[color];
}
