import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the library is replaced by a recorder of the options the chart is made with.
const made: { chart?: Record<string, unknown>; series?: Record<string, unknown>; data?: unknown[] } = {};
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: 'Candlestick',
  ColorType: { Solid: 'solid' },
  createChart: (_element: Element, options: Record<string, unknown>) => {
    made.chart = options;
    return {
      addSeries: (_type: unknown, options: Record<string, unknown>) => {
        made.series = options;
        return { setData: (data: unknown[]) => (made.data = data) };
      },
      timeScale: () => ({ fitContent: () => undefined }),
      remove: () => undefined,
    };
  },
}));

const { default: CandleChart } = await import('./CandleChart');

describe('CandleChart', () => {
  it("writes the axis's prices as the page does, with a scale fitted to the candles", () => {
    const candles = [
      { time: '2026-11-29T08:00:00.000Z', open: 97_000, high: 98_100.5, low: 96_900, close: 97_543.21, volume: 1 },
      { time: '2026-11-29T09:00:00.000Z', open: 97_543.21, high: 97_600, low: 97_100, close: 97_200, volume: 1 },
    ];
    render(<CandleChart candles={candles} intraday description="BTC" />);
    const format = (made.chart?.localization as { priceFormatter: (price: number) => string }).priceFormatter;
    expect(format(97_543.21)).toBe('$97,543.21');
    expect(format(0.000123)).toMatch(/^\$0\.000123/);
    expect(made.chart?.rightPriceScale).toMatchObject({ scaleMargins: { top: 0.08, bottom: 0.08 } });
    expect(made.data).toHaveLength(2);
  });
});
