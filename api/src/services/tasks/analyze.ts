import {
  SENTIMENT_POSITIVE_AT,
  type AnalysisReport,
  type AnalyzeSummary,
  type AnalyzeTaskParams,
  type SocialPlatform,
} from '@coinsight/contracts';
import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import { postsMatching } from './query.js';
import type { TaskRun } from './run-context.js';

type Deps = Pick<ServiceDeps, 'db'>;

/** Neutral from here up to SENTIMENT_POSITIVE_AT (v1/sentiment.ts's thresholds). */
const SENTIMENT_NEUTRAL_AT = 0.4;
const TOP = 10;
/** Spans up to this long are counted by hour, longer ones by day. */
const HOURLY_UP_TO_MS = 3 * 86_400_000;

/**
 * The analysis report for a query: mentions over time, the sentiment split, top authors,
 * hashtags and co-mentioned coins. Each figure is one aggregate query over the matching posts.
 */
export async function runAnalysis(
  deps: Deps,
  run: TaskRun,
  userId: string,
  params: AnalyzeTaskParams,
): Promise<{ summary: AnalyzeSummary; report: AnalysisReport }> {
  const { query } = params;
  const matching = () => postsMatching(deps.db, query, userId);

  const totals = await matching()
    .select((eb) => [
      eb.fn.countAll<number>().as('posts'),
      eb.fn.min('posts.created_at').as('first'),
      eb.fn.max('posts.created_at').as('last'),
      sql<number | null>`avg(posts.sentiment)`.as('average'),
      sql<number>`count(*) filter (where posts.sentiment >= ${SENTIMENT_POSITIVE_AT})`.as('positive'),
      sql<number>`count(*) filter (where posts.sentiment >= ${SENTIMENT_NEUTRAL_AT} and posts.sentiment < ${SENTIMENT_POSITIVE_AT})`.as(
        'neutral',
      ),
      sql<number>`count(*) filter (where posts.sentiment < ${SENTIMENT_NEUTRAL_AT})`.as('negative'),
    ])
    .executeTakeFirstOrThrow();
  run.checkpoint();
  run.progress(20);

  const from = query.from ? new Date(query.from) : (totals.first as Date | null);
  const to = query.to ? new Date(query.to) : (totals.last as Date | null);
  const interval = from && to && to.getTime() - from.getTime() <= HOURLY_UP_TO_MS ? 'hour' : 'day';

  const buckets = await matching()
    .select([sql<Date>`date_trunc(${interval}, posts.created_at, 'UTC')`.as('at'), (eb) => eb.fn.countAll<number>().as('posts')])
    .groupBy('at')
    .orderBy('at')
    .execute();
  run.checkpoint();
  run.progress(40);

  const authors = await matching()
    .innerJoin('authors', 'authors.id', 'posts.author_id')
    .select(['authors.platform', 'authors.username', (eb) => eb.fn.countAll<number>().as('posts')])
    .groupBy(['authors.platform', 'authors.username'])
    .orderBy('posts', 'desc')
    .orderBy('authors.username')
    .limit(TOP)
    .execute();
  run.checkpoint();
  run.progress(60);

  const tagged = matching().select(sql<string>`unnest(posts.hashtags)`.as('tag'));
  const hashtags = await deps.db
    .selectFrom(tagged.as('t'))
    .select(['t.tag', (eb) => eb.fn.countAll<number>().as('posts')])
    .groupBy('t.tag')
    .orderBy('posts', 'desc')
    .orderBy('t.tag')
    .limit(TOP)
    .execute();
  run.checkpoint();
  run.progress(80);

  const mentioned = matching().select(sql<string>`unnest(posts.symbols)`.as('symbol'));
  let coQuery = deps.db.selectFrom(mentioned.as('m')).select(['m.symbol', (eb) => eb.fn.countAll<number>().as('posts')]);
  if (query.symbols?.length) coQuery = coQuery.where('m.symbol', 'not in', query.symbols);
  const coMentioned = await coQuery.groupBy('m.symbol').orderBy('posts', 'desc').orderBy('m.symbol').limit(TOP).execute();
  run.checkpoint();

  const posts = Number(totals.posts);
  const average = totals.average === null ? null : Math.round(Number(totals.average) * 1000) / 1000;
  const report: AnalysisReport = {
    query,
    generatedAt: new Date().toISOString(),
    from: from?.toISOString() ?? null,
    to: to?.toISOString() ?? null,
    posts,
    interval,
    mentionsOverTime: buckets.map((b) => ({ at: new Date(b.at).toISOString(), posts: Number(b.posts) })),
    sentiment: { positive: Number(totals.positive), neutral: Number(totals.neutral), negative: Number(totals.negative), average },
    topAuthors: authors.map((a) => ({ platform: a.platform as SocialPlatform, username: a.username, posts: Number(a.posts) })),
    topHashtags: hashtags.map((h) => ({ tag: h.tag, posts: Number(h.posts) })),
    coMentioned: coMentioned.map((c) => ({ symbol: c.symbol, posts: Number(c.posts) })),
  };
  return { report, summary: { posts, from: report.from, to: report.to, averageSentiment: average } };
}
