import type { MarketAsset, MarketOverview } from '@coinsight/contracts';
import { sql } from 'kysely';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Every tracked asset's latest price, 24 h change, volume, cap and rank, BTC dominance over the
 * tracked assets, and each coin's mentions and sentiment over 24 hours, from stored data only.
 * Per asset it reads a handful of index lookups (the latest tick, the price 24 h ago) and the
 * hourly social rollup, never the ticks or posts in bulk.
 * With `symbols` (tickers, e.g. GET /v1/crypto/prices') it reads only those assets and answers them
 * in that order; rank, totals and dominance are then over those assets alone. A symbol that is not
 * tracked is a BAD_REQUEST naming them all (details: `symbols`).
 */
export async function marketOverview(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: { symbols?: readonly string[] },
): Promise<MarketOverview> {
  const { db } = deps;
  const now = deps.now();
  const wanted = input.symbols ? [...input.symbols] : undefined;
  const dayAgo = new Date(now.getTime() - DAY);
  // The price 24 h ago: the last tick at or before then, else the close of the minute (then
  // hourly) candle just before then, for the first day, which back-filled candles cover but ticks do not.
  const rows = await sql<{
    symbol: string;
    name: string;
    list_rank: number;
    circulating_supply: number | null;
    total_supply: number | null;
    max_supply: number | null;
    time: Date | null;
    price: number | null;
    volume_24h: number | null;
    market_cap: number | null;
    price_24h_ago: number | null;
  }>`
    select a.symbol, a.name, a.rank as list_rank, a.circulating_supply, a.total_supply, a.max_supply,
           latest.time, latest.price, latest.volume_24h, latest.market_cap,
           coalesce(
             (select price from price_ticks where asset = a.symbol and time <= ${dayAgo} and time > ${new Date(dayAgo.getTime() - HOUR)}
               order by time desc limit 1),
             (select close from candles where asset = a.symbol and interval = '1m' and open_time < ${dayAgo} and open_time >= ${new Date(dayAgo.getTime() - HOUR)}
               order by open_time desc limit 1),
             (select close from candles where asset = a.symbol and interval = '1h' and open_time < ${new Date(dayAgo.getTime() - HOUR)} and open_time >= ${new Date(dayAgo.getTime() - 3 * HOUR)}
               order by open_time desc limit 1)
           ) as price_24h_ago
    from assets a
    left join lateral (
      select time, price, volume_24h, market_cap from price_ticks
      where asset = a.symbol and time <= ${now} order by time desc limit 1
    ) latest on true
    ${wanted ? sql`where a.symbol = any(${wanted}::text[])` : sql``}
  `.execute(db);
  if (wanted) {
    const found = new Set(rows.rows.map((r) => r.symbol));
    const unknown = wanted.filter((symbol) => !found.has(symbol));
    if (unknown.length > 0) {
      throw new AppError('BAD_REQUEST', `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, {
        details: { symbols: unknown },
      });
    }
  }

  // The hourly rollup's buckets end with the hour in progress, as the social analytics' do.
  const socialEnd = new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR);
  const social = await sql<{ topic: string; mentions: number; sentiment_sum: number }>`
    select topic, sum(mentions)::int8 as mentions, sum(sentiment_sum) as sentiment_sum
    from topic_hourly_stats
    where hour >= ${new Date(socialEnd.getTime() - DAY)} and hour < ${socialEnd}
      and ${wanted ? sql`topic = any(${wanted.map((s) => `$${s}`)}::text[])` : sql`topic like '$%'`}
    group by topic
  `.execute(db);
  const mentions = new Map(social.rows.map((r) => [r.topic.slice(1), { count: Number(r.mentions), sum: Number(r.sentiment_sum) }]));

  const byCap = [...rows.rows].sort((a, b) => (b.market_cap ?? -1) - (a.market_cap ?? -1) || a.list_rank - b.list_rank);
  const rankOf = new Map(byCap.map((r, index) => [r.symbol, index + 1]));
  const ordered = wanted ? wanted.map((symbol) => rows.rows.find((r) => r.symbol === symbol)!) : byCap;
  const totalMarketCap = rows.rows.reduce((sum, r) => sum + (r.market_cap ?? 0), 0);
  const btcCap = rows.rows.find((r) => r.symbol === 'BTC')?.market_cap ?? null;
  const times = rows.rows.flatMap((r) => (r.time ? [r.time.getTime()] : []));

  const assets: MarketAsset[] = ordered.map((r) => {
    const posts = mentions.get(r.symbol);
    return {
      id: r.symbol.toLowerCase(),
      symbol: r.symbol,
      name: r.name,
      rank: rankOf.get(r.symbol) ?? 0,
      price: r.price,
      change24h: r.price !== null && r.price_24h_ago ? round(((r.price - r.price_24h_ago) / r.price_24h_ago) * 100, 2) : null,
      volume24h: r.volume_24h,
      marketCap: r.market_cap,
      circulatingSupply: r.circulating_supply,
      totalSupply: r.total_supply,
      maxSupply: r.max_supply,
      mentions24h: posts?.count ?? 0,
      sentiment: posts && posts.count > 0 ? round(posts.sum / posts.count, 4) : null,
      sentimentPosts: posts?.count ?? 0,
      asOf: r.time ? r.time.toISOString() : null,
    };
  });

  return {
    assets,
    totalMarketCap,
    btcDominance: {
      value: btcCap !== null && totalMarketCap > 0 ? round((btcCap / totalMarketCap) * 100, 2) : null,
      basis: 'tracked-assets',
      label: `BTC market cap as a share of the ${rows.rows.length} tracked assets' total`,
    },
    trackedAssets: rows.rows.length,
    asOf: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
    socialAsOf: socialEnd.toISOString(),
  };
}
