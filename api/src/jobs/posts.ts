import { atTime } from '../services/clock.js';
import type { ServiceDeps } from '../services/deps.js';
import { maintainPostMonths } from '../services/social/post-months.js';
import { orderClosedPostings } from '../services/social/postings-order.js';
import type { JobDefinition } from './runner.js';

/**
 * The months of shared posts, daily: the next one made ahead, and those past POSTS_RETENTION_DAYS
 * dropped; and the day before yesterday's search postings put in key order.
 */
export function postsJobs(deps: Pick<ServiceDeps, 'db' | 'now'>, retentionDays: number | undefined): JobDefinition[] {
  return [
    { name: 'posts-months', cron: '23 4 * * *', run: (now) => maintainPostMonths(atTime(deps, now), { retentionDays }) },
    { name: 'postings-order', cron: '47 4 * * *', run: (now) => orderClosedPostings(atTime(deps, now), {}) },
  ];
}
