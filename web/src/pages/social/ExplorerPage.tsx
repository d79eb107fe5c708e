import {
  ANALYTICS_PERIODS,
  EXPLORER_PLATFORMS,
  OVERVIEW_PLATFORMS,
  PERIOD_LABELS,
  PLATFORM_LABELS,
  SOCIAL_MESSAGES,
  type AnalyticsPeriod,
  type ExplorerPlatform,
  type SocialPlatform,
} from '@coinsight/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../components/forms';
import { Page } from '../../components/Page';
import { PlatformSummaryStats } from './PlatformSummaryStats';
import { Select, TextField } from '../../components/ui';
import { cx } from '../../lib/cx';
import { trpc } from '../../lib/trpc';
import styles from './Explorer.module.css';
import { SearchResults } from './SearchResults';
import { useSettledSearch } from './useSettledSearch';

const platformOptions = EXPLORER_PLATFORMS.map((p) => ({ value: p, label: p === 'all' ? 'All platforms' : PLATFORM_LABELS[p] }));
const periodOptions = ANALYTICS_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }));

/**
 * Spec §2 Data Explorer: search text, platform and period, searched 500 ms after the last
 * change; platform summary cards that select a platform on click and let it go on a second
 * click; results listed for the selected platform.
 */
export default function ExplorerPage() {
  const [text, setText] = useState('');
  const [platform, setPlatform] = useState<ExplorerPlatform>('all');
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const [selected, setSelected] = useState<SocialPlatform | null>(null);
  const settled = useSettledSearch(text, platform, period);

  const searchPlatform = selected ?? (settled && settled.platform !== 'all' ? settled.platform : undefined);
  const search = trpc.social.search.useQuery(
    { q: settled?.q, platform: searchPlatform, startDate: settled?.startDate, endDate: settled?.endDate },
    { enabled: Boolean(settled?.q), placeholderData: keepPreviousData },
  );
  const summaries = trpc.social.summaries.useQuery({ period: settled?.period ?? period });

  const results = () => {
    if (!settled?.q) return <p className={styles.empty}>{SOCIAL_MESSAGES.explorerPrompt}</p>;
    if (search.isPending) {
      return (
        <p className={styles.empty} role="status">
          Searching…
        </p>
      );
    }
    if (search.isError) {
      return (
        <FormAlert tone="error">
          <p>{SOCIAL_MESSAGES.explorerFailed}</p>
        </FormAlert>
      );
    }
    if (search.data.data.length === 0) return <p className={styles.empty}>{SOCIAL_MESSAGES.explorerNoResults}</p>;
    return <SearchResults results={search.data.data} />;
  };

  return (
    <Page title="Data Explorer" description="Search collected posts by text, $coin or #hashtag, platform and period, and compare what each platform is saying.">
      <form className={styles.controls} role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          className={styles.query}
          label="Search"
          type="search"
          placeholder="bitcoin, $ETH, #defi …"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <Select label="Platform" value={platform} options={platformOptions} onChange={(event) => setPlatform(event.target.value as ExplorerPlatform)} />
        <Select label="Period" value={period} options={periodOptions} onChange={(event) => setPeriod(event.target.value as AnalyticsPeriod)} />
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
            {OVERVIEW_PLATFORMS.map((p) => {
              const summary = summaries.data?.platforms.find((s) => s.platform === p);
              const isSelected = selected === p;
              return (
                <li key={p} className={cx(styles.card, isSelected && styles.selected)}>
                  <h3 className={styles.cardTitle}>
                    <button type="button" className={styles.cardButton} aria-pressed={isSelected} onClick={() => setSelected((s) => (s === p ? null : p))}>
                      {PLATFORM_LABELS[p]}
                    </button>
                  </h3>
                  {summary ? <PlatformSummaryStats summary={summary} /> : <p className={styles.muted}>Loading…</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="explorer-results" className={styles.section} aria-busy={search.isFetching}>
        <h2 id="explorer-results" className={styles.sectionTitle}>
          {searchPlatform ? `Results on ${PLATFORM_LABELS[searchPlatform]}` : 'Results'}
        </h2>
        {results()}
      </section>
    </Page>
  );
}
