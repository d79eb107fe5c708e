import { describe, expect, it } from 'vitest';
import { chartToCandles } from './chart-candles.js';

const H = 3_600_000;
const D = 86_400_000;
const T0 = Date.parse('2026-11-20T00:00:00Z');

describe('chartToCandles', () => {
  it('makes hourly candles from 5-minute points: first open, extremes, last close', () => {
    const prices = [100, 104, 97, 101, 110, 108].map((value, i) => ({ time: T0 + 5 * 60_000 * (i + 1) + 1234 + (i >= 3 ? H : 0), value }));
    const volumes = prices.map((p, i) => ({ time: p.time, value: 24_000 + i * 2400 }));
    expect(chartToCandles(prices, volumes, '1h')).toEqual([
      { openTime: new Date(T0), open: 100, high: 104, low: 97, close: 97, volume: 1200 },
      { openTime: new Date(T0 + H), open: 97, high: 110, low: 97, close: 108, volume: 1500 },
    ]);
  });

  it('daily points at 00:00 UTC close the day before, and its 24 h volume is that day’s', () => {
    const prices = [10, 12, 9, 15].map((value, i) => ({ time: T0 + i * D, value }));
    const volumes = [500, 600, 700, 800].map((value, i) => ({ time: T0 + i * D, value }));
    const candles = chartToCandles(prices.reverse(), volumes, '1d');
    expect(candles.map((c) => c.openTime.toISOString().slice(0, 10))).toEqual(['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(candles.map((c) => [c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [10, 10, 10, 10, 500],
      [10, 12, 10, 12, 600],
      [12, 12, 9, 9, 700],
      [9, 15, 9, 15, 800],
    ]);
  });

  it('a candle without volume points has volume 0, and gaps make no empty candles', () => {
    const candles = chartToCandles(
      [
        { time: T0 + 10, value: 1 },
        { time: T0 + 5 * H + 10, value: 2 },
      ],
      [],
      '1h',
    );
    expect(candles).toHaveLength(2);
    expect(candles[1]).toMatchObject({ openTime: new Date(T0 + 5 * H), open: 1, close: 2, volume: 0 });
  });
});
