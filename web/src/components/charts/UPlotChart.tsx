import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { onThemeChange } from '../../lib/preferences';
import { resolveChartPalette } from '../../styles/chartPalette';
import styles from './Chart.module.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

export interface UPlotChartProps {
  /** Bucket starts, ISO 8601. */
  times: string[];
  series: ChartSeries[];
  yLabel: string;
  /** A fixed y range, e.g. [0, 1] for sentiment; otherwise it fits the data. */
  yRange?: [number, number];
  /** How the y axis writes its values (formatSentiment for sentiment); uPlot's own numbers otherwise. */
  yFormat?: (value: number) => string;
  height?: number;
  /** What the chart shows, for screen readers: the canvas itself says nothing. */
  description: string;
  /** The last bucket is still in progress: it is hatched, so its lower count is not read as a drop. */
  partialLast?: boolean;
}

const tokens = (el: Element) => {
  const style = getComputedStyle(el);
  return { text: style.getPropertyValue('--color-text-muted').trim(), grid: style.getPropertyValue('--color-border').trim() };
};

/**
 * A thin React wrapper around uPlot: built after mount (it draws on a canvas sized in pixels),
 * rebuilt when the data or the colour theme change, resized with its container, and destroyed
 * on unmount. Times are shown in UTC, like the rest of the social pages.
 */
/** Hatches the plot from halfway between the last two points to the right edge, labelled "so far". */
function hatchLastBucket(u: uPlot, color: string) {
  const xs = u.data[0];
  const last = xs.at(-1);
  const before = xs.at(-2);
  if (last === undefined || before === undefined) return;
  const { ctx, bbox } = u;
  const left = (u.valToPos(before, 'x', true) + u.valToPos(last, 'x', true)) / 2;
  const right = bbox.left + bbox.width;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, bbox.top, right - left, bbox.height);
  ctx.clip();
  ctx.strokeStyle = color;
  ctx.globalAlpha = 0.35;
  ctx.lineWidth = 1;
  const step = 8 * uPlot.pxRatio;
  for (let x = left - bbox.height; x < right; x += step) {
    ctx.beginPath();
    ctx.moveTo(x, bbox.top + bbox.height);
    ctx.lineTo(x + bbox.height, bbox.top);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = color;
  ctx.font = `${12 * uPlot.pxRatio}px sans-serif`;
  ctx.textAlign = 'right';
  ctx.fillText('so far', right - 4 * uPlot.pxRatio, bbox.top + 14 * uPlot.pxRatio);
  ctx.restore();
}

export default function UPlotChart({
  times,
  series,
  yLabel,
  yRange,
  yFormat,
  height = 260,
  description,
  partialLast = false,
}: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    let chart: uPlot | undefined;
    const build = () => {
      chart?.destroy();
      const palette = resolveChartPalette(el);
      const { text, grid } = tokens(el);
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      chart = new uPlot(
        {
          width: Math.max(el.clientWidth, 280),
          height,
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
          scales: { x: { time: true }, y: yRange ? { range: yRange } : {} },
          axes: [
            axis,
            { ...axis, label: yLabel, size: 56, ...(yFormat ? { values: (_u: uPlot, splits: number[]) => splits.map(yFormat) } : {}) },
          ],
          series: [{}, ...series.map((s, i) => ({ label: s.label, stroke: palette[i % palette.length], width: 2, points: { size: 4 } }))],
          legend: { live: false },
          hooks: partialLast ? { draw: [(u) => hatchLastBucket(u, text)] } : {},
        },
        [times.map((t) => Date.parse(t) / 1000), ...series.map((s) => s.values)],
        el,
      );
    };
    build();
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(el.clientWidth, 280), height }));
    resize.observe(el);
    const stopFollowingTheme = onThemeChange(build);
    return () => {
      resize.disconnect();
      stopFollowingTheme();
      chart?.destroy();
    };
  }, [times, series, yLabel, yRange, yFormat, height, partialLast]);

  return <div ref={container} className={styles.chart} role="img" aria-label={description} />;
}
