import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// jsdom has no canvas: the library is replaced by a recorder of the options the chart is made with.
const made: {
  chart?: Record<string, unknown>;
  series?: Record<string, unknown>;
  data?: unknown[];
  all: { type: unknown; options: Record<string, unknown>; data?: unknown[] }[];
} = { all: [] };
vi.mock('lightweight-charts', () => ({
  CandlestickSeries: 'Candlestick',
  HistogramSeries: 'Histogram',
  LineSeries: 'Line',
  ColorType: { Solid: 'solid' },
  createChart: (_element: Element, options: Record<string, unknown>) => {
    made.chart = options;
    return {
      addSeries: (type: unknown, options: Record<string, unknown>) => {
        const entry: (typeof made.all)[number] = { type, options };
        made.all.push(entry);
        if (type === 'Candlestick') made.series = options;
        return {
          setData: (data: unknown[]) => {
            entry.data = data;
            if (type === 'Candlestick') made.data = data;
          },
        };
      },
      priceScale: () => ({ applyOptions: () => undefined }),
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
    const format = (made.series?.priceFormat as { formatter: (price: number) => string }).formatter;
    expect(format(97_543.21)).toBe('$97,543.21');
    expect(format(0.000123)).toMatch(/^\$0\.000123/);
    expect(made.chart?.rightPriceScale).toMatchObject({ scaleMargins: { top: 0.08, bottom: 0.08 } });
    expect(made.chart?.localization).toBeUndefined();
    expect(made.data).toHaveLength(2);
  });

  it('draws mentions as bars on a left axis of their own, and sentiment as a line only when asked', () => {
    made.all = [];
    const candles = [{ time: '2026-11-29T08:00:00.000Z', open: 1, high: 2, low: 1, close: 2, volume: 1 }];
    const social = [
      { time: '2026-11-29T08:00:00.000Z', mentions: 4, sentiment: 0.8 },
      { time: '2026-11-29T09:00:00.000Z', mentions: 0, sentiment: null },
    ];
    const { rerender } = render(<CandleChart candles={candles} intraday description="BTC" social={social} />);
    expect(made.chart?.leftPriceScale).toMatchObject({ visible: true });
    const bars = made.all.find((s) => s.type === 'Histogram');
    const line = made.all.find((s) => s.type === 'Line');
    expect(bars?.options).toMatchObject({ priceScaleId: 'left', lastValueVisible: false });
    expect(bars?.data).toEqual([
      { time: Date.parse(social[0]!.time) / 1000, value: 4 },
      { time: Date.parse(social[1]!.time) / 1000, value: 0 },
    ]);
    expect(line?.data).toEqual([]);
    rerender(<CandleChart candles={candles} intraday description="BTC" social={social} showSentiment />);
    expect(made.all.find((s) => s.type === 'Line')?.data).toEqual([{ time: Date.parse(social[0]!.time) / 1000, value: 0.8 }]);
  });
});
