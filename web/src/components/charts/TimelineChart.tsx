import { lazy, Suspense } from 'react';
import styles from './Chart.module.css';
import type { UPlotChartProps } from './UPlotChart';

// uPlot loads with the first chart, not with every page.
const UPlotChart = lazy(() => import('./UPlotChart'));

export interface TimelineChartProps extends UPlotChartProps {
  /** Said under the chart when the last bucket is still in progress, e.g. "Today so far: up to 09:30 UTC." */
  partialNote?: string;
}

export function TimelineChart({ partialNote, ...props }: TimelineChartProps) {
  return (
    <>
      <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
        <UPlotChart {...props} />
      </Suspense>
      {props.partialLast && partialNote ? <p className={styles.note}>{partialNote}</p> : null}
    </>
  );
}

/** The note for a timeline whose last bucket is in progress: "Today so far" or "This hour so far". */
export function partialBucketNote(granularity: 'hour' | 'day', asOf: string): string {
  const time = asOf.slice(11, 16);
  return granularity === 'day'
    ? `The last point is today so far (UTC, up to ${time}), not a full day.`
    : `The last point is this hour so far (up to ${time} UTC), not a full hour.`;
}
