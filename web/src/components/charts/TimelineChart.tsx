import { lazy, Suspense } from 'react';
import styles from './Chart.module.css';
import type { UPlotChartProps } from './UPlotChart';

// uPlot loads with the first chart, not with every page.
const UPlotChart = lazy(() => import('./UPlotChart'));

export function TimelineChart(props: UPlotChartProps) {
  return (
    <Suspense fallback={<div className={styles.placeholder} aria-hidden="true" />}>
      <UPlotChart {...props} />
    </Suspense>
  );
}
