export * from './constants.js';
export * from './params.js';
export * from './query.js';
export * from './results.js';
export * from './pages.js';
