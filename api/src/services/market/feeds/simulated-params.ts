/**
 * Where the simulated walk starts for each listed asset: USD price, 24 h volume and daily
 * volatility (standard deviation of the daily log return), near late-2025 market figures.
 * Stablecoins barely move; memecoins move several times as much as BTC.
 */
export interface SimulatedAssetParams {
  price: number;
  volume24h: number;
  dailyVolatility: number;
  /** How strongly the daily level is pulled back to its start (0 none, 1 fully each day). */
  reversion: number;
}

const stable = (volume24h: number): SimulatedAssetParams => ({ price: 1, volume24h, dailyVolatility: 0.0006, reversion: 0.6 });
const coin = (price: number, volume24h: number, dailyVolatility: number): SimulatedAssetParams => ({
  price,
  volume24h,
  dailyVolatility,
  reversion: 0.02,
});

export const SIMULATED_PARAMS: Readonly<Record<string, SimulatedAssetParams>> = {
  BTC: coin(95_000, 40e9, 0.025),
  ETH: coin(3_300, 20e9, 0.035),
  USDT: stable(80e9),
  XRP: coin(2.2, 4e9, 0.045),
  BNB: coin(900, 2e9, 0.03),
  SOL: coin(180, 5e9, 0.05),
  USDC: stable(10e9),
  DOGE: coin(0.2, 2e9, 0.065),
  TRX: coin(0.29, 0.8e9, 0.03),
  ADA: coin(0.65, 0.9e9, 0.05),
  LINK: coin(17, 0.8e9, 0.05),
  AVAX: coin(22, 0.6e9, 0.055),
  XLM: coin(0.3, 0.3e9, 0.05),
  SUI: coin(2.8, 1e9, 0.065),
  HBAR: coin(0.2, 0.3e9, 0.055),
  BCH: coin(500, 0.5e9, 0.045),
  TON: coin(2.7, 0.2e9, 0.045),
  LTC: coin(95, 0.6e9, 0.045),
  DOT: coin(3.5, 0.3e9, 0.05),
  SHIB: coin(0.000012, 0.3e9, 0.075),
  XMR: coin(320, 0.1e9, 0.04),
  UNI: coin(8, 0.3e9, 0.055),
  PEPE: coin(0.0000095, 1e9, 0.095),
  APT: coin(4.5, 0.2e9, 0.06),
  NEAR: coin(2.5, 0.2e9, 0.06),
  AAVE: coin(250, 0.4e9, 0.055),
  ICP: coin(5, 0.1e9, 0.06),
  ETC: coin(16, 0.2e9, 0.05),
  POL: coin(0.2, 0.1e9, 0.055),
  ARB: coin(0.35, 0.3e9, 0.06),
  OP: coin(0.55, 0.2e9, 0.06),
  ATOM: coin(3.5, 0.1e9, 0.055),
  FIL: coin(2.2, 0.2e9, 0.06),
  RENDER: coin(2.5, 0.1e9, 0.065),
  INJ: coin(8, 0.1e9, 0.065),
  ALGO: coin(0.18, 0.05e9, 0.055),
  VET: coin(0.02, 0.04e9, 0.055),
  TIA: coin(1.2, 0.1e9, 0.07),
  BONK: coin(0.000015, 0.3e9, 0.1),
  WIF: coin(0.6, 0.3e9, 0.11),
};

/** An asset added later (by a feed or by hand) walks like a mid-cap altcoin. */
export const DEFAULT_SIMULATED_PARAMS: SimulatedAssetParams = coin(1, 50e6, 0.06);
