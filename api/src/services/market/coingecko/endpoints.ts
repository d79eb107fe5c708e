import type { ChartPoint } from '@coinsight/db';
import type { FeedAsset } from '../feed.js';
import type { CoinGeckoClient } from './client.js';
import { globalSchema, marketChartSchema, marketRowSchema, marketsSchema } from './schemas.js';

export interface Quote {
  symbol: string;
  /** USD. */
  price: number;
  marketCap: number | null;
  volume24h: number | null;
  circulatingSupply: number | null;
  totalSupply: number | null;
  /** Null for coins without a cap. */
  maxSupply: number | null;
  /** Plain percent: -0.95 is -0.95 %. */
  change24hPct: number | null;
  rank: number | null;
  /** When CoinGecko last updated the figures, not when we asked. */
  updatedAt: Date;
}

export interface QuotesResult {
  quotes: Quote[];
  /** Assets that came back without a usable quote, and why. */
  skipped: { symbol: string; reason: string }[];
}

/** `/coins/markets` takes up to 250 rows a page. */
const PAGE = 250;

export async function fetchQuotes(client: CoinGeckoClient, assets: readonly FeedAsset[]): Promise<QuotesResult> {
  const symbolById = new Map(assets.map((a) => [a.slug, a.symbol]));
  const quotes: Quote[] = [];
  const skipped: QuotesResult['skipped'] = [];
  const seen = new Set<string>();
  for (let start = 0; start < assets.length; start += PAGE) {
    const ids = assets.slice(start, start + PAGE).map((a) => a.slug);
    const rows = await client.get(
      '/coins/markets',
      { vs_currency: 'usd', ids: ids.join(','), per_page: String(PAGE), page: '1' },
      marketsSchema,
    );
    for (const raw of rows) {
      const parsed = marketRowSchema.safeParse(raw);
      const id = parsed.success ? parsed.data.id : idOf(raw);
      // Matched by id, never by CoinGecko's symbol: two coins may share one.
      const symbol = id === undefined ? undefined : symbolById.get(id);
      if (symbol === undefined) continue;
      seen.add(symbol);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        skipped.push({ symbol, reason: `unexpected ${issue?.path.join('.') ?? 'row'}: ${issue?.message ?? 'invalid'}` });
        continue;
      }
      const row = parsed.data;
      if (row.current_price === null) {
        skipped.push({ symbol, reason: 'no current price' });
        continue;
      }
      quotes.push({
        symbol,
        price: row.current_price,
        marketCap: row.market_cap,
        volume24h: row.total_volume,
        circulatingSupply: row.circulating_supply,
        totalSupply: row.total_supply,
        maxSupply: row.max_supply,
        change24hPct: row.price_change_percentage_24h,
        rank: row.market_cap_rank,
        updatedAt: new Date(row.last_updated),
      });
    }
  }
  for (const asset of assets)
    if (!seen.has(asset.symbol)) skipped.push({ symbol: asset.symbol, reason: `CoinGecko returned no row for id ${asset.slug}` });
  return { quotes, skipped };
}

function idOf(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== 'object' || !('id' in raw)) return undefined;
  return typeof raw.id === 'string' ? raw.id : undefined;
}

export interface GlobalFigures {
  /** USD, over every coin CoinGecko tracks (not only ours). */
  totalMarketCap: number | null;
  totalVolume24h: number | null;
  /** Share of the total market cap in percent, keyed by lower-case CoinGecko symbol (`btc`). */
  marketCapPercentage: Record<string, number>;
  updatedAt: Date;
}

export async function fetchGlobal(client: CoinGeckoClient): Promise<GlobalFigures> {
  const { data } = await client.get('/global', {}, globalSchema);
  return {
    totalMarketCap: data.total_market_cap.usd ?? null,
    totalVolume24h: data.total_volume.usd ?? null,
    marketCapPercentage: data.market_cap_percentage,
    updatedAt: new Date(data.updated_at * 1000),
  };
}

/** Times are UNIX ms. */
export interface MarketChartSeries {
  prices: ChartPoint[];
  marketCaps: ChartPoint[];
  /** Rolling 24 h volume at each time, not the volume since the previous point. */
  totalVolumes: ChartPoint[];
}

/**
 * `/coins/{id}/market_chart` for `days` back (or `max`). Granularity is CoinGecko's choice
 * unless `interval` is given: 5-minutely for 1 day, hourly for 2-90 days, daily beyond.
 */
export async function fetchMarketChart(
  client: CoinGeckoClient,
  slug: string,
  days: number | 'max',
  interval?: 'daily' | 'hourly',
): Promise<MarketChartSeries> {
  const query: Record<string, string> = { vs_currency: 'usd', days: String(days) };
  if (interval) query.interval = interval;
  const chart = await client.get(`/coins/${encodeURIComponent(slug)}/market_chart`, query, marketChartSchema);
  return { prices: points(chart.prices), marketCaps: points(chart.market_caps), totalVolumes: points(chart.total_volumes) };
}

function points(series: [number, number | null][]): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (const [time, value] of series) if (value !== null) out.push({ time, value });
  return out.sort((a, b) => a.time - b.time);
}
