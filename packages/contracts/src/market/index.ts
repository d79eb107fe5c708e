export * from './constants.js';
export * from './results.js';
export * from './schemas.js';
