import {
  ANALYTICS_PERIODS,
  EXPLORER_PLATFORMS,
  PERIOD_LABELS,
  PLATFORM_LABELS,
  SOCIAL_MESSAGES,
  SOCIAL_PLATFORMS,
  type AnalyticsPeriod,
  type ExplorerPlatform,
  type PlatformMatches,
} from '@coinsight/contracts';
import { useState } from 'react';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { Button, Select, TextField } from '../../components/ui';
import { cx } from '../../lib/cx';
import { formatCount } from '../../lib/formatNumber';
import { trpc } from '../../lib/trpc';
import { DatasetSwitch, type DatasetChoice } from './DatasetSwitch';
import { ExplorerDownload } from './ExplorerDownload';
import styles from './Explorer.module.css';
import { PlatformSummaryStats } from './PlatformSummaryStats';
import { SearchResults } from './SearchResults';
import { useSettledSearch, type SettledSearch } from './useSettledSearch';

const platformOptions = EXPLORER_PLATFORMS.map((p) => ({ value: p, label: p === 'all' ? 'All platforms' : PLATFORM_LABELS[p] }));
const periodOptions = ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

const isExplorerPlatform = (value: string): value is ExplorerPlatform => (EXPLORER_PLATFORMS as readonly string[]).includes(value);
const isPeriod = (value: string): value is AnalyticsPeriod => (ANALYTICS_PERIODS as readonly string[]).includes(value);

const countText = (n: number, capped: boolean) => `${formatCount(n)}${capped ? '+' : ''}`;
const matchesText = (m: PlatformMatches) => `${countText(m.matches, m.capped)} matching ${m.matches === 1 && !m.capped ? 'post' : 'posts'}`;

/**
 * docs/product.md §2 Data Explorer: search text, platform and period, searched 500 ms after the last
 * change; platform cards that select a platform on click and let it go on a second click; the
 * results for the selected platform, counted, with more on request. The dropdown and the cards
 * are two views of one choice of platform.
 */
