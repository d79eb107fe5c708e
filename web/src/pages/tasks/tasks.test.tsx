import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldError, fill, outcome } from '../../test/forms';
import { renderApp } from '../../test/renderApp';
import { analysisReport, analyzeTaskOf, completedExport, scrapeTaskOf, tasksServer, UPLOAD_ID } from '../../test/taskFixtures';
import { deferred, StubError, TEST_TOKEN, testUser, type Handlers } from '../../test/trpcStub';
import { CHOOSE_FILE_MESSAGE, TASK_CREATE_FAILED_MESSAGE } from './TaskForm';
import { pollWhileActive, TASKS_EMPTY_MESSAGE, TASKS_POLL_MS } from './TaskList';
import { SCHEDULES_EMPTY_MESSAGE } from './ScheduleList';

// jsdom has no canvas: the timeline stands in as the image it is to a screen reader.
vi.mock('../../components/charts/UPlotChart', () => ({
  default: ({ description }: { description: string }) => <div role="img" aria-label={description} />,
}));

/** Downloads go through fetch, answered by `restAnswer`; tRPC goes through the stub. */
let restCalls: { url: string; init: RequestInit | undefined }[] = [];
let restAnswer: (url: string) => Response = () => new Response(null, { status: 500 });
const clicked: HTMLAnchorElement[] = [];

/** Uploads go through XMLHttpRequest (for their progress): this one answers `xhrAnswer`, after `xhrGate` if set. */
interface XhrCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let xhrCalls: XhrCall[] = [];
let xhrAnswer: { status: number; body: unknown } = { status: 500, body: {} };
let xhrGate: Promise<void> | null = null;
const uploaded = { uploadId: UPLOAD_ID, filename: 'posts.jsonl', format: 'jsonl', bytes: 22, expiresAt: '2026-11-24T08:00:00.000Z' };

class FakeXhr extends EventTarget {
  readonly upload = new EventTarget();
  status = 0;
  responseText = '';
  private call: XhrCall = { method: '', url: '', headers: {}, body: null };
  open(method: string, url: string) {
    this.call = { ...this.call, method, url };
  }
  setRequestHeader(name: string, value: string) {
    this.call.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    xhrCalls.push({ ...this.call, body });
    const total = body instanceof Blob ? body.size : 0;
    const progress = (loaded: number) =>
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    progress(total / 2);
    void (xhrGate ?? Promise.resolve()).then(() => {
      progress(total);
      this.status = xhrAnswer.status;
      this.responseText = JSON.stringify(xhrAnswer.body);
      this.dispatchEvent(new Event('load'));
    });
  }
}

