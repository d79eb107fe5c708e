import { z } from 'zod';
import { httpUrlSchema } from './http-url.js';
import { DATASETS, SOCIAL_PLATFORMS, type SocialPlatform } from './social/constants.js';

/** docs/product.md §3's task types and §4's status values, plus `cancelled`. */
export const TASK_TYPES = ['scrape', 'analyze', 'export'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Statuses a task never leaves by itself (retry makes a failed or cancelled one pending again). */
export const FINISHED_TASK_STATUSES = ['completed', 'failed', 'cancelled'] as const satisfies readonly TaskStatus[];

export const SCRAPE_SOURCE_KINDS = ['upload', 'url', 'x-recent-search'] as const;
export type ScrapeSourceKind = (typeof SCRAPE_SOURCE_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'json', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The formats an uploaded or fetched file of posts may be in. */
export const IMPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ImportFileFormat = (typeof IMPORT_FORMATS)[number];

/** Tasks one user may have pending or running at once. */
export const MAX_ACTIVE_TASKS = 3;
export const MAX_ACTIVE_TASKS_MESSAGE = `You already have ${MAX_ACTIVE_TASKS} tasks waiting or running: wait for one to finish or cancel one.`;
/** An uploaded file's size limit (the REST upload answers 413 past it), and a fetched URL's. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** How long an export file can be downloaded after it is written. */
export const EXPORT_TTL_HOURS = 24;
/** How long an upload waits to be used by a scrape task before it is deleted. */
export const UPLOAD_TTL_HOURS = 24;
/** Runs a task gets (the first and the retries after transient failures) before it fails. */
export const TASK_MAX_ATTEMPTS = 3;
export const MAX_X_POSTS = 10_000;
export const TASK_TITLE_MAX_LENGTH = 120;
export const TASK_DESCRIPTION_MAX_LENGTH = 1_000;
export const TASK_URL_MAX_LENGTH = 2048;
export const TASK_QUERY_MAX_TERMS = 20;
/** The REST paths around tasks (files do not travel through tRPC). */
export const TASK_UPLOAD_PATH = '/api/tasks/uploads';
export const taskDownloadPath = (id: string) => `/api/tasks/${encodeURIComponent(id)}/download`;
/** The message a download of an expired export answers (410). */
export const EXPORT_EXPIRED_MESSAGE = `This export has expired: files are kept ${EXPORT_TTL_HOURS} hours. Retry the task to write it again.`;
export const TASK_URL_MESSAGE = 'source.url must be an http(s) URL';
/** Answered when the URL's host is (or resolves to, or redirects to) a non-public address. */
export const TASK_URL_PUBLIC_MESSAGE = 'source.url must resolve to a public address';

const title = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, 'title is required')
  .max(TASK_TITLE_MAX_LENGTH, `title must be at most ${TASK_TITLE_MAX_LENGTH} characters`);
const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(TASK_DESCRIPTION_MAX_LENGTH, `description must be at most ${TASK_DESCRIPTION_MAX_LENGTH} characters`)
  .optional()
  .transform((value) => (value ? value : undefined));
const platform = (path: string) => z.enum(SOCIAL_PLATFORMS, { error: `${path} must be one of ${SOCIAL_PLATFORMS.join(', ')}` });

const dateParam = (name: string) =>
  z
    .string({ error: `${name} must be a date such as 2026-11-24 or 2026-11-24T10:00:00Z` })
    .trim()
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)),
      `${name} must be a date such as 2026-11-24 or 2026-11-24T10:00:00Z`,
    )
    // One spelling in storage: an ISO instant (a bare date is its UTC midnight).
    .transform((value) => new Date(value).toISOString())
    .optional();

/**
 * The posts an analysis or export covers: any of the symbols or keywords, on the platforms, in [from, to),
 * in the shared dataset or (`dataset: 'mine'`) the task owner's own.
 */
export const taskQuerySchema = z
  .object({
    symbols: z
      .array(
        z
          .string({ error: 'query.symbols must be tickers such as BTC' })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z0-9]{1,15}$/, 'query.symbols must be tickers such as BTC'),
        { error: 'query.symbols must be a list of tickers' },
      )
      .max(TASK_QUERY_MAX_TERMS, `query.symbols must have at most ${TASK_QUERY_MAX_TERMS} tickers`)
      .optional(),
    keywords: z
      .array(
        z
          .string({ error: 'query.keywords must be words or phrases' })
          .trim()
          .min(1, 'query.keywords must not be blank')
          .max(100, 'query.keywords must be at most 100 characters each'),
        { error: 'query.keywords must be a list of words or phrases' },
      )
      .max(TASK_QUERY_MAX_TERMS, `query.keywords must have at most ${TASK_QUERY_MAX_TERMS} entries`)
      .optional(),
    platforms: z
      .array(platform('query.platforms'), { error: 'query.platforms must be a list of platforms' })
      .max(SOCIAL_PLATFORMS.length, 'query.platforms lists a platform twice')
      .optional(),
    from: dateParam('query.from'),
    to: dateParam('query.to'),
    /** Absent (tasks stored before datasets existed, and the default): shared. */
    dataset: z.enum(DATASETS, { error: `query.dataset must be one of ${DATASETS.join(', ')}` }).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from >= query.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'query.to must be after query.from' });
  });
export type TaskQuery = z.output<typeof taskQuerySchema>;

