import type { Command } from 'commander';
import type { Asset, HistoryQuery, MentionsQuery, Price, SeriesQuery, TrendingQuery } from '@coinsight/sdk';
import { Context, type Io } from '../context.js';
import { listOf, wholeNumber } from '../parse.js';

const PRICE_COLUMNS = ['symbol', 'name', 'price', 'change24h', 'volume24h', 'marketCap', 'asOf'] as const;
const CANDLE_COLUMNS = ['time', 'open', 'high', 'low', 'close', 'volume'] as const;
const MENTION_COLUMNS = ['platform', 'mentions', 'sentiment', 'sentimentPosts'] as const;
const SERIES_COLUMNS = ['time', 'mentions', 'sentiment', 'engagement'] as const;
const TRENDING_COLUMNS = ['topic', 'mentions', 'sentiment', 'change24h', 'relatedTokens'] as const;
const ASSET_COLUMNS = ['rank', 'symbol', 'name', 'slug'] as const;

/** prices, history, mentions, timeseries, trending, sentiment and assets: the market and social reads. */
export function addMarketCommands(program: Command, io: Io): void {
  program
    .command('prices')
    .description('Price, 24 h change, volume and market cap of up to 50 assets')
    .argument('<symbols...>', 'tickers, names or ids, separated by spaces or commas (BTC,ETH or BTC ETH)')
    .action(async (symbols: string[], _options, command: Command) => {
      const context = new Context(io, command);
      const answer = await (await context.client()).crypto.prices({ symbols: listOf(symbols) });
      context.print({ answer, items: answer.prices, columns: PRICE_COLUMNS, row: (p: Price) => ({ ...p }) });
    });

  program
    .command('history')
    .description('Candles (open, high, low, close, volume) of one asset over [from, to), oldest first')
    .argument('<symbol>', 'ticker, name or id')
    .option('--interval <interval>', 'candle length: 1m, 1h or 1d (default 1h)')
    .option('--from <time>', 'start, inclusive: unix seconds or ISO 8601 (default: a span before --to that suits the interval)')
    .option('--to <time>', 'end, exclusive: unix seconds or ISO 8601 (default now)')
    .action(async (symbol: string, options: { interval?: string; from?: string; to?: string }, command: Command) => {
      const context = new Context(io, command);
      const query = { symbol, interval: options.interval, from: options.from, to: options.to } as HistoryQuery;
      const answer = await (await context.client()).crypto.history(query);
      context.print({ answer, items: answer.candles, columns: CANDLE_COLUMNS, row: (c) => ({ ...c }) });
    });

  program
    .command('mentions')
    .description('Posts naming an asset per platform over a timeframe, with their mean sentiment')
    .argument('<symbol>', 'ticker, name or id')
    .option('--platform <platform>', 'twitter, instagram, linkedin, tiktok or all (default all)')
    .option('--timeframe <timeframe>', '1h, 24h, 7d or 30d (default 24h)')
    .action(async (symbol: string, options: { platform?: string; timeframe?: string }, command: Command) => {
      const context = new Context(io, command);
      const query = { symbol, platform: options.platform, timeframe: options.timeframe } as MentionsQuery;
      const answer = await (await context.client()).social.mentions(query);
      // The per-platform lines, then their total.
      const items = [...answer.platforms, { platform: 'total', ...answer.total }];
      context.print({ answer, items, columns: MENTION_COLUMNS, row: (m) => ({ ...m }) });
    });

  program
    .command('timeseries')
    .description('Mentions, mean sentiment and engagement of an asset per hour or UTC day over [from, to), oldest first')
    .argument('<symbol>', 'ticker, name or id')
    .option('--interval <interval>', '1h or 1d (default 1h)')
    .option('--from <time>', 'start, inclusive: unix seconds or ISO 8601 (default: 7 days before --to for 1h, 90 days for 1d)')
    .option('--to <time>', 'end, exclusive: unix seconds or ISO 8601 (default now)')
    .option('--platform <platform>', 'twitter, instagram, facebook, linkedin or all (default all)')
    .action(async (symbol: string, options: { interval?: string; from?: string; to?: string; platform?: string }, command: Command) => {
      const context = new Context(io, command);
      const query = { symbol, ...options } as SeriesQuery;
      const answer = await (await context.client()).social.timeseries(query);
      context.print({ answer, items: answer.buckets, columns: SERIES_COLUMNS, row: (b) => ({ ...b }) });
    });

  program
    .command('trending')
    .description('The most mentioned topics ($coins, #hashtags) of the last 24 hours or 7 days, with sentiment and 24 h change')
    .option('--period <period>', '24h or 7d (default 24h)')
    .option('--platform <platform>', 'twitter, instagram, facebook, linkedin or all (default all)')
    .option('--limit <n>', 'topics, 1 to 50 (default 10)', wholeNumber(1))
    .action(async (options: { period?: string; platform?: string; limit?: number }, command: Command) => {
      const context = new Context(io, command);
      const answer = await (await context.client()).social.trending(options as TrendingQuery);
      context.print({
        answer,
        items: answer.topics,
        columns: TRENDING_COLUMNS,
        row: (t) => ({ ...t, relatedTokens: t.relatedTokens.join(' ') }),
      });
    });

  program
    .command('assets')
    .description('Every tracked asset by market-cap rank: what any symbol argument accepts')
    .action(async (_options, command: Command) => {
      const context = new Context(io, command);
      const assets: Asset[] = [];
      for await (const asset of (await context.client()).assets.iterate()) assets.push(asset);
      context.print({ answer: assets, items: assets, columns: ASSET_COLUMNS, row: (a) => ({ ...a }) });
    });

  program
    .command('sentiment')
    .description('Mean sentiment of the last 24 hours per asset, overall and per source')
    .argument('<symbols...>', 'up to 25 tickers, names or ids, separated by spaces or commas')
    .option('--sources <sources>', 'comma-separated: twitter, instagram, linkedin, tiktok (default all four)')
    .action(async (symbols: string[], options: { sources?: string }, command: Command) => {
      const context = new Context(io, command);
      const sources = options.sources === undefined ? undefined : listOf([options.sources]);
      const answer = await (await context.client()).market.sentiment({ symbols: listOf(symbols), sources });
      const columns = ['symbol', 'name', 'score', 'label', 'posts', ...answer.sources.flatMap((s) => [`${s}.score`, `${s}.posts`])];
      context.print({
        answer,
        items: answer.symbols,
        columns,
        row: ({ sources: perSource, ...coin }) => ({
          ...coin,
          ...Object.fromEntries(
            perSource.flatMap((s) => [[`${s.source}.score`, s.score] as const, [`${s.source}.posts`, s.posts] as const]),
          ),
        }),
      });
    });
}
