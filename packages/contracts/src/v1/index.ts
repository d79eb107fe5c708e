// The /v1 public API's request and answer schemas, for the api and the OpenAPI docs.
export * from './alerts.js';
export * from './common.js';
export * from './data.js';
export * from './history.js';
export * from './sentiment.js';
export * from './social.js';
export * from './openapi.js';
export * from './prices.js';
export * from './usage.js';
export * from './requests.js';
export * from './assets.js';
export * from './timeseries.js';
export * from './watchlist.js';
