export * from './constants.js';
export * from './results.js';
export * from './schemas.js';
export * from './format.js';
