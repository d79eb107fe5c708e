import type { Candle } from '@coinsight/contracts';
import { describe, expect, it } from 'vitest';
import { withLivePrice } from './liveCandles';

const candle = (time: string, close: number): Candle => ({ time, open: 100, high: 110, low: 90, close, volume: 5 });
const stored = [candle('2026-11-29T08:00:00.000Z', 101), candle('2026-11-29T09:00:00.000Z', 105)];

describe("withLivePrice: the chart's last price is the header's", () => {
  it('closes the last candle at the live price of its own interval, widening its range', () => {
    const out = withLivePrice(stored, { price: 120, asOf: '2026-11-29T09:42:10.000Z' }, '1h');
    expect(out).toHaveLength(2);
    expect(out.at(-1)).toEqual({ time: '2026-11-29T09:00:00.000Z', open: 100, high: 120, low: 90, close: 120, volume: 5 });
    expect(out[0]).toBe(stored[0]);
  });

  it('opens a candle at the last close when the price is of a later interval', () => {
    const out = withLivePrice(stored, { price: 99, asOf: '2026-11-29T11:05:00.000Z' }, '1h');
    expect(out.at(-1)).toEqual({ time: '2026-11-29T11:00:00.000Z', open: 105, high: 105, low: 99, close: 99, volume: 0 });
  });

  it('keeps the stored candles without a live price, or for a price older than the last candle', () => {
    expect(withLivePrice(stored, undefined, '1h')).toBe(stored);
    expect(withLivePrice(stored, { price: null, asOf: null }, '1h')).toBe(stored);
    expect(withLivePrice(stored, { price: 1, asOf: '2026-11-29T07:00:00.000Z' }, '1h')).toBe(stored);
    expect(withLivePrice([], { price: 1, asOf: '2026-11-29T09:00:00.000Z' }, '1h')).toEqual([]);
  });
});
