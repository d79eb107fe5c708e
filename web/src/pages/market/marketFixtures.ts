import type { MarketAsset, MarketOverview, MarketSparklines } from '@coinsight/contracts';

export const ASOF = '2026-11-23T10:05:00.000Z';

export const asset = (fields: Partial<MarketAsset> & Pick<MarketAsset, 'symbol' | 'name' | 'rank'>): MarketAsset => ({
  id: fields.symbol.toLowerCase(),
  price: null,
  change24h: null,
  volume24h: null,
  marketCap: null,
  circulatingSupply: null,
  totalSupply: null,
  maxSupply: null,
  mentions24h: 0,
  sentiment: null,
  sentimentPosts: 0,
  asOf: ASOF,
  ...fields,
});

export const overview: MarketOverview = {
  assets: [
    asset({
      symbol: 'BTC',
      name: 'Bitcoin',
      rank: 1,
      price: 97_412.345,
      change24h: 2.41,
      volume24h: 38_500_000_000,
      marketCap: 1_920_000_000_000,
      circulatingSupply: 19_950_000,
      maxSupply: 21_000_000,
      mentions24h: 12,
      sentiment: 0.75,
      sentimentPosts: 12,
    }),
    asset({
      symbol: 'ETH',
      name: 'Ethereum',
      rank: 2,
      price: 3_012.5,
      change24h: -1.2,
      volume24h: 20e9,
      marketCap: 360e9,
      sentiment: 0.3,
      sentimentPosts: 1,
    }),
    asset({ symbol: 'PEPE', name: 'Pepe', rank: 3, price: 0.0000123456, change24h: 0, volume24h: 1e9, marketCap: 5e9 }),
  ],
  totalMarketCap: 2_285_000_000_000,
  btcDominance: { value: 84.03, basis: 'tracked-assets', label: "BTC market cap as a share of the 3 tracked assets' total" },
  trackedAssets: 3,
  asOf: ASOF,
  socialAsOf: '2026-11-23T11:00:00.000Z',
};

export const sparklines: MarketSparklines = {
  interval: '1h',
  from: '2026-11-16T11:00:00.000Z',
  to: '2026-11-23T11:00:00.000Z',
  series: [
    { symbol: 'BTC', closes: [90_000, 95_000, 97_412] },
    { symbol: 'ETH', closes: [3_200, 3_100, 3_012] },
  ],
};
