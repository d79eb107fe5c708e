export { marketAsset } from './asset.js';
export { assetHistory } from './history.js';
export { createMarketLive, type MarketLive } from './live.js';
export { marketOverview } from './overview.js';
export { marketSparklines } from './sparklines.js';
