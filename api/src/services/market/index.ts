export { assetHistory } from './history.js';
export { marketOverview } from './overview.js';
