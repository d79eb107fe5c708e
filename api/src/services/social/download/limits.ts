import type { RateLimit, RateLimits } from '../../rate-limit.js';

/** Downloads one account may start: each reads up to DOWNLOAD_ROW_LIMIT rows, so a script cannot loop on them. */
export interface DownloadLimits {
  downloadsByUser: RateLimit;
}

export const DOWNLOAD_RATE = { points: 30, durationSeconds: 10 * 60 };
export const TOO_MANY_DOWNLOADS = `Too many downloads: at most ${DOWNLOAD_RATE.points} in 10 minutes. Please try again later.`;

export function createDownloadLimits(limits: RateLimits): DownloadLimits {
  return { downloadsByUser: limits.create({ name: 'downloads-user', ...DOWNLOAD_RATE }) };
}
