import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedAssets } from '@coinsight/db';
import { TASK_URL_PUBLIC_MESSAGE, type AnalysisReport, type Task, type TaskUpload } from '@coinsight/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { daysAgo } from '../../test/social-fixtures.js';
import { taskUser, type TaskUser } from '../../test/tasks.js';
import { expireTaskFiles, runTask, sweepTasks } from './run-task.js';
import { atTime } from '../clock.js';

// Each task type run to completion by the worker's own function (runTask),
// as the task-run job calls it; the sweep and retention as their jobs call them.

let t: TestApp;
let server: http.Server;
let origin: string;
const xRequests: URLSearchParams[] = [];
const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/x-recent-search/${name}`, import.meta.url), 'utf8');

const posts = [
  { id: 'p1', username: 'alice', text: 'Bitcoin to the moon, love it! $BTC #bitcoin', createdAt: daysAgo(2), likes: 10 },
  { id: 'p2', username: 'bob', text: 'Sold my $BTC and $ETH, terrible week #crypto #bitcoin', createdAt: daysAgo(2, 14), likes: 3 },
  { id: 'p3', username: 'alice', text: '$BTC steady, $SOL too #crypto', createdAt: daysAgo(1), likes: 1 },
  { id: 'p4', username: 'carol', text: 'Nothing about coins here', createdAt: daysAgo(1), likes: 0 },
];
const jsonl = (rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n') + '\n';

beforeAll(async () => {
  // A local server standing for the outside world: files, a redirect to a refused address, and X.
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname === '/posts.jsonl') return res.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(jsonl(posts));
    if (url.pathname === '/redirect-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (url.pathname === '/redirect-loopback') return res.writeHead(301, { location: 'http://127.0.0.1:1/posts.jsonl' }).end();
    if (url.pathname === '/2/tweets/search/recent') {
      xRequests.push(url.searchParams);
      if (req.headers.authorization !== 'Bearer x-test-token') return res.writeHead(401).end('{"title":"Unauthorized"}');
      const token = url.searchParams.get('next_token');
      const page = token === null ? 'page-1.json' : token === 'b26v89c19zqg8o3fobd8v73egzbdt3qao235oql' ? 'page-2.json' : 'page-3.json';
      // The second page is the last the window allows: remaining 0, resetting at a known time.
      const remaining = page === 'page-2.json' ? '0' : '449';
      return res
        .writeHead(200, {
          'content-type': 'application/json',
          'x-rate-limit-limit': '450',
          'x-rate-limit-remaining': remaining,
          'x-rate-limit-reset': '1795000000',
        })
        .end(fixture(page));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    tasks: { allowPrivateUrls: false, trustedOrigins: [origin], x: { bearerToken: 'x-test-token', baseUrl: origin } },
  });
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const run = (id: string) => runTask(t.app.deps, { taskId: id, signal: new AbortController().signal });

async function uploadAndScrape(u: TaskUser, content: string, filename = 'posts.jsonl') {
  const upload = (await u.upload(content, filename)).json<TaskUpload>();
  const task = await u.create({
    type: 'scrape',
    title: 'import',
    source: { kind: 'upload', uploadId: upload.uploadId, platform: 'twitter' },
  });
  expect(await run(task.data.id)).toBe('completed');
  return (await u.get(task.data.id)).data as Extract<Task, { type: 'scrape' }>;
}

describe(`task runs (${process.env.TEST_DB})`, () => {
  it('scrape from an upload keeps the good rows and reports the bad ones by line; a rerun changes nothing', async () => {
    const u = await taskUser(t.app);
    const content = [
      JSON.stringify(posts[0]),
      '{not json',
      JSON.stringify({ id: 'no-text', username: 'x', createdAt: daysAgo(1) }),
      JSON.stringify(posts[1]),
    ].join('\n');
    const task = await uploadAndScrape(u, content);
    expect(task).toMatchObject({ status: 'completed', progress: 100, attempts: 1, error: null });
    expect(task.startedAt).not.toBeNull();
    expect(task.finishedAt).not.toBeNull();
    expect(task.resultSummary).toMatchObject({ rows: 4, inserted: 2, failed: 2 });
    expect(task.resultSummary?.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(task.resultSummary?.errors[1]?.reason).toBe('text is missing');
    // The same file again: idempotent on the platform's post id.
    const again = await uploadAndScrape(u, content);
    expect(again.resultSummary).toMatchObject({ inserted: 0, skipped: 2, failed: 2 });
  });

  it('scrape from a CSV upload', async () => {
    const u = await taskUser(t.app);
    const csv = `id,username,text,createdAt,likes\ncsv1,dave,"$ETH, calm",${daysAgo(3)},4\ncsv2,erin,,${daysAgo(3)},1\n`;
    const task = await uploadAndScrape(u, csv, 'posts.csv');
    expect(task.resultSummary).toMatchObject({ rows: 2, inserted: 1, failed: 1 });
  });

  it('scrape from a URL, and refusals: a redirect to the metadata address or to loopback fails with a clear error', async () => {
    const u = await taskUser(t.app);
    const ok = await u.create({
      type: 'scrape',
      title: 'from url',
      source: { kind: 'url', url: `${origin}/posts.jsonl`, platform: 'twitter' },
    });
    expect(await run(ok.data.id)).toBe('completed');
    expect((await u.get(ok.data.id)).data.resultSummary).toMatchObject({ rows: 4, failed: 0 });

    for (const path of ['/redirect-metadata', '/redirect-loopback']) {
      const task = await u.create({
        type: 'scrape',
        title: 'redirect',
        source: { kind: 'url', url: `${origin}${path}`, platform: 'twitter' },
      });
      expect(await run(task.data.id)).toBe('failed');
      expect((await u.get(task.data.id)).data).toMatchObject({ status: 'failed', error: TASK_URL_PUBLIC_MESSAGE, attempts: 1 });
    }
  });

  it('X recent search pages through the recorded responses and stops at the rate limit, recording it', async () => {
    const u = await taskUser(t.app);
    xRequests.length = 0;
    const task = await u.create({
      type: 'scrape',
      title: 'x',
      source: { kind: 'x-recent-search', query: '$BTC -is:retweet', maxPosts: 500 },
    });
    expect(await run(task.data.id)).toBe('completed');
    const done = (await u.get(task.data.id)).data as Extract<Task, { type: 'scrape' }>;
    // Two pages read (the third is behind the exhausted limit); the post without text is reported.
    expect(xRequests.map((q) => q.get('next_token'))).toEqual([null, 'b26v89c19zqg8o3fobd8v73egzbdt3qao235oql']);
    expect(xRequests[0]?.get('query')).toBe('$BTC -is:retweet');
    expect(xRequests[0]?.get('max_results')).toBe('100');
    expect(done.resultSummary).toMatchObject({ rows: 4, inserted: 3, failed: 1, pages: 2 });
    expect(done.resultSummary?.rateLimited?.resetAt).toBe(new Date(1795000000 * 1000).toISOString());
    // Into the task owner's own dataset (docs/security.md §24), the author on the row.
    const stored = await t.app.db
      .selectFrom('private_posts')
      .select(['user_id', 'external_id', 'author_username', 'likes', 'views', 'symbols'])
      .where('external_id', '=', '1860000000000000003')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: u.user.id, author_username: 'XDevelopers', likes: 38, views: 1250, symbols: ['BTC'] });

    // maxPosts bounds the collection: 10 asked, the first page's 2 plus the second's 2 are under it; with 3, one page and one post.
    xRequests.length = 0;
    const small = await u.create({ type: 'scrape', title: 'x small', source: { kind: 'x-recent-search', query: 'btc', maxPosts: 10 } });
    expect(await run(small.data.id)).toBe('completed');
    expect(xRequests[0]?.get('max_results')).toBe('10');
  });

  it('analyze builds the report (mentions over time, sentiment, authors, hashtags, co-mentioned coins), downloadable as JSON', async () => {
    const u = await taskUser(t.app);
    await uploadAndScrape(u, jsonl(posts));
    const task = await u.create({
      type: 'analyze',
      title: 'BTC week',
      query: { keywords: ['moon', 'terrible', 'steady'], from: daysAgo(5, 0).slice(0, 10), dataset: 'mine' },
    });
    expect(await run(task.data.id)).toBe('completed');
    const done = (await u.get(task.data.id)).data;
    expect(done).toMatchObject({ status: 'completed', reportAvailable: true, resultSummary: { posts: 3 } });
    const report = (await u.query<AnalysisReport>('tasks.report', { id: task.data.id })).data;
    expect(report.posts).toBe(3);
    expect(report.interval).toBe('day');
    expect(report.mentionsOverTime.reduce((sum, b) => sum + b.posts, 0)).toBe(3);
    expect(report.sentiment.positive + report.sentiment.neutral + report.sentiment.negative).toBe(3);
    expect(report.topAuthors[0]).toEqual({ platform: 'twitter', username: 'alice', posts: 2 });
    expect(report.topHashtags).toEqual([
      { tag: 'bitcoin', posts: 2 },
      { tag: 'crypto', posts: 2 },
    ]);
    expect(report.coMentioned).toEqual([
      { symbol: 'BTC', posts: 3 },
      { symbol: 'ETH', posts: 1 },
      { symbol: 'SOL', posts: 1 },
    ]);
    const download = await u.download(task.data.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="btc-week-report.json"');
    expect(download.json()).toEqual(report);
  });

  it('export writes CSV, JSON and JSON Lines for its owner only, and expires (410)', async () => {
    const u = await taskUser(t.app);
    await uploadAndScrape(u, jsonl(posts));
    const query = { keywords: ['moon', 'steady'], platforms: ['twitter'], dataset: 'mine' };
    const files: Record<string, string> = {};
    const ids: Record<string, string> = {};
    for (const format of ['csv', 'json', 'jsonl']) {
      const task = await u.create({ type: 'export', title: `Moon ${format}`, query, format });
      expect(await run(task.data.id)).toBe('completed');
      const done = (await u.get(task.data.id)).data as Extract<Task, { type: 'export' }>;
      expect(done.resultSummary).toMatchObject({ rows: 2, format, expired: false });
      expect(done.downloadUrl).toBe(`/api/tasks/${task.data.id}/download`);
      const download = await u.download(task.data.id);
      expect(download.statusCode).toBe(200);
      files[format] = download.body;
      ids[format] = task.data.id;
    }
    expect(files.csv!.split('\r\n')[0]).toBe(
      'platform,id,username,text,createdAt,likes,comments,shares,views,replies,retweets,hashtags,symbols,sentiment',
    );
    expect(files.csv).toContain('"$BTC steady, $SOL too #crypto"');
    expect((JSON.parse(files.json!) as { id: string }[]).map((row) => row.id).sort()).toEqual(['p1', 'p3']);
    expect(
      files
        .jsonl!.trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id)
        .sort(),
    ).toEqual(['p1', 'p3']);

    // Someone else: 404, as for a task that does not exist.
    expect((await (await taskUser(t.app)).download(ids.csv!)).statusCode).toBe(404);

    // A day later the retention job deletes the files: the download says so.
    const expired = await expireTaskFiles(atTime(t.app.deps, new Date(Date.now() + 25 * 3_600_000)), {});
    expect(expired.exports).toBeGreaterThanOrEqual(3);
    const gone = await u.download(ids.csv!);
    expect(gone.statusCode).toBe(410);
    expect(gone.json<{ error: string }>().error).toMatch(/expired/);
    expect((await u.get(ids.csv!)).data).toMatchObject({ downloadUrl: null, resultSummary: { expired: true } });
  });

  it('docs/security.md §28: export cells a spreadsheet would run as a formula open as text', async () => {
    const u = await taskUser(t.app);
    // OWASP CSV injection. A leading tab or CR (which a spreadsheet trims, leaving the `=` first) is
    // already trimmed by the ingest; export.test.ts writes those cells as they are.
    const formulas = ['=1+1', '+SUM(1,2)', "-2+3+cmd|' /C calc'!A0", '@SUM(1+1)', '\t=1+1', '\r=1+1'];
    const rows = formulas.map((formula, i) => ({
      id: `formula-${i}`,
      username: `-formula${i}`,
      text: `${formula} spreadsheetcell`,
      createdAt: daysAgo(1),
    }));
    await uploadAndScrape(u, jsonl(rows));
    const task = await u.create({
      type: 'export',
      title: 'formulas',
      query: { keywords: ['spreadsheetcell'], dataset: 'mine' },
      format: 'csv',
    });
    expect(await run(task.data.id)).toBe('completed');
    const download = await u.download(task.data.id);
    expect(download.statusCode).toBe(200);

    // What a spreadsheet reads: every text and name cell starts with the quote that makes it text.
    const cells = parse(download.body, { columns: true }) as Record<string, string>[];
    const byId = new Map(cells.map((cell) => [cell.id, cell]));
    formulas.forEach((formula, i) => {
      expect(byId.get(`formula-${i}`)).toMatchObject({ text: `'${formula.trimStart()} spreadsheetcell`, username: `'-formula${i}` });
    });
    // No line of the file starts a cell with a formula character, quoted or not.
    for (const line of download.body.split(/\r\n/)) expect(line).not.toMatch(/(^|,)"?[=+\-@\t\r]/);
    // Numbers stay numbers: a negative sentiment is not a formula and is not prefixed.
    expect(cells.every((cell) => /^-?\d+(\.\d+)?$/.test(cell.sentiment ?? ''))).toBe(true);
  });

  it('a worker killed mid-task leaves it retryable: the sweep returns it to pending, then it completes; after its attempts it fails', async () => {
    const u = await taskUser(t.app);
    const { id } = (await u.create({ type: 'analyze', title: 'orphan', query: { keywords: ['bitcoin'] } })).data;
    // A worker claimed it and died: running, heartbeat long stale.
    const abandon = () =>
      t.app.db
        .updateTable('tasks')
        .set((eb) => ({
          status: 'running',
          run_id: 'dead-worker',
          heartbeat_at: new Date(Date.now() - 3_600_000),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    await abandon();
    expect((await u.get(id)).data.status).toBe('running');
    expect(await sweepTasks(atTime(t.app.deps, new Date()), {})).toMatchObject({ requeued: 1 });
    expect((await u.get(id)).data).toMatchObject({ status: 'pending', error: 'The worker running this task stopped; it will run again.' });
    expect(await run(id)).toBe('completed');
    expect((await u.get(id)).data).toMatchObject({ status: 'completed', attempts: 2, error: null });

    // Abandoned on its last attempt: failed, never stuck.
    await t.app.db.updateTable('tasks').set({ status: 'pending', attempts: 2 }).where('id', '=', id).execute();
    await abandon();
    expect(await sweepTasks(atTime(t.app.deps, new Date()), {})).toMatchObject({ failed: 1 });
    const failed = (await u.get(id)).data;
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/stopped 3 times/);
    // The user can retry it.
    expect((await u.mutate<Task>('tasks.retry', { id })).data).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await run(id)).toBe('completed');
  });

  it('a task cancelled or claimed elsewhere is not run; a cancelled running task stops and stays cancelled', async () => {
    const u = await taskUser(t.app);
    const { id } = (await u.create({ type: 'analyze', title: 'x', query: { symbols: ['BTC'] } })).data;
    await u.mutate('tasks.cancel', { id });
    expect(await run(id)).toBe('skipped');
    expect((await u.get(id)).data).toMatchObject({ status: 'cancelled', attempts: 0 });
  });
});
