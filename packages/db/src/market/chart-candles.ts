import { CANDLE_INTERVAL_MS, type CandleInterval } from '@coinsight/contracts';
import type { Candle } from './candle.js';

/** A point of a CoinGecko `market_chart` series: `[ms, value]`. */
export interface ChartPoint {
  time: number;
  value: number;
}

const DAY_MS = 86_400_000;

/**
 * Candles from a price line: CoinGecko's `market_chart` gives prices at points in time (5-minute,
 * hourly or daily), not trades, so a candle is the line's path through its interval. A point
 * exactly on a boundary is the price at the instant the interval ends, so it closes that
 * candle (daily data sits at 00:00 UTC: the 00:00 price closes the day before). A candle's open
 * is the previous candle's close (its own first point when it is the first), its close its last
 * point, high and low the extremes of those. With one point per candle (daily data as daily
 * candles), the candle is the move from the previous point to its own.
 *
 * Volumes are rolling 24 h totals, not the trading in the interval. A candle takes the last 24 h
 * volume reported within it (for aligned data, the one at its end), scaled by interval / 24 h:
 * the day's volume for daily candles; for hourly ones, an hour's average share of the last day,
 * which flattens the hour-to-hour swings.
 *
 * Points may come unsorted; candles come oldest first, one per interval holding a price point.
 */
export function chartToCandles(prices: readonly ChartPoint[], volumes: readonly ChartPoint[], interval: CandleInterval): Candle[] {
  const size = CANDLE_INTERVAL_MS[interval];
  // (start, end]: a point on a boundary belongs to the candle it ends.
  const startOf = (time: number) => Math.floor((time - 1) / size) * size;
  const byTime = (a: ChartPoint, b: ChartPoint) => a.time - b.time;
  const line = [...prices].sort(byTime);
  const vols = [...volumes].sort(byTime);
  const candles: Candle[] = [];
  let previousClose: number | undefined;
  let v = 0;
  for (let i = 0; i < line.length;) {
    const start = startOf(line[i]!.time);
    const end = start + size;
    const open = previousClose ?? line[i]!.value;
    let high = open;
    let low = open;
    let close = open;
    for (; i < line.length && line[i]!.time <= end; i++) {
      const price = line[i]!.value;
      high = Math.max(high, price);
      low = Math.min(low, price);
      close = price;
    }
    // Volumes are sorted too: one cursor walks along them.
    while (v < vols.length && vols[v]!.time <= start) v++;
    let rolling = 0;
    for (; v < vols.length && vols[v]!.time <= end; v++) rolling = vols[v]!.value;
    candles.push({ openTime: new Date(start), open, high, low, close, volume: (rolling * size) / DAY_MS });
    previousClose = close;
  }
  return candles;
}
