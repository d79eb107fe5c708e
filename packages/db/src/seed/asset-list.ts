export interface AssetListEntry {
  symbol: string;
  name: string;
  slug: string;
  /** Supplies as CoinGecko reported them in late 2025; a real feed updates them in the table. */
  circulatingSupply: number;
  totalSupply: number;
  /** Null: no cap. */
  maxSupply: number | null;
}

/**
 * Widely traded assets with their CoinGecko ids, in market-capitalisation order (the seed's rank).
 * The one list: the social symbol matcher reads the `assets` table made from it, and feeds price it.
 */
export const ASSET_LIST: ReadonlyArray<AssetListEntry> = [
  { symbol: 'BTC', name: 'Bitcoin', slug: 'bitcoin', circulatingSupply: 19_950_000, totalSupply: 19_950_000, maxSupply: 21_000_000 },
  { symbol: 'ETH', name: 'Ethereum', slug: 'ethereum', circulatingSupply: 120_700_000, totalSupply: 120_700_000, maxSupply: null },
  { symbol: 'USDT', name: 'Tether', slug: 'tether', circulatingSupply: 185_000_000_000, totalSupply: 185_000_000_000, maxSupply: null },
  { symbol: 'XRP', name: 'XRP', slug: 'ripple', circulatingSupply: 60_200_000_000, totalSupply: 99_980_000_000, maxSupply: 100_000_000_000 },
  { symbol: 'BNB', name: 'BNB', slug: 'binancecoin', circulatingSupply: 139_200_000, totalSupply: 139_200_000, maxSupply: 200_000_000 },
  { symbol: 'SOL', name: 'Solana', slug: 'solana', circulatingSupply: 552_000_000, totalSupply: 612_000_000, maxSupply: null },
  { symbol: 'USDC', name: 'USD Coin', slug: 'usd-coin', circulatingSupply: 75_000_000_000, totalSupply: 75_000_000_000, maxSupply: null },
  { symbol: 'DOGE', name: 'Dogecoin', slug: 'dogecoin', circulatingSupply: 151_500_000_000, totalSupply: 151_500_000_000, maxSupply: null },
  { symbol: 'TRX', name: 'TRON', slug: 'tron', circulatingSupply: 94_700_000_000, totalSupply: 94_700_000_000, maxSupply: null },
  { symbol: 'ADA', name: 'Cardano', slug: 'cardano', circulatingSupply: 36_500_000_000, totalSupply: 44_900_000_000, maxSupply: 45_000_000_000 },
  { symbol: 'LINK', name: 'Chainlink', slug: 'chainlink', circulatingSupply: 678_000_000, totalSupply: 1_000_000_000, maxSupply: 1_000_000_000 },
  { symbol: 'AVAX', name: 'Avalanche', slug: 'avalanche-2', circulatingSupply: 426_000_000, totalSupply: 460_000_000, maxSupply: 720_000_000 },
  { symbol: 'XLM', name: 'Stellar', slug: 'stellar', circulatingSupply: 32_000_000_000, totalSupply: 50_000_000_000, maxSupply: 50_000_000_000 },
  { symbol: 'SUI', name: 'Sui', slug: 'sui', circulatingSupply: 3_600_000_000, totalSupply: 10_000_000_000, maxSupply: 10_000_000_000 },
  { symbol: 'HBAR', name: 'Hedera', slug: 'hedera-hashgraph', circulatingSupply: 42_400_000_000, totalSupply: 50_000_000_000, maxSupply: 50_000_000_000 },
  { symbol: 'BCH', name: 'Bitcoin Cash', slug: 'bitcoin-cash', circulatingSupply: 19_950_000, totalSupply: 19_950_000, maxSupply: 21_000_000 },
  { symbol: 'TON', name: 'Toncoin', slug: 'the-open-network', circulatingSupply: 2_550_000_000, totalSupply: 5_150_000_000, maxSupply: null },
  { symbol: 'LTC', name: 'Litecoin', slug: 'litecoin', circulatingSupply: 76_300_000, totalSupply: 84_000_000, maxSupply: 84_000_000 },
  { symbol: 'DOT', name: 'Polkadot', slug: 'polkadot', circulatingSupply: 1_620_000_000, totalSupply: 1_620_000_000, maxSupply: null },
  { symbol: 'SHIB', name: 'Shiba Inu', slug: 'shiba-inu', circulatingSupply: 589_200_000_000_000, totalSupply: 589_500_000_000_000, maxSupply: null },
  { symbol: 'XMR', name: 'Monero', slug: 'monero', circulatingSupply: 18_450_000, totalSupply: 18_450_000, maxSupply: null },
  { symbol: 'UNI', name: 'Uniswap', slug: 'uniswap', circulatingSupply: 630_000_000, totalSupply: 1_000_000_000, maxSupply: 1_000_000_000 },
  { symbol: 'PEPE', name: 'Pepe', slug: 'pepe', circulatingSupply: 420_690_000_000_000, totalSupply: 420_690_000_000_000, maxSupply: 420_690_000_000_000 },
  { symbol: 'APT', name: 'Aptos', slug: 'aptos', circulatingSupply: 655_000_000, totalSupply: 1_170_000_000, maxSupply: null },
  { symbol: 'NEAR', name: 'NEAR Protocol', slug: 'near', circulatingSupply: 1_250_000_000, totalSupply: 1_280_000_000, maxSupply: null },
  { symbol: 'AAVE', name: 'Aave', slug: 'aave', circulatingSupply: 15_200_000, totalSupply: 16_000_000, maxSupply: 16_000_000 },
  { symbol: 'ICP', name: 'Internet Computer', slug: 'internet-computer', circulatingSupply: 540_000_000, totalSupply: 540_000_000, maxSupply: null },
  { symbol: 'ETC', name: 'Ethereum Classic', slug: 'ethereum-classic', circulatingSupply: 153_500_000, totalSupply: 153_500_000, maxSupply: 210_700_000 },
  { symbol: 'POL', name: 'Polygon', slug: 'polygon-ecosystem-token', circulatingSupply: 10_500_000_000, totalSupply: 10_500_000_000, maxSupply: null },
  { symbol: 'ARB', name: 'Arbitrum', slug: 'arbitrum', circulatingSupply: 5_400_000_000, totalSupply: 10_000_000_000, maxSupply: 10_000_000_000 },
  { symbol: 'OP', name: 'Optimism', slug: 'optimism', circulatingSupply: 1_800_000_000, totalSupply: 4_290_000_000, maxSupply: 4_290_000_000 },
  { symbol: 'ATOM', name: 'Cosmos Hub', slug: 'cosmos', circulatingSupply: 470_000_000, totalSupply: 470_000_000, maxSupply: null },
  { symbol: 'FIL', name: 'Filecoin', slug: 'filecoin', circulatingSupply: 700_000_000, totalSupply: 1_960_000_000, maxSupply: 1_960_000_000 },
  { symbol: 'RENDER', name: 'Render', slug: 'render-token', circulatingSupply: 518_000_000, totalSupply: 533_000_000, maxSupply: 644_000_000 },
  { symbol: 'INJ', name: 'Injective', slug: 'injective-protocol', circulatingSupply: 97_700_000, totalSupply: 100_000_000, maxSupply: 100_000_000 },
  { symbol: 'ALGO', name: 'Algorand', slug: 'algorand', circulatingSupply: 8_700_000_000, totalSupply: 8_700_000_000, maxSupply: 10_000_000_000 },
  { symbol: 'VET', name: 'VeChain', slug: 'vechain', circulatingSupply: 86_000_000_000, totalSupply: 86_000_000_000, maxSupply: 86_700_000_000 },
  { symbol: 'TIA', name: 'Celestia', slug: 'celestia', circulatingSupply: 800_000_000, totalSupply: 1_100_000_000, maxSupply: null },
  { symbol: 'BONK', name: 'Bonk', slug: 'bonk', circulatingSupply: 80_000_000_000_000, totalSupply: 88_000_000_000_000, maxSupply: 88_000_000_000_000 },
  { symbol: 'WIF', name: 'dogwifhat', slug: 'dogwifcoin', circulatingSupply: 999_000_000, totalSupply: 999_000_000, maxSupply: 999_000_000 },
];