export default function ExplorerPage() {
  const [text, setText] = useState('');
  const [platform, setPlatform] = useState<ExplorerPlatform>('all');
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const [dataset, setDataset] = useState<DatasetChoice>({ dataset: 'shared' });
  const settled = useSettledSearch(text, platform, period);
  const search = useSearchPages(settled, dataset);
  const summaries = trpc.social.summaries.useQuery({ period: settled?.period ?? period });

  return (
    <Page
      title="Data Explorer"
      description="Search collected posts by text, $coin or #hashtag, platform and period, and compare what each platform is saying."
    >
      <DatasetSwitch value={dataset} onChange={setDataset} />
      <form className={styles.controls} role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          className={styles.query}
          label="Search"
          type="search"
          placeholder="bitcoin, $ETH, #defi …"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Select
          label="Platform"
          value={platform}
          options={platformOptions}
          onChange={(event) => {
            if (isExplorerPlatform(event.target.value)) setPlatform(event.target.value);
          }}
        />
        <Select
          label="Period"
          value={period}
          options={periodOptions}
          onChange={(event) => {
            if (isPeriod(event.target.value)) setPeriod(event.target.value);
          }}
        />
      </form>

      <section aria-labelledby="explorer-platforms" className={styles.section}>
        <h2 id="explorer-platforms" className={styles.sectionTitle}>
          Platforms
        </h2>
        {summaries.isError ? (
          <FormAlert tone="error">
            <p>{SOCIAL_MESSAGES.explorerFailed}</p>
          </FormAlert>
        ) : (
          <ul className={styles.cards} aria-busy={summaries.isPending}>
            {SOCIAL_PLATFORMS.map((p) => {
              const summary = summaries.data?.platforms.find((s) => s.platform === p);
              const found = search.matches?.find((m) => m.platform === p);
              const isSelected = platform === p;
              return (
                <li key={p} className={cx(styles.card, isSelected && styles.selected)}>
                  <h3 className={styles.cardTitle}>
                    <button
                      type="button"
                      className={styles.cardButton}
                      aria-pressed={isSelected}
                      onClick={() => setPlatform(isSelected ? 'all' : p)}
                    >
                      {PLATFORM_LABELS[p]}
                    </button>
                  </h3>
                  {found ? <p className={styles.matches}>{matchesText(found)}</p> : null}
                  {summary ? <PlatformSummaryStats summary={summary} /> : <p className={styles.muted}>Loading…</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="explorer-results" className={styles.section} aria-busy={search.isFetching}>
        <h2 id="explorer-results" className={styles.sectionTitle}>
          {search.platform ? `Results on ${PLATFORM_LABELS[search.platform]}` : 'Results'}
        </h2>
        <SearchOutcome search={search} dataset={dataset.dataset} downloadable={dataset.teamId === undefined} />
      </section>
    </Page>
  );
}

type SearchPages = ReturnType<typeof useSearchPages>;

/** The settled search's results, one page after another as "Load more" asks; a new search starts at its first. */
function useSearchPages(settled: SettledSearch | null, dataset: DatasetChoice) {
  const searchKey = JSON.stringify([settled, dataset]);
  const [loads, setLoads] = useState<{ searchKey: string; offsets: number[] }>({ searchKey, offsets: [0] });
  const offsets = loads.searchKey === searchKey ? loads.offsets : [0];
  const q = settled?.q;
  const platform = settled && settled.platform !== 'all' ? settled.platform : undefined;
  const pages = trpc.useQueries((t) =>
    q && settled
      ? offsets.map((offset) =>
          t.social.search({ q, platform, startDate: settled.startDate, endDate: settled.endDate, offset, ...dataset }),
        )
      : [],
  );
  const first = pages[0];
  const last = pages.at(-1);
  return {
    q,
    platform,
    settled,
    first,
    last,
    loaded: pages.flatMap((page) => page.data?.data ?? []),
    matches: first?.data?.platforms ?? null,
    isFetching: pages.some((page) => page.isFetching),
    loadMore: (offset: number) => setLoads({ searchKey, offsets: [...offsets, offset] }),
  };
}

// A search download reads the shared dataset or the caller's own: a team's search is not offered as one.
function SearchOutcome({
  search,
  dataset,
  downloadable,
}: {
  search: SearchPages;
  dataset: DatasetChoice['dataset'];
  downloadable: boolean;
}) {
  const { q, first, last, loaded } = search;
  if (!q || !first) return <p className={styles.empty}>{SOCIAL_MESSAGES.explorerPrompt}</p>;
  if (first.isPending) {
    return (
      <p className={styles.empty} role="status">
        Searching…
      </p>
    );
  }
  if (first.isError || !first.data) {
    return (
      <FormAlert tone="error">
        <p>{SOCIAL_MESSAGES.explorerFailed}</p>
      </FormAlert>
    );
  }
  const { total, totalCapped } = first.data;
  if (total === 0 && loaded.length === 0) return <p className={styles.empty}>{SOCIAL_MESSAGES.explorerNoResults}</p>;
  const nextOffset = last?.data?.nextOffset ?? null;
  return (
    <>
      <p className={styles.count} aria-live="polite">
        Showing {formatCount(loaded.length)} of {countText(total, totalCapped)} {total === 1 && !totalCapped ? 'result' : 'results'}
      </p>
      {search.settled && downloadable ? (
        <ExplorerDownload
          search={{ q, platform: search.platform, startDate: search.settled.startDate, endDate: search.settled.endDate, dataset }}
          total={total}
          totalCapped={totalCapped}
        />
      ) : null}
      <SearchResults results={loaded} authorLinks={dataset === 'shared'} />
      {last?.isError ? (
        <FormAlert tone="error">
          <p>{SOCIAL_MESSAGES.explorerFailed}</p>
        </FormAlert>
      ) : null}
      {nextOffset !== null ? (
        <div>
          <Button variant="secondary" disabled={last?.isFetching} onClick={() => search.loadMore(nextOffset)}>
            {last?.isFetching ? 'Loading…' : 'Load more results'}
          </Button>
        </div>
      ) : loaded.length < total ? (
        <p className={styles.muted}>These are the first {formatCount(loaded.length)}: narrow the search or the period to see the rest.</p>
      ) : null}
    </>
  );
}
