import {
  REACTION_KINDS,
  SORT_COLUMNS,
  type PostsByPlatform,
  type ReactionKind,
  type Reactions,
  type SocialPlatform,
} from '@coinsight/contracts';
import { PostText } from './PostText';
import { SentimentBadge } from './SentimentBadge';
import { authorName, CreatorLink } from './socialLinks';
import { Badge, type TableColumn } from '../../components/ui';
import { formatCount, formatPostDay, formatPostTime } from '../../lib/formatNumber';
import { utcTitle } from '../../lib/formatTime';
import styles from './PostsTable.module.css';

const REACTION_LABELS: Record<ReactionKind, string> = { like: '👍', love: '❤️', haha: '😆', wow: '😮', sad: '😢', angry: '😠' };

/** The counters some platform shows, by their field name, with their headers. */
const COUNTER_HEADERS = {
  views: 'Views',
  likes: 'Likes',
  replies: 'Replies',
  retweets: 'Retweets',
  comments: 'Comments',
  shares: 'Shares',
};
type Counter = keyof typeof COUNTER_HEADERS;
/** The counters a platform's posts carry. */
type CountersOf<P extends SocialPlatform> = Extract<keyof PostsByPlatform[P], Counter>;

/** What sets a platform's table apart; every other column is the same for all. */
interface PlatformTable<P extends SocialPlatform> {
  /** Columns of the platform's own fields, between the post and its date. */
  details: ReadonlyArray<TableColumn<PostsByPlatform[P]>>;
  /** Its counters, in the order shown after the date. */
  counters: ReadonlyArray<CountersOf<P>>;
  /** Columns of its own after the counters. */
  extras: ReadonlyArray<TableColumn<PostsByPlatform[P]>>;
}

function ReactionsCell({ reactions }: { reactions: Reactions }) {
  const shown = REACTION_KINDS.filter((kind) => reactions[kind] > 0);
  if (shown.length === 0) return <span className={styles.muted}>None</span>;
  return (
    <ul className={styles.reactions}>
      {shown.map((kind) => (
        <li key={kind} title={kind}>
          <span aria-label={kind}>{REACTION_LABELS[kind]}</span> {formatCount(reactions[kind])}
        </li>
      ))}
    </ul>
  );
}

const none = <span className={styles.muted}>—</span>;

/** docs/product.md §3's fields per platform: the one place the four tables differ. */
const PLATFORM_TABLES: { [P in SocialPlatform]: PlatformTable<P> } = {
  twitter: { details: [], counters: ['views', 'likes', 'replies', 'retweets'], extras: [] },
  instagram: {
    details: [
      { key: 'mediaType', header: 'Media', cell: (r) => (r.mediaType ? <Badge tone="info">{r.mediaType}</Badge> : none) },
      { key: 'location', header: 'Location', cell: (r) => r.location ?? none },
    ],
    counters: ['likes', 'comments'],
    extras: [],
  },
  facebook: {
    details: [],
    counters: ['likes', 'comments', 'shares'],
    extras: [{ key: 'reactions', header: 'Reactions', cell: (r) => <ReactionsCell reactions={r.reactions} /> }],
  },
  linkedin: { details: [], counters: ['views', 'likes', 'comments', 'shares'], extras: [] },
};

/**
 * A platform's columns: user, post, its details, date, its counters, its extras, sentiment. The
 * date and the counters it sorts by (SORT_COLUMNS) have sortable headers.
 */
function platformColumns<P extends SocialPlatform>(
  platform: P,
  expanded: ReadonlySet<string>,
  authorLinks: boolean,
): TableColumn<PostsByPlatform[P]>[] {
  type Row = PostsByPlatform[P];
  const table: PlatformTable<P> = PLATFORM_TABLES[platform];
  const sortable = (key: string) => (SORT_COLUMNS[platform] as readonly string[]).includes(key);
  return [
    {
      key: 'user',
      header: 'User',
      cell: (row: Row) =>
        authorLinks ? (
          <CreatorLink platform={platform} username={row.userRef.username} className={styles.user} />
        ) : (
          <span className={styles.user}>{authorName(platform, row.userRef.username)}</span>
        ),
    },
    { key: 'text', header: 'Post', cell: (row: Row) => <PostText text={row.text} expanded={expanded.has(row._id)} /> },
    ...table.details,
    {
      key: 'created_at',
      header: 'Date',
      sortable: sortable('created_at'),
      cell: (row: Row) => (
        <time className={styles.date} dateTime={row.createdAt} title={utcTitle(row.createdAt)}>
          <span>{formatPostDay(row.createdAt)}</span> <span>{formatPostTime(row.createdAt)}</span>
        </time>
      ),
    },
    ...table.counters.map((counter): TableColumn<Row> => ({
      key: counter,
      header: COUNTER_HEADERS[counter],
      align: 'end',
      sortable: sortable(counter),
      // Typed by CountersOf: each of these fields is a number on this platform's posts.
      cell: (row) => formatCount(row[counter] as number),
    })),
    ...table.extras,
    { key: 'sentiment', header: 'Sentiment', cell: (row: Row) => <SentimentBadge score={row.sentiment} /> },
  ];
}

/** Each platform's columns (docs/product.md §3 fields); the counters it sorts by have sortable headers. */
export const PLATFORM_COLUMNS: {
  [P in SocialPlatform]: (expanded: ReadonlySet<string>, authorLinks?: boolean) => TableColumn<PostsByPlatform[P]>[];
} = {
  twitter: (expanded, authorLinks = true) => platformColumns('twitter', expanded, authorLinks),
  instagram: (expanded, authorLinks = true) => platformColumns('instagram', expanded, authorLinks),
  facebook: (expanded, authorLinks = true) => platformColumns('facebook', expanded, authorLinks),
  linkedin: (expanded, authorLinks = true) => platformColumns('linkedin', expanded, authorLinks),
};
