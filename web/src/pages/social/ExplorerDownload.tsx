import { MAX_SEARCH_LIMIT, MAX_SEARCH_OFFSET, type Dataset, type SocialPlatform } from '@coinsight/contracts';
import { Link } from 'react-router';
import { formatCount } from '../../lib/formatNumber';
import { DownloadBar } from './DownloadBar';
import styles from './TableTools.module.css';

/** How many results "Load more" reaches, and so a download of the explorer holds at most. */
const REACH = MAX_SEARCH_OFFSET + MAX_SEARCH_LIMIT;

export interface ExplorerDownloadProps {
  search: { q: string; platform: SocialPlatform | undefined; startDate: string; endDate: string; dataset: Dataset };
  total: number;
  totalCapped: boolean;
}

/** The explorer's results as a file: every one "Load more" reaches, in its order; past that, an Export task. */
export function ExplorerDownload({ search, total, totalCapped }: ExplorerDownloadProps) {
  const query = new URLSearchParams({ q: search.q, startDate: search.startDate, endDate: search.endDate });
  if (search.platform) query.set('platform', search.platform);
  if (search.dataset === 'mine') query.set('dataset', 'mine');
  const task = new URLSearchParams({ type: 'export', from: search.startDate.slice(0, 10), to: search.endDate.slice(0, 10) });
  // A search for one $coin is an export of that coin; any other text, of its words.
  if (/^\$[A-Za-z0-9]{1,15}$/.test(search.q)) task.set('symbols', search.q.slice(1).toUpperCase());
  else task.set('keywords', search.q);
  if (search.platform) task.set('platforms', search.platform);
  if (search.dataset === 'mine') task.set('dataset', 'mine');
  return (
    <DownloadBar pathFor={(format) => `/api/social/search/download?${query.toString()}&format=${format}`} fallbackName="search-results">
      <p className={styles.note}>
        A download holds these results in this order, as many as Load more reaches (up to {formatCount(REACH)}).
      </p>
      {totalCapped || total > REACH ? (
        <p className={styles.note}>
          More posts match than that. <Link to={`/tasks?${task.toString()}`}>Export them all with an Export task</Link> (the search,
          platform, period and dataset are filled in).
        </p>
      ) : null}
    </DownloadBar>
  );
}
