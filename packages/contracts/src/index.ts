export * from './constants.js';
export * from './health.js';
