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
import { Badge, type TableColumn } from '../../components/ui';
import { formatCount, formatPostDay, formatPostTime } from '../../lib/formatNumber';
import styles from './PostsTable.module.css';

type AnyPost = PostsByPlatform[SocialPlatform];

const REACTION_LABELS: Record<ReactionKind, string> = { like: '👍', love: '❤️', haha: '😆', wow: '😮', sad: '😢', angry: '😠' };

function common<Row extends AnyPost>(platform: SocialPlatform, expanded: ReadonlySet<string>) {
  const sortable = (key: string) => (SORT_COLUMNS[platform] as readonly string[]).includes(key);
  return {
    // LinkedIn has no handles: its authors are shown by name.
    user: {
      key: 'user',
      header: 'User',
      cell: (row: Row) => (
        <span className={styles.user}>{platform === 'linkedin' ? row.userRef.username : `@${row.userRef.username}`}</span>
      ),
    } as TableColumn<Row>,
    text: {
      key: 'text',
      header: 'Post',
      cell: (row: Row) => <PostText text={row.text} expanded={expanded.has(row._id)} />,
    } as TableColumn<Row>,
    date: {
      key: 'created_at',
      header: 'Date',
      sortable: sortable('created_at'),
      cell: (row: Row) => (
        <time className={styles.date} dateTime={row.createdAt}>
          <span>{formatPostDay(row.createdAt)}</span> <span>{formatPostTime(row.createdAt)}</span>
        </time>
      ),
    } as TableColumn<Row>,
    count: (key: string, header: string, value: (row: Row) => number): TableColumn<Row> => ({
      key,
      header,
      align: 'end',
      sortable: sortable(key),
      cell: (row) => formatCount(value(row)),
    }),
    sentiment: { key: 'sentiment', header: 'Sentiment', cell: (row: Row) => <SentimentBadge score={row.sentiment} /> } as TableColumn<Row>,
  };
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

/** Each platform's columns (spec §3 fields); the counters it sorts by have sortable headers. */
export const PLATFORM_COLUMNS: { [P in SocialPlatform]: (expanded: ReadonlySet<string>) => TableColumn<PostsByPlatform[P]>[] } = {
  twitter: (expanded) => {
    const c = common<PostsByPlatform['twitter']>('twitter', expanded);
    return [
      c.user,
      c.text,
      c.date,
      c.count('views', 'Views', (r) => r.views),
      c.count('likes', 'Likes', (r) => r.likes),
      c.count('replies', 'Replies', (r) => r.replies),
      c.count('retweets', 'Retweets', (r) => r.retweets),
      c.sentiment,
    ];
  },
  instagram: (expanded) => {
    const c = common<PostsByPlatform['instagram']>('instagram', expanded);
    return [
      c.user,
      c.text,
      {
        key: 'mediaType',
        header: 'Media',
        cell: (r) => (r.mediaType ? <Badge tone="info">{r.mediaType}</Badge> : <span className={styles.muted}>—</span>),
      },
      { key: 'location', header: 'Location', cell: (r) => r.location ?? <span className={styles.muted}>—</span> },
      c.date,
      c.count('likes', 'Likes', (r) => r.likes),
      c.count('comments', 'Comments', (r) => r.comments),
      c.sentiment,
    ];
  },
  facebook: (expanded) => {
    const c = common<PostsByPlatform['facebook']>('facebook', expanded);
    return [
      c.user,
      c.text,
      c.date,
      c.count('likes', 'Likes', (r) => r.likes),
      c.count('comments', 'Comments', (r) => r.comments),
      c.count('shares', 'Shares', (r) => r.shares),
      { key: 'reactions', header: 'Reactions', cell: (r) => <ReactionsCell reactions={r.reactions} /> },
      c.sentiment,
    ];
  },
  linkedin: (expanded) => {
    const c = common<PostsByPlatform['linkedin']>('linkedin', expanded);
    return [
      c.user,
      c.text,
      c.date,
      c.count('views', 'Views', (r) => r.views),
      c.count('likes', 'Likes', (r) => r.likes),
      c.count('comments', 'Comments', (r) => r.comments),
      c.count('shares', 'Shares', (r) => r.shares),
      c.sentiment,
    ];
  },
};
