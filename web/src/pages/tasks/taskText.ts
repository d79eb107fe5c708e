import {
  DATASET_LABELS,
  FINISHED_TASK_STATUSES,
  type ExportFormat,
  type ScrapeSource,
  type SocialPlatform,
  type Task,
  type TaskQuery,
  type TaskStatus,
  type TaskType,
} from '@coinsight/contracts';
import type { BadgeTone } from '../../components/ui';
import { formatCount, formatNumber, formatPostDate } from '../../lib/formatNumber';

/** docs/product.md §4's status values as the badge says them, with the spec's green / yellow / red for how a task ended. */
export const STATUS_BADGE: Record<TaskStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  cancelled: { label: 'Cancelled', tone: 'yellow' },
};

export const TYPE_LABEL: Record<TaskType, string> = { scrape: 'Scrape', analyze: 'Analyze', export: 'Export' };

export const PLATFORM_LABEL: Record<SocialPlatform, string> = {
  twitter: 'Twitter',
  instagram: 'Instagram',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
};

export const FORMAT_LABEL: Record<ExportFormat, string> = { csv: 'CSV', json: 'JSON', jsonl: 'JSON Lines' };

const FINISHED: readonly TaskStatus[] = FINISHED_TASK_STATUSES;

/** Pending or running: the list keeps asking the server while one of these is on it. */
export function isActive(task: Pick<Task, 'status'>): boolean {
  return !FINISHED.includes(task.status);
}

export function canCancel(task: Pick<Task, 'status'>): boolean {
  return task.status === 'pending' || task.status === 'running';
}

export function canRetry(task: Pick<Task, 'status'>): boolean {
  return task.status === 'failed' || task.status === 'cancelled';
}

export function describeSource(source: ScrapeSource): string {
  switch (source.kind) {
    case 'upload':
      return `Uploaded file of ${PLATFORM_LABEL[source.platform]} posts`;
    case 'url':
      return `${PLATFORM_LABEL[source.platform]} posts from ${source.url}`;
    case 'x-recent-search':
      return `X recent search "${source.query}", up to ${formatCount(source.maxPosts)} posts`;
  }
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The last day an exclusive end covers: a query to 2026-11-23T00:00Z ends with the 22nd, which
 * is how the form asked for it ("to, included").
 */
export function lastDay(to: string): string {
  const date = new Date(to);
  if (Number.isNaN(date.getTime())) return day(to);
  if (date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0)
    date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** "BTC, ETH · "etf" · Twitter, Facebook · 2026-11-01 to 2026-11-08 · My data": what an analysis or export covers. */
export function describeQuery(query: TaskQuery): string {
  const terms = [...(query.symbols ?? []), ...(query.keywords ?? []).map((keyword) => `"${keyword}"`)];
  const parts = [terms.length ? terms.join(', ') : 'All posts'];
  parts.push(query.platforms?.length ? query.platforms.map((platform) => PLATFORM_LABEL[platform]).join(', ') : 'All platforms');
  if (query.from && query.to) parts.push(`${day(query.from)} to ${lastDay(query.to)}`);
  else if (query.from) parts.push(`from ${day(query.from)}`);
  else if (query.to) parts.push(`until ${lastDay(query.to)}`);
  else parts.push('any date');
  parts.push(DATASET_LABELS[query.dataset ?? 'shared']);
  return parts.join(' · ');
}

export function describeParams(task: Task): string {
  switch (task.type) {
    case 'scrape':
      return describeSource(task.params.source);
    case 'analyze':
      return describeQuery(task.params.query);
    case 'export':
      return `${describeQuery(task.params.query)} · ${FORMAT_LABEL[task.params.format]}`;
  }
}

/** Created, started and finished, as far as the task got. */
export function taskTimes(task: Task): string {
  const times = [`Created ${formatPostDate(task.createdAt)}`];
  if (task.startedAt) times.push(`started ${formatPostDate(task.startedAt)}`);
  if (task.finishedAt) times.push(`finished ${formatPostDate(task.finishedAt)}`);
  return `${times.join(', ')}.`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${formatNumber(value, { maximumFractionDigits: 1 })} ${unit}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One line on what a finished run produced. */
export function summaryText(task: Task): string | null {
  if (!task.resultSummary) return null;
  switch (task.type) {
    case 'scrape': {
      const s = task.resultSummary;
      const counts = `${plural(s.rows, 'row')} read: ${formatCount(s.inserted)} new, ${formatCount(s.updated)} updated, ${formatCount(s.skipped)} unchanged, ${plural(s.failed, 'bad row')}.`;
      return s.pages === undefined ? counts : `${counts} ${plural(s.pages, 'request')} to X.`;
    }
    case 'analyze': {
      const s = task.resultSummary;
      return `${plural(s.posts, 'post')} analysed.`;
    }
    case 'export': {
      const s = task.resultSummary;
      return `${plural(s.rows, 'post')} written as ${FORMAT_LABEL[s.format]} (${formatBytes(s.bytes)}).`;
    }
  }
}
