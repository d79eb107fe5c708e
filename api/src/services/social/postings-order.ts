import { dayOf, orderPostingsDay } from '@coinsight/db';
import type { NoInput } from '../caller.js';
import type { ServiceDeps } from '../deps.js';
import { DAY_MS } from './windows.js';

/**
 * The search postings of the day before yesterday (UTC) put in key order, daily (jobs/posts.ts;
 * docs/performance.md, "Postings in key order"): a day closed for a whole day, which live imports
 * have stopped writing to, so its rows stay where this puts them.
 */
export async function orderClosedPostings(deps: Pick<ServiceDeps, 'db' | 'now'>, _input: NoInput): Promise<{ day: string; rows: number }> {
  const day = dayOf(new Date(deps.now().getTime() - 2 * DAY_MS));
  return { day, rows: await orderPostingsDay(deps.db, day) };
}