export const scrapeSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('upload'),
      uploadId: z.uuid({ error: 'source.uploadId must be the id an upload answered' }),
      /** The platform the file's posts come from. */
      platform: platform('source.platform'),
    }),
    z.object({
      kind: z.literal('url'),
      url: httpUrlSchema('source.url', TASK_URL_MESSAGE, TASK_URL_MAX_LENGTH),
      platform: platform('source.platform'),
      /** Read from the answer's content type or the path's extension when not given. */
      format: z.enum(IMPORT_FORMATS, { error: `source.format must be one of ${IMPORT_FORMATS.join(', ')}` }).optional(),
    }),
    z.object({
      kind: z.literal('x-recent-search'),
      query: z
        .string({ error: 'source.query is required' })
        .trim()
        .min(1, 'source.query is required')
        .max(512, 'source.query must be at most 512 characters'),
      maxPosts: z
        .number({ error: `source.maxPosts must be a whole number from 10 to ${MAX_X_POSTS}` })
        .int(`source.maxPosts must be a whole number from 10 to ${MAX_X_POSTS}`)
        .min(10, `source.maxPosts must be a whole number from 10 to ${MAX_X_POSTS}`)
        .max(MAX_X_POSTS, `source.maxPosts must be a whole number from 10 to ${MAX_X_POSTS}`)
        .default(100),
    }),
  ],
  { error: `source.kind must be one of ${SCRAPE_SOURCE_KINDS.join(', ')}` },
);
export type ScrapeSource = z.output<typeof scrapeSourceSchema>;

const analyzeQuerySchema = taskQuerySchema.superRefine((query, ctx) => {
  if (!query.symbols?.length && !query.keywords?.length)
    ctx.addIssue({ code: 'custom', path: ['symbols'], message: 'query.symbols or query.keywords must name at least one term' });
});

export const createScrapeTaskSchema = z.object({ type: z.literal('scrape'), title, description, source: scrapeSourceSchema });
export const createAnalyzeTaskSchema = z.object({ type: z.literal('analyze'), title, description, query: analyzeQuerySchema });
export const createExportTaskSchema = z.object({
  type: z.literal('export'),
  title,
  description,
  query: taskQuerySchema,
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }),
});

/** tasks.create: one shape per type, told apart by `type`. */
export const createTaskSchema = z.discriminatedUnion('type', [createScrapeTaskSchema, createAnalyzeTaskSchema, createExportTaskSchema], {
  error: `type must be one of ${TASK_TYPES.join(', ')}`,
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTask = z.output<typeof createTaskSchema>;

export const taskIdSchema = z.object({ id: z.uuid({ error: 'id must be a task id' }) });
export const listTasksSchema = z
  .object({
    type: z.enum(TASK_TYPES, { error: `type must be one of ${TASK_TYPES.join(', ')}` }).optional(),
    status: z.enum(TASK_STATUSES, { error: `status must be one of ${TASK_STATUSES.join(', ')}` }).optional(),
  })
  .optional();

/** What each type stores as its parameters: the create input without title, description and type. */
export type ScrapeTaskParams = { source: ScrapeSource };
export type AnalyzeTaskParams = { query: TaskQuery };
export type ExportTaskParams = { query: TaskQuery; format: ExportFormat };

export interface ImportRowError {
  /** The line (JSON Lines), record (CSV) or position (X results) of the bad row. */
  line: number;
  reason: string;
}

export interface ScrapeSummary {
  /** Records read, good and bad. */
  rows: number;
  inserted: number;
  updated: number;
  skipped: number;
  failed: number;
  /** The first bad rows (up to MAX_SUMMARY_ERRORS); `failed` counts them all. */
  errors: ImportRowError[];
  /** X recent search: requests made, and when the rate limit stopped collection early. */
  pages?: number;
  rateLimited?: { resetAt: string; message: string };
}
/** Bad rows a scrape's summary lists (the rest are counted). */
export const MAX_SUMMARY_ERRORS = 100;

export interface AnalyzeSummary {
  posts: number;
  from: string | null;
  to: string | null;
  averageSentiment: number | null;
}

export interface ExportSummary {
  rows: number;
  format: ExportFormat;
  bytes: number;
  expiresAt: string;
  expired: boolean;
}

interface TaskBase {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  /** 0..100 */
  progress: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Why the task failed (or what stopped it), written for the user. */
  error: string | null;
  /** Runs started so far. */
  attempts: number;
  /** The schedule that started this task (docs/tasks.md, "Schedules"); null for one created by hand. */
  scheduleId: string | null;
}

export type Task =
  | (TaskBase & { type: 'scrape'; params: ScrapeTaskParams; resultSummary: ScrapeSummary | null })
  | (TaskBase & { type: 'analyze'; params: AnalyzeTaskParams; resultSummary: AnalyzeSummary | null; reportAvailable: boolean })
  | (TaskBase & { type: 'export'; params: ExportTaskParams; resultSummary: ExportSummary | null; downloadUrl: string | null });

/** An analysis task's stored report (tasks.report, and the JSON its download answers). */
export interface AnalysisReport {
  query: TaskQuery;
  generatedAt: string;
  /** The span covered: the query's, or that of the posts found. */
  from: string | null;
  to: string | null;
  posts: number;
  /** Buckets of `interval`, oldest first, counting matching posts. */
  interval: 'hour' | 'day';
  mentionsOverTime: { at: string; posts: number }[];
  /** Posts per label, by the thresholds of v1/sentiment.ts (sentimentLabel). */
  sentiment: { positive: number; neutral: number; negative: number; average: number | null };
  topAuthors: { platform: SocialPlatform; username: string; posts: number }[];
  topHashtags: { tag: string; posts: number }[];
  /** Other tracked coins mentioned in the matching posts, most first (the query's own symbols left out). */
  coMentioned: { symbol: string; posts: number }[];
}

export interface TaskUpload {
  uploadId: string;
  filename: string;
  format: ImportFileFormat;
  bytes: number;
  expiresAt: string;
}
