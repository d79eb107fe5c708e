import type { Candle, MentionPoint } from '@coinsight/contracts';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { formatCount, formatSentiment } from '../../lib/formatNumber';
import { resolveChartPalette } from '../../styles/chartPalette';
import { formatPrice } from './format';
import styles from './Market.module.css';

export interface CandleChartProps {
  candles: readonly Candle[];
  /** Minute candles show the time of day on the axis. */
  intraday: boolean;
  /** What the chart shows, for screen readers: the canvas says nothing. */
  description: string;
  /**
   * Social volume on the same time axis: mentions as bars on a left axis of their own under the
   * candles, and with `showSentiment` their mean sentiment as a line on a fixed 0..1 scale.
   */
  social?: readonly MentionPoint[] | undefined;
  showSentiment?: boolean;
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
export default function CandleChart({ candles, intraday, description, social, showSentiment = false }: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const mentions = useRef<ISeriesApi<'Histogram'> | null>(null);
  const sentiment = useRef<ISeriesApi<'Line'> | null>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const precision = precisionFor(candles);
  const withSocial = social !== undefined;

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
      // With social volume the candles keep the upper part and the mentions' bars the lower third.
      rightPriceScale: { borderColor: colors.grid, scaleMargins: { top: 0.08, bottom: withSocial ? 0.3 : 0.08 } },
      leftPriceScale: { visible: withSocial, borderColor: colors.grid, scaleMargins: { top: 0.72, bottom: 0 } },
    });
    series.current = chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      // The axis and the crosshair write prices as the page does ($97,543.21; sub-cent coins with
      // significant digits), on the candles' own scale: a chart-wide formatter would write the
      // mentions' axis in dollars too. Sub-cent coins need more than two decimals: the scale's
      // steps follow the price's precision.
      priceFormat: { type: 'custom', formatter: formatPrice, minMove: 10 ** -precision },
    });
    if (withSocial) {
      const [mentionColor = colors.text, sentimentColor = colors.text] = resolveChartPalette(element);
      // The header's last price stays the one figure on the right axis: the social series mark no last value.
      mentions.current = chart.addSeries(HistogramSeries, {
        priceScaleId: 'left',
        color: mentionColor,
        lastValueVisible: false,
        priceLineVisible: false,
        title: 'Mentions',
        priceFormat: { type: 'custom', formatter: (n: number) => formatCount(Math.round(n)), minMove: 1 },
      });
      sentiment.current = chart.addSeries(LineSeries, {
        priceScaleId: 'sentiment',
        color: sentimentColor,
        lineWidth: 2,
        lastValueVisible: false,
        priceLineVisible: false,
        title: 'Sentiment',
        priceFormat: { type: 'custom', formatter: formatSentiment, minMove: 0.01 },
        autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 1 } }),
      });
      chart.priceScale('sentiment').applyOptions({ scaleMargins: { top: 0.08, bottom: 0.3 } });
    }
    chartRef.current = chart;
    return () => {
      chartRef.current = null;
      series.current = null;
      mentions.current = null;
      sentiment.current = null;
      chart.remove();
    };
  }, [intraday, precision, withSocial]);

  // New data (another interval, or the live price moving the last candle) without rebuilding the
  // chart; the view fits the candles when their span changes.
  const first = candles[0]?.time;
  useEffect(() => {
    series.current?.setData(candles.map(toBar));
  }, [candles, intraday, precision]);
  useEffect(() => {
    mentions.current?.setData((social ?? []).map((p) => ({ time: toTime(p.time), value: p.mentions })));
    sentiment.current?.setData(
      showSentiment ? (social ?? []).flatMap((p) => (p.sentiment === null ? [] : [{ time: toTime(p.time), value: p.sentiment }])) : [],
    );
  }, [social, showSentiment, intraday, precision, withSocial]);
  useEffect(() => {
    chartRef.current?.timeScale().fitContent();
  }, [first, intraday, precision]);

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

const toTime = (iso: string) => (Date.parse(iso) / 1000) as UTCTimestamp;

const toBar = (c: Candle): CandlestickData<UTCTimestamp> => ({
  time: toTime(c.time),
  open: c.open,
  high: c.high,
  low: c.low,
  close: c.close,
});

function precisionFor(candles: readonly Candle[]): number {
  const low = Math.min(...candles.map((c) => c.low).filter((v) => v > 0), Infinity);
  if (!Number.isFinite(low) || low >= 1) return 2;
  // Four significant digits below $1.
  return Math.min(10, Math.max(2, 3 - Math.floor(Math.log10(low))));
}
