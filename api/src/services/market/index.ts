export { marketAsset } from './asset.js';
export { assetHistory } from './history.js';
export { currentOverview, currentPrices } from './current.js';
export { createMarketLive, type MarketLive } from './live.js';
export { marketOverview } from './overview.js';
export { marketSparklines } from './sparklines.js';
