import {
  createTaskScheduleSchema,
  createTaskSchema,
  SCHEDULE_PRESET_CRON,
  taskDownloadPath,
  type AnalysisReport,
  type Task,
  type TaskSchedule,
} from '@coinsight/contracts';
import { StubError, type Handlers } from './trpcStub';

type ScrapeTask = Extract<Task, { type: 'scrape' }>;
type AnalyzeTask = Extract<Task, { type: 'analyze' }>;
type ExportTask = Extract<Task, { type: 'export' }>;

const base = {
  description: null,
  status: 'pending' as const,
  progress: 0,
  createdAt: '2026-11-23T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  error: null,
  attempts: 0,
  scheduleId: null,
};

export const UPLOAD_ID = '7d0c4c52-3f8e-4a55-9a51-2a4d5c0e9b11';

export function scrapeTaskOf(overrides: Partial<ScrapeTask> & Pick<ScrapeTask, 'id'>): ScrapeTask {
  return {
    ...base,
    type: 'scrape',
    title: 'Import tweets',
    params: { source: { kind: 'upload', uploadId: UPLOAD_ID, platform: 'twitter' } },
    resultSummary: null,
    ...overrides,
  };
}

export function analyzeTaskOf(overrides: Partial<AnalyzeTask> & Pick<AnalyzeTask, 'id'>): AnalyzeTask {
  return {
    ...base,
    type: 'analyze',
    title: 'BTC this week',
    params: { query: { symbols: ['BTC'], from: '2026-11-16T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' } },
    resultSummary: null,
    reportAvailable: false,
    ...overrides,
  };
}

export function exportTaskOf(overrides: Partial<ExportTask> & Pick<ExportTask, 'id'>): ExportTask {
  return {
    ...base,
    type: 'export',
    title: 'ETH posts',
    params: { query: { symbols: ['ETH'] }, format: 'csv' },
    resultSummary: null,
    downloadUrl: null,
    ...overrides,
  };
}

export const analysisReport: AnalysisReport = {
  query: { symbols: ['BTC'] },
  generatedAt: '2026-11-23T08:05:00.000Z',
  from: '2026-11-20T00:00:00.000Z',
  to: '2026-11-23T00:00:00.000Z',
  posts: 42,
  interval: 'day',
  mentionsOverTime: [
    { at: '2026-11-20T00:00:00.000Z', posts: 10 },
    { at: '2026-11-21T00:00:00.000Z', posts: 20 },
    { at: '2026-11-22T00:00:00.000Z', posts: 12 },
  ],
  sentiment: { positive: 25, neutral: 10, negative: 7, average: 0.72 },
  topAuthors: [
    { platform: 'twitter', username: 'satoshi', posts: 9 },
    { platform: 'linkedin', username: 'Priya Patel', posts: 4 },
  ],
  topHashtags: [{ tag: 'bitcoin', posts: 30 }],
  coMentioned: [{ symbol: 'ETH', posts: 11 }],
};

/**
 * One user's tasks as the server keeps them: create, cancel, retry and delete change the state
 * and later reads see it. Newest first, as tasks.list answers.
 */
export function tasksServer(initial: Task[] = [], report: AnalysisReport = analysisReport) {
  const state = { tasks: [...initial], schedules: [] as TaskSchedule[] };
  let next = 1;
  const findSchedule = (id: string) => {
    const schedule = state.schedules.find((candidate) => candidate.id === id);
    if (!schedule) throw new StubError(404, 'Schedule not found');
    return schedule;
  };
  const replaceSchedule = (schedule: TaskSchedule) => {
    state.schedules = state.schedules.map((candidate) => (candidate.id === schedule.id ? schedule : candidate));
    return schedule;
  };
  const find = (id: string) => {
    const task = state.tasks.find((candidate) => candidate.id === id);
    if (!task) throw new StubError(404, 'Task not found');
    return task;
  };
  const replace = (task: Task) => {
    state.tasks = state.tasks.map((candidate) => (candidate.id === task.id ? task : candidate));
    return task;
  };
  const handlers: Handlers = {
    'tasks.list': () => state.tasks,
    'tasks.get': (input) => find(input.id),
    'tasks.report': (input) => {
      const task = find(input.id);
      if (task.type !== 'analyze' || !task.reportAvailable) throw new StubError(404, 'This task has no report');
      return report;
    },
    'tasks.create': (input) => {
      const parsed = createTaskSchema.parse(input);
      const id = `00000000-0000-4000-8000-${String(next++).padStart(12, '0')}`;
      const common = { id, title: parsed.title, description: parsed.description ?? null };
      const task: Task =
        parsed.type === 'scrape'
          ? scrapeTaskOf({ ...common, params: { source: parsed.source } })
          : parsed.type === 'analyze'
            ? analyzeTaskOf({ ...common, params: { query: parsed.query } })
            : exportTaskOf({ ...common, params: { query: parsed.query, format: parsed.format } });
      state.tasks.unshift(task);
      return task;
    },
    'tasks.cancel': (input) => replace({ ...find(input.id), status: 'cancelled', finishedAt: '2026-11-23T08:10:00.000Z' }),
    'tasks.retry': (input) => replace({ ...find(input.id), status: 'pending', progress: 0, error: null, finishedAt: null }),
    'tasks.delete': (input) => {
      find(input.id);
      state.tasks = state.tasks.filter((task) => task.id !== input.id);
      return { id: input.id };
    },
    'taskSchedules.list': () => state.schedules,
    'taskSchedules.create': (input) => {
      const parsed = createTaskScheduleSchema.parse(input);
      const schedule: TaskSchedule = {
        id: `00000000-0000-4000-9000-${String(next++).padStart(12, '0')}`,
        title: parsed.title,
        description: parsed.description ?? null,
        source: parsed.source,
        repeat: parsed.repeat,
        cron: parsed.repeat === 'cron' ? (parsed.cron ?? '') : SCHEDULE_PRESET_CRON[parsed.repeat],
        active: true,
        nextRunAt: '2026-11-23T09:00:00.000Z',
        lastRunAt: null,
        failures: 0,
        lastError: null,
        webhookUrl: parsed.webhookUrl ?? null,
        createdAt: '2026-11-23T08:00:00.000Z',
        runs: [],
      };
      state.schedules.unshift(schedule);
      return schedule;
    },
    'taskSchedules.pause': (input) => replaceSchedule({ ...findSchedule(input.id), active: false, nextRunAt: null }),
    'taskSchedules.resume': (input) => replaceSchedule({ ...findSchedule(input.id), active: true, nextRunAt: '2026-11-23T09:00:00.000Z' }),
    'taskSchedules.delete': (input) => {
      findSchedule(input.id);
      state.schedules = state.schedules.filter((schedule) => schedule.id !== input.id);
      return { id: input.id };
    },
  };
  return { state, handlers };
}

export const completedExport = (id: string) =>
  exportTaskOf({
    id,
    status: 'completed',
    progress: 100,
    startedAt: '2026-11-23T08:00:05.000Z',
    finishedAt: '2026-11-23T08:01:00.000Z',
    attempts: 1,
    resultSummary: { rows: 1234, format: 'csv', bytes: 52_000, expiresAt: '2026-11-24T08:01:00.000Z', expired: false },
    downloadUrl: taskDownloadPath(id),
  });
