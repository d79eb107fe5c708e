import type { QuickStats } from '@coinsight/contracts';
import { LinkCards, type LinkCard } from '../../components/LinkCards';
import { Page } from '../../components/Page';
import { trpc } from '../../lib/trpc';
import { formatCount } from '../../lib/formatNumber';
import styles from './SocialPage.module.css';

const TABLES: LinkCard[] = [
  { to: '/social/twitter', title: 'Twitter', text: 'Tweets with views, likes, replies and retweets.' },
  { to: '/social/instagram', title: 'Instagram', text: 'Posts with likes, comments, media type and location.' },
  { to: '/social/facebook', title: 'Facebook', text: 'Posts with likes, comments, shares and reactions.' },
  { to: '/social/linkedin', title: 'LinkedIn', text: 'Posts with views, likes, comments and shares.' },
];

const MORE: LinkCard[] = [
  {
    to: '/social/analytics',
    title: 'Social analytics',
    text: 'Platform summaries, trending topics and charts of mentions and sentiment over time.',
  },
  { to: '/explorer', title: 'Data Explorer', text: 'Search every platform by text, $coin or #hashtag over a period.' },
];

const STATS: { key: keyof QuickStats; label: string }[] = [
  { key: 'posts', label: 'Posts' },
  { key: 'likes', label: 'Likes' },
  { key: 'comments', label: 'Comments' },
  { key: 'shares', label: 'Shares' },
];

/** Quick stats of everything stored: posts, likes, comments, shares. */
function QuickStatsSection() {
  const stats = trpc.social.quickStats.useQuery();
  return (
    <section aria-labelledby="quick-stats-heading" className={styles.section}>
      <h2 id="quick-stats-heading" className={styles.title}>
        Quick Stats
      </h2>
      <dl className={styles.stats} aria-busy={stats.isPending}>
        {STATS.map(({ key, label }) => (
          <div key={key} className={styles.stat}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.value}>{stats.data ? formatCount(stats.data[key]) : stats.isError ? '–' : '…'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** docs/product.md §2 social welcome page: the platform tables, and quick stats of everything stored. */
export default function SocialPage() {
  return (
    <Page
      title="Social"
      heading="Social Media Data"
      description="Browse the posts Coinsight collects from Twitter, Instagram, Facebook and LinkedIn, each scored for sentiment and tagged with the coins it mentions."
    >
      <LinkCards cards={TABLES} />
      <QuickStatsSection />
      <LinkCards cards={MORE} />
    </Page>
  );
}
