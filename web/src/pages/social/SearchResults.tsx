import { PLATFORM_LABELS, type SearchResult } from '@coinsight/contracts';
import { SentimentBadge } from './SentimentBadge';
import { authorName, CreatorLink, TopicLink } from './socialLinks';
import { Badge } from '../../components/ui';
import { Time } from '../../components/Time';
import { formatCount } from '../../lib/formatNumber';
import styles from './Explorer.module.css';

const METRICS = [
  ['likes', 'like'],
  ['comments', 'comment'],
  ['shares', 'share'],
  ['views', 'view'],
  ['retweets', 'retweet'],
] as const;

/** docs/product.md §3 search results, newest or most relevant first. */
/** `authorLinks` false for one's own posts: a creator page is the shared dataset's, where their author may have none. */
export function SearchResults({ results, authorLinks = true }: { results: SearchResult[]; authorLinks?: boolean }) {
  return (
    <ol className={styles.results}>
      {results.map((result) => (
        <li key={`${result.platform}:${result._id}`}>
          <article className={styles.result}>
            <header className={styles.resultHeader}>
              <Badge tone="info">{PLATFORM_LABELS[result.platform]}</Badge>
              {authorLinks ? (
                <CreatorLink platform={result.platform} username={result.userRef.username} className={styles.author} />
              ) : (
                <span className={styles.author}>{authorName(result.platform, result.userRef.username)}</span>
              )}
              <Time className={styles.muted} value={result.createdAt} />
              <SentimentBadge score={result.sentiment} />
            </header>
            <p className={styles.text}>{result.text}</p>
            {result.hashtags.length > 0 ? (
              <ul className={styles.tags} aria-label="Hashtags">
                {result.hashtags.map((tag) => (
                  <li key={tag}>
                    <TopicLink topic={`#${tag}`} />
                  </li>
                ))}
              </ul>
            ) : null}
            <ul className={styles.metrics} aria-label="Engagement">
              {METRICS.filter(([key]) => result[key] > 0).map(([key, label]) => (
                <li key={key}>
                  <strong>{formatCount(result[key])}</strong> {result[key] === 1 ? label : `${label}s`}
                </li>
              ))}
            </ul>
          </article>
        </li>
      ))}
    </ol>
  );
}
