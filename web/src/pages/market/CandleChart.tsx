import type { Candle } from '@coinsight/contracts';
import { CandlestickSeries, ColorType, createChart, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import styles from './Market.module.css';

export interface CandleChartProps {
  candles: readonly Candle[];
  /** Minute candles show the time of day on the axis. */
  intraday: boolean;
  /** What the chart shows, for screen readers: the canvas says nothing. */
  description: string;
}

/** Read after mount: the canvas needs concrete colours, which follow the theme's tokens. */
function themeColors(element: Element) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--color-text-muted', '#475569'),
    grid: read('--color-border', '#dde2ea'),
    up: read('--color-positive', '#047857'),
    down: read('--color-negative', '#b91c1c'),
  };
}

/** Candlesticks with TradingView's lightweight-charts, sized to its container. */
export default function CandleChart({ candles, intraday, description }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const colors = themeColors(element);
    const chart = createChart(element, {
      autoSize: true,
      // The logo comes with an inline <style>, which the app's Content-Security-Policy refuses;
      // the attribution the library's licence asks for is the link under the chart instead.
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: colors.text, attributionLogo: false },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      timeScale: { timeVisible: intraday, secondsVisible: false, borderColor: colors.grid },
      rightPriceScale: { borderColor: colors.grid },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      // Sub-cent coins need more than two decimals on the axis.
      priceFormat: { type: 'price', minMove: minMoveFor(candles), precision: precisionFor(candles) },
    });
    series.setData(
      candles.map((c) => ({ time: (Date.parse(c.time) / 1000) as UTCTimestamp, open: c.open, high: c.high, low: c.low, close: c.close })),
    );
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [candles, intraday]);

  return (
    <>
      <div ref={container} className={styles.chart} role="img" aria-label={description} />
      <p className={styles.attribution}>
        Chart by{' '}
        <a href="https://www.tradingview.com/" rel="noopener noreferrer" target="_blank">
          TradingView Lightweight Charts™
        </a>
      </p>
    </>
  );
}

function precisionFor(candles: readonly Candle[]): number {
  const low = Math.min(...candles.map((c) => c.low).filter((v) => v > 0), Infinity);
  if (!Number.isFinite(low) || low >= 1) return 2;
  // Four significant digits below $1.
  return Math.min(10, Math.max(2, 3 - Math.floor(Math.log10(low))));
}

function minMoveFor(candles: readonly Candle[]): number {
  return 10 ** -precisionFor(candles);
}
