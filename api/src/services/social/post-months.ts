import { dropPostMonthsBefore, ensurePostMonths, retentionHorizon } from '@coinsight/db';
import type { ServiceDeps } from '../deps.js';
import { pruneChanges } from './columns/statements.js';
import { DAY_MS } from './windows.js';

/**
 * The months of shared posts, daily (jobs/posts.ts; docs/operations.md, "Retention of posts"):
 * this month and the next are made ahead of the importer, which would otherwise make a new month
 * (a moment's lock on posts) in the middle of the traffic; with `retentionDays`, the months wholly
 * older are dropped with their keys and search postings. The rollups keep their history. The
 * journal of writes to posts is pruned too, as the servers' filter columns prune it while they
 * poll: without a server polling (SOCIAL_COLUMNS=off everywhere) it would grow with every import.
 */
export async function maintainPostMonths(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: { retentionDays: number | undefined },
): Promise<{ dropped: string[] }> {
  const now = deps.now();
  await ensurePostMonths(deps.db, [now, new Date(now.getTime() + 31 * DAY_MS)]);
  const horizon = retentionHorizon(now, input.retentionDays);
  const dropped = horizon ? await dropPostMonthsBefore(deps.db, horizon) : [];
  await pruneChanges(deps.db);
  return { dropped: dropped.map((m) => m.name) };
}
