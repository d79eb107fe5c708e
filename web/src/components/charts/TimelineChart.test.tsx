import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { partialBucketNote, TimelineChart } from './TimelineChart';

// jsdom has no canvas; the hatching itself is drawn by uPlot in the browser.
vi.mock('./UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

const props = {
  times: ['2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z'],
  series: [{ label: 'Twitter', values: [10, 3] }],
  yLabel: 'Posts',
  description: 'Posts per day',
};

describe('TimelineChart', () => {
  it('says under the chart that the last point is today so far', async () => {
    render(<TimelineChart {...props} partialLast partialNote={partialBucketNote('day', '2026-11-21T09:30:00.000Z')} />);
    expect(await screen.findByRole('img', { name: 'Posts per day' })).toBeTruthy();
    expect(screen.getByText('The last point is today so far (UTC, up to 09:30), not a full day.')).toBeTruthy();
  });

  it('adds no note when every bucket is complete', async () => {
    render(<TimelineChart {...props} partialLast={false} partialNote={partialBucketNote('hour', '2026-11-21T09:30:00.000Z')} />);
    await screen.findByRole('img');
    expect(screen.queryByText(/so far/)).toBeNull();
  });
});
