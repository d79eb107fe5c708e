import type { Candle, CandleInterval } from '@coinsight/contracts';

const SPAN_MS: Record<CandleInterval, number> = { '1m': 60_000, '1h': 3_600_000, '1d': 86_400_000 };

/**
 * The stored candles brought up to the live price the page's header shows, so the chart's last
 * price is the header's: the last candle closes at it (its high and low widened to hold it), or,
 * when the price is of a later interval than the last candle, a new candle opens at the last close.
 * Without a live price (or with no candles) the stored candles are the answer.
 */
export function withLivePrice(
  candles: readonly Candle[],
  live: { price: number | null; asOf: string | null } | undefined,
  interval: CandleInterval,
): readonly Candle[] {
  const last = candles.at(-1);
  if (!last || !live || live.price === null || live.asOf === null) return candles;
  const { price } = live;
  const span = SPAN_MS[interval];
  const at = Date.parse(live.asOf);
  const opens = Date.parse(last.time);
  if (!Number.isFinite(at) || at < opens) return candles;
  if (at < opens + span) {
    const closed = { ...last, close: price, high: Math.max(last.high, price), low: Math.min(last.low, price) };
    return [...candles.slice(0, -1), closed];
  }
  const time = new Date(opens + Math.floor((at - opens) / span) * span).toISOString();
  const open = last.close;
  return [...candles, { time, open, high: Math.max(open, price), low: Math.min(open, price), close: price, volume: 0 }];
}