beforeEach(() => {
  restCalls = [];
  xhrCalls = [];
  xhrGate = null;
  clicked.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      restCalls.push({ url, init });
      return restAnswer(url);
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:task-file');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openTasks(server = tasksServer(), extra: Handlers = {}, path = '/tasks') {
  const view = renderApp(path, { signedInAs: testUser, api: { ...server.handlers, ...extra } });
  await screen.findByRole('heading', { level: 1 });
  return { ...view, server };
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const chooseType = (name: 'Scrape' | 'Analyze' | 'Export') => fireEvent.click(screen.getByRole('radio', { name }));
const chooseSource = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const taskList = () => screen.findByRole('list', { name: 'Your tasks' });
const card = (title: string) => screen.getByRole('article', { name: title });

describe('/tasks', () => {
  it('is for signed-in users only', async () => {
    renderApp('/tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('explains what a task is and its three types when there are none', async () => {
    await openTasks();
    expect(await screen.findByText(TASKS_EMPTY_MESSAGE)).toBeTruthy();
    for (const type of ['Scrape', 'Analyze', 'Export']) expect(screen.getByText(type, { selector: 'dt' })).toBeTruthy();
  });

  it('/scraping-tasks is the one tasks page: it opens /tasks, with its schedules', async () => {
    const view = await openTasks(tasksServer(), {}, '/scraping-tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/tasks');
    expect(await screen.findByText(SCHEDULES_EMPTY_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Create a task' })).toBeTruthy();
    expect(await screen.findByText(TASKS_EMPTY_MESSAGE)).toBeTruthy();
  });
});

describe('the create form: scrape', () => {
  it('asks for a title and a file before sending anything', async () => {
    const { api } = await openTasks();
    press('Create Task');
    expect(fieldError('Title')).toBe('title is required');
    expect(fieldError('File of posts')).toBe(CHOOSE_FILE_MESSAGE);
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(api.callsTo('tasks.create')).toHaveLength(0);
    expect(xhrCalls).toHaveLength(0);
  });

  it('uploads the chosen file with the session token, then creates the task, which shows in the list', async () => {
    xhrAnswer = { status: 201, body: uploaded };
    const { api } = await openTasks();
    fill('Title', 'Import my tweets');
    const file = new File(['{"id":"1"}\n{"id":"2"}\n'], 'posts.jsonl', { type: '' });
    fireEvent.change(screen.getByLabelText('File of posts'), { target: { files: [file] } });
    expect(screen.getByText('posts.jsonl')).toBeTruthy();
    expect(screen.getByText(/· 22 B/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Platform of the posts'), { target: { value: 'facebook' } });
    press('Create Task');

    expect(await outcome('status')).toBe('Task created: Import my tweets. Follow it in the list of your tasks.');
    expect(xhrCalls).toEqual([
      {
        method: 'POST',
        url: '/api/tasks/uploads?filename=posts.jsonl',
        headers: { authorization: `Bearer ${TEST_TOKEN}`, 'content-type': 'application/octet-stream' },
        body: file,
      },
    ]);
    expect(api.callsTo('tasks.create')[0]?.input).toEqual({
      type: 'scrape',
      title: 'Import my tweets',
      description: '',
      source: { kind: 'upload', uploadId: UPLOAD_ID, platform: 'facebook' },
    });
    await within(await taskList()).findByRole('heading', { name: 'Import my tweets' });
    expect(within(card('Import my tweets')).getByText('Pending')).toBeTruthy();
  });

  it('does not send the same file twice when only the task needs another try', async () => {
    xhrAnswer = { status: 201, body: uploaded };
    let refused = false;
    const server = tasksServer();
    const { api } = await openTasks(server, {
      'tasks.create': (input, call) => {
        if (!refused) {
          refused = true;
          throw new StubError(429, 'You already have 3 tasks waiting or running: wait for one to finish or cancel one.');
        }
        return server.handlers['tasks.create']!(input, call);
      },
    });
    fill('Title', 'Import');
    fireEvent.change(screen.getByLabelText('File of posts'), { target: { files: [new File(['{}\n'], 'posts.jsonl')] } });
    press('Create Task');
    expect((await screen.findByRole('alert')).textContent).toContain('You already have 3 tasks waiting or running');
    press('Create Task');
    expect(await outcome('status')).toContain('Task created: Import.');
    expect(xhrCalls).toHaveLength(1);
    expect(api.callsTo('tasks.create')).toHaveLength(2);
  });

  it('shows how much of the file has gone up', async () => {
    xhrAnswer = { status: 201, body: uploaded };
    const gate = deferred<void>();
    xhrGate = gate.promise;
    await openTasks();
    fill('Title', 'Import');
    fireEvent.change(screen.getByLabelText('File of posts'), { target: { files: [new File(['0123456789'], 'posts.jsonl')] } });
    press('Create Task');
    const bar = await screen.findByRole('progressbar', { name: 'Upload of posts.jsonl' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect((screen.getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(true);
    gate.resolve();
    expect(await outcome('status')).toContain('Task created: Import.');
    expect(screen.queryByRole('progressbar', { name: 'Upload of posts.jsonl' })).toBeNull();
  });

  it('takes a file dropped on the zone', async () => {
    await openTasks();
    const zone = screen.getByLabelText('File of posts').parentElement as HTMLElement;
    const file = new File(['id,text\n'], 'posts.csv', { type: 'text/csv' });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(screen.getByText('posts.csv')).toBeTruthy();
  });

  it('shows why the server refused the file next to it', async () => {
    xhrAnswer = { status: 413, body: { error: 'The file is too large: uploads are limited to 20 MB.' } };
    const { api } = await openTasks();
    fill('Title', 'Big one');
    fireEvent.change(screen.getByLabelText('File of posts'), { target: { files: [new File(['x'], 'big.jsonl')] } });
    press('Create Task');
    await waitFor(() => expect(fieldError('File of posts')).toBe('The file is too large: uploads are limited to 20 MB.'));
    expect(api.callsTo('tasks.create')).toHaveLength(0);
  });

  it("checks a URL source and shows the server's objection by the URL", async () => {
    await openTasks(tasksServer(), {
      'tasks.create': () => {
        throw new StubError(400, 'source.url must resolve to a public address', 'source.url');
      },
    });
    chooseSource('From a URL');
    fill('Title', 'From the web');
    fill('URL of the file', 'ftp://example.com/posts.csv');
    press('Create Task');
    expect(fieldError('URL of the file')).toBe('source.url must be an http(s) URL');
    fill('URL of the file', 'http://10.0.0.8/posts.csv');
    press('Create Task');
    await waitFor(() => expect(fieldError('URL of the file')).toBe('source.url must resolve to a public address'));
    expect(fieldError('Title')).toBeNull();
    fill('URL of the file', 'https://example.com/posts.csv');
    expect(fieldError('URL of the file')).toBeNull();
  });

  it('repeats a URL scrape: checks the cron expression, creates the schedule, shows its next run, and pauses it', async () => {
    const { api } = await openTasks(tasksServer(), {
      'taskSchedules.create': () => {
        throw new StubError(
          400,
          'cron may run at most once an hour: its minute field must be one number from 0 to 59, e.g. 15 * * * *',
          'cron',
        );
      },
    });
    // A file is read once: no repeat for an upload.
    expect(screen.queryByLabelText('Repeat')).toBeNull();
    chooseSource('From a URL');
    fill('Title', 'Feed every hour');
    fill('URL of the file', 'https://example.com/posts.jsonl');
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'cron' } });
    press('Create Schedule');
    expect(fieldError('Cron expression (UTC)')).toBe('cron is required when repeat is cron, e.g. 0 6 * * 1 (06:00 UTC every Monday)');
    fill('Cron expression (UTC)', '*/5 * * * *');
    press('Create Schedule');
    await waitFor(() => expect(fieldError('Cron expression (UTC)')).toMatch(/^cron may run at most once an hour/));
    expect(api.callsTo('taskSchedules.create')[0]?.input).toMatchObject({ repeat: 'cron', cron: '*/5 * * * *', source: { kind: 'url' } });
    expect(api.callsTo('tasks.create')).toHaveLength(0);
  });

  it('creates an hourly schedule that the schedules list shows with its next run, and pauses it', async () => {
    await openTasks();
    chooseSource('From a URL');
    fill('Title', 'Hourly feed');
    fill('URL of the file', 'https://example.com/posts.jsonl');
    fireEvent.change(screen.getByLabelText('Repeat'), { target: { value: 'hourly' } });
    press('Create Schedule');
    expect(await outcome('status')).toContain('Schedule created: Hourly feed. Its first run is at 2026-11-23 09:00 UTC.');
    const schedule = await screen.findByRole('article', { name: 'Hourly feed' });
    expect(within(schedule).getByText('2026-11-23 09:00 UTC')).toBeTruthy();
    fireEvent.click(within(schedule).getByRole('button', { name: 'Pause Hourly feed' }));
    expect(await within(schedule).findByText('Paused: it will not run until you resume it.')).toBeTruthy();
    expect(within(schedule).getByRole('button', { name: 'Resume Hourly feed' })).toBeTruthy();
  });

  it('says X recent search needs a token on the server, and shows its refusal', async () => {
    const { api } = await openTasks(tasksServer(), {
      'tasks.create': () => {
        throw new StubError(400, 'X recent search is not set up on this server (X_BEARER_TOKEN): choose another source.');
      },
    });
    chooseSource('X recent search');
    expect(screen.getByLabelText('Search query').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/X_BEARER_TOKEN/)).toBeTruthy();
    fill('Title', 'Search X');
    fill('Search query', '$BTC');
    fill('Most posts to collect', '5');
    press('Create Task');
    expect(fieldError('Most posts to collect')).toBe('source.maxPosts must be a whole number from 10 to 10000');
    fill('Most posts to collect', '50');
    press('Create Task');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TASK_CREATE_FAILED_MESSAGE);
    expect(alert.textContent).toContain('X recent search is not set up on this server (X_BEARER_TOKEN)');
    expect(api.callsTo('tasks.create')[0]?.input).toMatchObject({ source: { kind: 'x-recent-search', query: '$BTC', maxPosts: 50 } });
  });
});

describe('the create form: analyze and export', () => {
  it('needs a symbol or keyword, valid tickers and a period in order', async () => {
    const { api } = await openTasks();
    chooseType('Analyze');
    fill('Title', 'BTC week');
    press('Create Task');
    expect(fieldError('Symbols')).toBe('query.symbols or query.keywords must name at least one term');
    fill('Symbols', 'BTC, B-T-C');
    expect(fieldError('Symbols')).toBe('query.symbols must be tickers such as BTC');
    fill('Symbols', 'btc eth');
    expect(fieldError('Symbols')).toBeNull();
    fill('From (UTC)', '2026-11-20');
    fill('To (UTC, included)', '2026-11-18');
    expect(fieldError('To (UTC, included)')).toBe('query.to must be after query.from');
    expect(api.callsTo('tasks.create')).toHaveLength(0);
  });

  it('creates an analysis of the symbols, keywords, platforms, days and dataset chosen', async () => {
    const { api } = await openTasks();
    chooseType('Analyze');
    expect(screen.getByRole('radio', { name: 'Shared data' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'My data' }));
    fill('Title', 'BTC week');
    fill('Symbols', 'btc, eth');
    fill('Keywords', 'etf, spot approval');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Twitter' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    fill('From (UTC)', '2026-11-16');
    fill('To (UTC, included)', '2026-11-22');
    press('Create Task');
    expect(await outcome('status')).toContain('Task created: BTC week.');
    expect(api.callsTo('tasks.create')[0]?.input).toEqual({
      type: 'analyze',
      title: 'BTC week',
      description: '',
      query: {
        symbols: ['btc', 'eth'],
        keywords: ['etf', 'spot approval'],
        platforms: ['twitter', 'linkedin'],
        from: '2026-11-16',
        // The "to" day is included: the query ends where the next day starts.
        to: '2026-11-23',
        dataset: 'mine',
      },
    });
    const item = await within(await taskList()).findByRole('article', { name: 'BTC week' });
    expect(
      within(item).getByText('BTC, ETH, "etf", "spot approval" · Twitter, LinkedIn · 2026-11-16 to 2026-11-22 · My data'),
    ).toBeTruthy();
  });

  it('creates an export in the chosen format, and shows a field the server names', async () => {
    let refused = false;
    const server = tasksServer();
    const { api } = await openTasks(server, {
      'tasks.create': (input, call) => {
        if (!refused) {
          refused = true;
          // The server names the list item at fault; the form shows it by the list.
          throw new StubError(400, 'query.keywords must be at most 100 characters each', 'query.keywords.0');
        }
        return server.handlers['tasks.create']!(input, call);
      },
    });
    chooseType('Export');
    fill('Title', 'ETH posts');
    fill('Keywords', 'ethereum');
    fireEvent.change(screen.getByLabelText('File format'), { target: { value: 'jsonl' } });
    press('Create Task');
    await waitFor(() => expect(fieldError('Keywords')).toBe('query.keywords must be at most 100 characters each'));
    press('Create Task');
    expect(await outcome('status')).toContain('Task created: ETH posts.');
    expect(api.callsTo('tasks.create')[1]?.input).toEqual({
      type: 'export',
      title: 'ETH posts',
      description: '',
      query: { keywords: ['ethereum'], dataset: 'shared' },
      format: 'jsonl',
    });
  });

  it("opens filled in from a table's Export link: the platform, coin, dates and dataset", async () => {
    const server = tasksServer();
    const { api } = await openTasks(
      server,
      {},
      '/tasks?type=export&platforms=facebook&symbols=BTC&from=2026-11-01&to=2026-11-20&dataset=mine',
    );
    expect((screen.getByRole('radio', { name: 'Export' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Symbols') as HTMLInputElement).value).toBe('BTC');
    fill('Title', 'All BTC on Facebook');
    press('Create Task');
    expect(await outcome('status')).toContain('Task created: All BTC on Facebook.');
    expect(api.callsTo('tasks.create')[0]?.input).toEqual({
      type: 'export',
      title: 'All BTC on Facebook',
      description: '',
      query: { symbols: ['BTC'], platforms: ['facebook'], from: '2026-11-01', to: '2026-11-21', dataset: 'mine' },
      format: 'csv',
    });
  });

  it('explains a limit that names no field', async () => {
    await openTasks(tasksServer(), {
      'tasks.create': () => {
        throw new StubError(429, 'You already have 3 tasks waiting or running: wait for one to finish or cancel one.');
      },
    });
    chooseType('Export');
    fill('Title', 'All posts');
    press('Create Task');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You already have 3 tasks waiting or running');
  });
});

describe('the list', () => {
  const tasks = () => [
    scrapeTaskOf({ id: '00000000-0000-4000-8000-000000000001', title: 'Queued import' }),
    scrapeTaskOf({
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Running import',
      status: 'running',
      progress: 42,
      startedAt: '2026-11-23T08:00:05.000Z',
      attempts: 1,
    }),
    scrapeTaskOf({
      id: '00000000-0000-4000-8000-000000000003',
      title: 'Done import',
      status: 'completed',
      progress: 100,
      startedAt: '2026-11-23T08:00:05.000Z',
      finishedAt: '2026-11-23T08:02:00.000Z',
      attempts: 1,
      resultSummary: {
        rows: 12,
        inserted: 9,
        updated: 0,
        skipped: 0,
        failed: 3,
        errors: [
          { line: 4, reason: 'malformed JSON' },
          { line: 7, reason: 'likes must be 0 or more' },
          { line: 11, reason: 'createdAt is not a date' },
        ],
      },
    }),
    analyzeTaskOf({
      id: '00000000-0000-4000-8000-000000000004',
      title: 'Failed analysis',
      status: 'failed',
      attempts: 3,
      error: 'The database did not answer in time.',
      finishedAt: '2026-11-23T08:03:00.000Z',
    }),
    analyzeTaskOf({
      id: '00000000-0000-4000-8000-000000000005',
      status: 'completed',
      progress: 100,
      reportAvailable: true,
      resultSummary: { posts: 42, from: null, to: null, averageSentiment: 0.6 },
    }),
    completedExport('00000000-0000-4000-8000-000000000006'),
  ];

  it('shows each status as a badge, progress while running, times, results and errors', async () => {
    await openTasks(tasksServer(tasks()));
    await taskList();
    expect(within(card('Queued import')).getByText('Pending')).toBeTruthy();
    const running = card('Running import');
    expect(within(running).getByText('Running')).toBeTruthy();
    const bar = within(running).getByRole('progressbar', { name: 'Progress of Running import' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(running.textContent).toContain('Created Nov 23, 2026, 8:00 AM UTC, started Nov 23, 2026, 8:00 AM UTC.');

    const done = card('Done import');
    expect(within(done).getByText('Completed')).toBeTruthy();
    expect(within(done).queryByRole('progressbar')).toBeNull();
    expect(done.textContent).toContain('12 rows read: 9 new, 0 updated, 0 unchanged, 3 bad rows.');
    expect(within(done).getByText('Line 7: likes must be 0 or more')).toBeTruthy();
    expect(done.textContent).toContain('finished Nov 23, 2026, 8:02 AM UTC.');

    const failed = card('Failed analysis');
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Why it failed')).toBeTruthy();
    expect(within(failed).getByText('The database did not answer in time.')).toBeTruthy();

    expect(within(card('BTC this week')).getByRole('link', { name: 'View the report of BTC this week' }).getAttribute('href')).toBe(
      '/tasks/00000000-0000-4000-8000-000000000005',
    );
    const exported = card('ETH posts');
    expect(exported.textContent).toContain('1,234 posts written as CSV (50.8 KB).');
    expect(exported.textContent).toContain('Available until Nov 24, 2026, 8:01 AM UTC.');
  });

  it('offers cancel while a task waits or runs, retry once it failed, and delete always', async () => {
    await openTasks(tasksServer(tasks()));
    await taskList();
    const buttons = (title: string) =>
      within(card(title))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons('Queued import')).toEqual(['Cancel', 'Delete']);
    expect(buttons('Running import')).toEqual(['Cancel', 'Delete']);
    expect(buttons('Done import')).toEqual(['Delete']);
    expect(buttons('Failed analysis')).toEqual(['Retry', 'Delete']);
  });

  it('cancels, retries, and deletes after a confirmation', async () => {
    const { api } = await openTasks(tasksServer(tasks()));
    await taskList();
    press('Cancel Running import');
    expect(await outcome('status')).toBe('Running import: cancelled.');
    await within(card('Running import')).findByText('Cancelled');
    expect(api.callsTo('tasks.cancel')[0]?.input).toEqual({ id: '00000000-0000-4000-8000-000000000002' });

    press('Retry Failed analysis');
    await within(card('Failed analysis')).findByText('Pending');
    expect(within(card('Failed analysis')).queryByText('Why it failed')).toBeNull();

    press('Delete Done import');
    const dialog = await screen.findByRole('dialog', { name: 'Delete this task?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep It' }));
    expect(api.callsTo('tasks.delete')).toHaveLength(0);
    press('Delete Done import');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Task' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Done import' })).toBeNull());
    expect(api.callsTo('tasks.delete')[0]?.input).toEqual({ id: '00000000-0000-4000-8000-000000000003' });
  });

  it("shows a refusal in the server's words", async () => {
    await openTasks(tasksServer(tasks()), {
      'tasks.cancel': () => {
        throw new StubError(409, 'Only a pending or running task can be cancelled.');
      },
    });
    await taskList();
    press('Cancel Queued import');
    expect(await outcome('alert')).toBe('Only a pending or running task can be cancelled.');
  });

  it('follows a running task until it completes', async () => {
    const server = tasksServer([
      scrapeTaskOf({ id: '00000000-0000-4000-8000-000000000002', title: 'Running import', status: 'running', progress: 10 }),
    ]);
    await openTasks(server);
    await taskList();
    server.state.tasks = [{ ...server.state.tasks[0]!, progress: 60 }];
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60'));
    server.state.tasks = [{ ...server.state.tasks[0]!, status: 'completed', progress: 100 }];
    await within(card('Running import')).findByText('Completed');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('asks again only while a task is pending or running', () => {
    expect(pollWhileActive(undefined)).toBe(false);
    expect(pollWhileActive([completedExport('00000000-0000-4000-8000-000000000006')])).toBe(false);
    expect(pollWhileActive([scrapeTaskOf({ id: '00000000-0000-4000-8000-000000000001' })])).toBe(TASKS_POLL_MS);
  });

  it('downloads an export with the session token', async () => {
    restAnswer = () => new Response('id,text\n1,hello\n', { headers: { 'content-disposition': 'attachment; filename="eth-posts.csv"' } });
    await openTasks(tasksServer(tasks()));
    await taskList();
    press('Download ETH posts');
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(restCalls[0]?.url).toBe('/api/tasks/00000000-0000-4000-8000-000000000006/download');
    expect(new Headers(restCalls[0]?.init?.headers).get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(clicked[0]?.download).toBe('eth-posts.csv');
  });

  it('says when an export has expired', async () => {
    restAnswer = () =>
      Response.json({ error: 'This export has expired: files are kept 24 hours. Retry the task to write it again.' }, { status: 410 });
    await openTasks(tasksServer(tasks()));
    await taskList();
    press('Download ETH posts');
    expect(await outcome('alert')).toBe('This export has expired: files are kept 24 hours. Retry the task to write it again.');
  });
});

describe('/tasks/:id', () => {
  const id = '00000000-0000-4000-8000-000000000005';
  const analysis = () =>
    analyzeTaskOf({
      id,
      status: 'completed',
      progress: 100,
      reportAvailable: true,
      resultSummary: { posts: 42, from: null, to: null, averageSentiment: 0.72 },
    });

  it("shows an analysis's report as charts", async () => {
    await openTasks(tasksServer([analysis()]), {}, `/tasks/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'BTC this week' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Posts per day mentioning the query, 3 points' })).toBeTruthy();
    expect(screen.getByText(/42 posts, 2026-11-20 to 2026-11-22 \(UTC\)/)).toBeTruthy();
    const sentiment = screen.getByRole('list', { name: 'Sentiment distribution' });
    expect(
      within(sentiment)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Positive25 posts', 'Neutral10 posts', 'Negative7 posts']);
    const authors = screen.getByRole('list', { name: 'Top authors' });
    expect(within(authors).getByText('@satoshi (Twitter)')).toBeTruthy();
    expect(within(authors).getByText('Priya Patel (LinkedIn)')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Top hashtags' })).getByText('#bitcoin')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Co-mentioned coins' })).getByText('ETH')).toBeTruthy();
  });

  it('downloads the report as JSON', async () => {
    restAnswer = () => Response.json(analysisReport, { headers: { 'content-disposition': `attachment; filename="report-${id}.json"` } });
    await openTasks(tasksServer([analysis()]), {}, `/tasks/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Download JSON' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(restCalls[0]?.url).toBe(`/api/tasks/${id}/download`);
    expect(clicked[0]?.download).toBe(`report-${id}.json`);
  });

  it('says so when the task is not there', async () => {
    await openTasks(tasksServer([]), {}, `/tasks/${id}`);
    expect(await screen.findByText('This task does not exist, or it is not yours.')).toBeTruthy();
  });

  it('goes back to the list once the task is deleted', async () => {
    const { router } = await openTasks(tasksServer([analysis()]), {}, `/tasks/${id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete BTC this week' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tasks'));
  });
});
