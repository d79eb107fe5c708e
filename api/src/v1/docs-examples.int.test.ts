import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  PUBLIC_TEST_API_KEY,
  v1AlertResponseSchema,
  v1AssetsResponseSchema,
  v1DataResponseSchema,
  v1HistoryResponseSchema,
  v1SeriesResponseSchema,
  v1TrendingResponseSchema,
  v1WatchlistResponseSchema,
} from '@coinsight/contracts';
import { allExamples, withBaseUrl, type CodeExample } from '@coinsight/sdk/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';

// Every code example of the /docs pages runs against a listening server. The shell
// ones run in bash with the real curl; the TypeScript ones are type-checked against the built
// SDK and run as files importing it; the Python ones run with the machine's python3 and
// packages/sdk-python on PYTHONPATH. Asynchronous child processes only: the server
// answering them lives in this process.

const run = promisify(execFile);
const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
// Under api/node_modules so that `import '@coinsight/sdk'` resolves to the workspace package.
const WORK_DIR = fileURLToPath(new URL('../../node_modules/.cache/docs-examples/', import.meta.url));
const PYTHON_SDK = fileURLToPath(new URL('../../../packages/sdk-python/src', import.meta.url));
// The CLI examples (`coinsight …`) run the built CLI, put on PATH as `coinsight`, against this
// server, with a config folder of their own and WORK_DIR as the folder they write files in.
const CLI = fileURLToPath(new URL('../../../packages/cli/dist/coinsight.js', import.meta.url));
const BIN_DIR = `${WORK_DIR}bin`;

let server: Awaited<ReturnType<typeof startLiveServer>>;
let env: NodeJS.ProcessEnv;

// What this file checks is the client's side (its requests, answers and errors over HTTP): the
// server under it is the same on either database, so it runs in the PGlite project only.
const clientSideOnly = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  server = await startLiveServer();
  env = { ...process.env, COINSIGHT_API_KEY: server.apiKey, COINSIGHT_BASE_URL: '' };
  await rm(WORK_DIR, { recursive: true, force: true });
  await mkdir(WORK_DIR, { recursive: true });
  await mkdir(BIN_DIR);
  await writeFile(`${BIN_DIR}/coinsight`, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`, { mode: 0o755 });
  // The first test-key call after a start opens the test dataset (2–3 s; under a full CI run
  // far more): made here, so the examples measure their own calls.
  const warm = await fetch(`${server.baseUrl}/v1/crypto/prices?symbols=BTC`, {
    headers: { authorization: `Bearer ${PUBLIC_TEST_API_KEY}` },
  });
  expect(warm.status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await rm(WORK_DIR, { recursive: true, force: true });
});

async function bash(example: CodeExample, extraEnv: Record<string, string> = {}) {
  const cliEnv = example.code.startsWith('coinsight ')
    ? { PATH: `${BIN_DIR}:${process.env.PATH ?? ''}`, COINSIGHT_BASE_URL: server.baseUrl, XDG_CONFIG_HOME: `${WORK_DIR}config` }
    : {};
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', withBaseUrl(example.code, server.baseUrl)], {
    env: { ...env, ...cliEnv, ...extraEnv },
    cwd: WORK_DIR,
    timeout: 45_000,
  });
  return stdout;
}

const fileOf = (id: string) => `${WORK_DIR}${id.replace(/\W/g, '-')}.mts`;

async function typescript(id: string) {
  const { stdout } = await run(`${API_DIR}node_modules/.bin/tsx`, [fileOf(id)], { env, cwd: WORK_DIR, timeout: 30_000 });
  return stdout;
}

async function python(example: CodeExample) {
  const { stdout } = await run('python3', ['-B', '-c', withBaseUrl(example.code, server.baseUrl)], {
    env: { ...env, PYTHONPATH: PYTHON_SDK, NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' },
    cwd: WORK_DIR,
    timeout: 30_000,
  });
  return stdout;
}

async function runExample(id: string, example: CodeExample) {
  if (example.language === 'bash') return bash(example);
  if (example.language === 'python') return python(example);
  return typescript(id);
}

const runnable = Object.entries(allExamples).filter(([, e]) => e.kind === 'run');
const json = (text: string): unknown => JSON.parse(text);

/** What each runnable example must print. Every runnable example has one (checked below). */
const expectations: Record<string, (out: string) => void> = {
  'quickStart.basicUsage': (out) => expect(out).toMatch(/^BTC .*\(\d+ posts\)\nETH .*\(\d+ posts\)\n$/),
  'quickStart.authCurl': (out) => expect(json(out)).toEqual({ data: expect.any(Array), asOf: expect.any(String) }),
  'quickStart.rateLimitsCurl': (out) => {
    expect(out).toMatch(/^HTTP\/1\.1 200/);
    expect(out).toMatch(/^x-request-id: \S+/im);
    expect(out).toMatch(/^ratelimit-limit: 100\r?$/im);
    expect(out).toMatch(/^ratelimit-remaining: \d+\r?$/im);
    expect(out).toMatch(/^ratelimit-reset: \d+\r?$/im);
    expect(out).toMatch(/^ratelimit-policy: "key";q=100;w=60, "account";q=100;w=60, "month";q=1000;w=\d+\r?$/im);
    expect(out).toMatch(/^ratelimit: "key";r=\d+;t=\d+, "account";r=\d+;t=\d+, "month";r=\d+;t=\d+\r?$/im);
  },
  'quickStart.usageCurl': (out) =>
    expect(json(out)).toMatchObject({ plan: 'free', quota: 1000, calls: expect.any(Number), key: { calls: expect.any(Number) } }),
  'quickStart.errorsCurl': (out) =>
    expect(json(out)).toEqual({
      error: { code: 'unauthorized', message: expect.stringMatching(/Missing API key/), requestId: expect.any(String) },
    }),
  'quickStart.errorsSdk': (out) =>
    expect(out).toMatch(/^400 bad_request symbol NOTACOIN is not a tracked asset\nrequest id for support: \S+\n$/),
  // The public test key: the fixed test dataset, as of its epoch.
  'quickStart.tryIt': (out) =>
    expect(json(out)).toMatchObject({
      prices: [
        { symbol: 'BTC', name: 'Bitcoin', asOf: '2026-01-01T00:00:00.000Z' },
        { symbol: 'ETH', name: 'Ethereum', asOf: '2026-01-01T00:00:00.000Z' },
      ],
    }),
  'gettingStarted.firstCallCurl': (out) =>
    expect(json(out)).toMatchObject({
      prices: [
        { symbol: 'BTC', name: 'Bitcoin' },
        { symbol: 'ETH', name: 'Ethereum' },
      ],
    }),
  'gettingStarted.firstCallSdk': (out) => expect(out).toMatch(/^Bitcoin \S+.*\nEthereum \S+.*\n\d+ calls this month \(\d+ left\)\n$/),
  'dataAnalysis.mentionsCurl': (out) => expect(json(out)).toMatchObject({ symbol: 'BTC', timeframe: '7d', platforms: expect.any(Array) }),
  'dataAnalysis.historyCurl': (out) => expect(v1HistoryResponseSchema.parse(json(out)).candles.length).toBeGreaterThanOrEqual(20),
  'dataAnalysis.sentimentCurl': (out) =>
    expect(json(out)).toMatchObject({ sources: ['twitter', 'instagram'], symbols: [{ symbol: 'BTC' }, { symbol: 'ETH' }] }),
  'dataAnalysis.postsCurl': (out) => {
    const page = v1DataResponseSchema.parse(json(out));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((p) => p.likes >= 10 && p.symbols.includes('BTC'))).toBe(true);
  },
  'dataAnalysis.priceVsTalk': (out) => expect(out).toMatch(/^24h price change %: -?\d+\.\d\d\n24h mentions: \d+\nsentiment: /),
  'dataAnalysis.timeseriesCurl': (out) => {
    const series = v1SeriesResponseSchema.parse(json(out));
    expect(series).toMatchObject({ symbol: 'BTC', interval: '1h', platform: 'all' });
    // The last 86,400 seconds, widened to whole hours: 24 or 25 buckets.
    expect(series.buckets.length).toBeGreaterThanOrEqual(24);
    expect(series.buckets.length).toBeLessThanOrEqual(25);
  },
  'dataAnalysis.trendingCurl': (out) => {
    const trending = v1TrendingResponseSchema.parse(json(out));
    expect(trending).toMatchObject({ period: '7d', platform: 'all' });
    expect(trending.topics.length).toBeGreaterThan(0);
    expect(trending.topics.length).toBeLessThanOrEqual(5);
  },
  'dataAnalysis.assetsCurl': (out) => {
    const page = v1AssetsResponseSchema.parse(json(out));
    expect(page.data).toHaveLength(10);
    expect(page.data[0]).toEqual({ symbol: 'BTC', name: 'Bitcoin', slug: 'bitcoin', rank: 1 });
    expect(page.nextCursor).toEqual(expect.any(String));
  },
  'dataAnalysis.watchlistCurl': (out) =>
    expect(v1WatchlistResponseSchema.parse(json(out)).data.map((asset) => asset.symbol)).toEqual(['BTC', 'ETH', 'SOL']),
  'dataAnalysis.watchlistSeries': (out) =>
    expect(out).toMatch(/^BTC [78] days \d+ mentions \d+ engagement\nETH [78] days \d+ mentions \d+ engagement\n$/),
  'dataAnalysis.watchlistSeriesPython': (out) =>
    expect(out).toMatch(/^BTC [78] days \d+ mentions \d+ engagement\nETH [78] days \d+ mentions \d+ engagement\n$/),
  'dataAnalysis.iteratePosts': (out) => expect(out).toMatch(/\{.*twitter: \d+.*\} likes: \d+/),
  'alerts.createCurl': (out) =>
    expect(json(out)).toMatchObject({ alert: { symbol: 'BTC', condition: 'above', threshold: 100000, active: true } }),
  'alerts.listCurl': (out) =>
    expect(json(out)).toMatchObject({ data: expect.arrayContaining([expect.objectContaining({ symbol: 'BTC' })]) }),
  'alerts.deleteCurl': (out) => expect(json(out)).toMatchObject({ deleted: true }),
  'alerts.sdk': (out) => expect(out).toMatch(/^created (\d+) ETH below 2500\narmed: \d+\ndeleted \1\n$/),
  // The Python examples print what their TypeScript twins print (Python's own dict repr aside).
  'quickStart.basicUsagePython': (out) => expect(out).toMatch(/^BTC .*\(\d+ posts\)\nETH .*\(\d+ posts\)\n$/),
  'quickStart.errorsPython': (out) =>
    expect(out).toMatch(/^400 bad_request symbol NOTACOIN is not a tracked asset\nrequest id for support: \S+\n$/),
  'gettingStarted.firstCallPython': (out) => expect(out).toMatch(/^Bitcoin \S+.*\nEthereum \S+.*\n\d+ calls this month \(\d+ left\)\n$/),
  'dataAnalysis.priceVsTalkPython': (out) => expect(out).toMatch(/^24h price change %: -?\d+\.\d\d\n24h mentions: \d+\nsentiment: /),
  'dataAnalysis.iteratePostsPython': (out) => expect(out).toMatch(/^\{.*'twitter': \d+.*\} likes: \d+\n$/),
  'alerts.sdkPython': (out) => expect(out).toMatch(/^created (\d+) ETH below 2500\narmed: \d+\ndeleted \1\n$/),
  'cli.prices': (out) => expect(out).toMatch(/^symbol,name,price,change24h,volume24h,marketCap,asOf\nBTC,Bitcoin,.*\nETH,Ethereum,.*\n$/),
  'cli.history': (out) => {
    const candles = out.trimEnd().split('\n').map(json);
    expect(candles.length).toBeGreaterThanOrEqual(20);
    expect(candles[0]).toMatchObject({ time: expect.any(String), open: expect.any(Number), close: expect.any(Number) });
  },
  'cli.sentiment': (out) => {
    expect(out).toMatch(
      /│ symbol │ name\s+│ score\s+│ label\s+│ posts │ twitter\.score │ twitter\.posts │ instagram\.score │ instagram\.posts │/,
    );
    expect(out).toMatch(/│ BTC\s+│ Bitcoin/);
    expect(out).toMatch(/│ ETH\s+│ Ethereum/);
  },
  'cli.dataAll': (out) => {
    const [header, ...rows] = out.trimEnd().split('\n');
    expect(header).toBe('platform,id,username,createdAt,likes,comments,shares,views,retweets,sentiment,symbols,hashtags,text');
    expect(rows.length).toBeGreaterThan(0);
  },
  'cli.alerts': (out) => {
    const [created, header, ...rows] = out.trimEnd().split('\n');
    expect(json(created ?? '')).toMatchObject({ symbol: 'ETH', condition: 'below', threshold: 2500, email: false, active: true });
    expect(header).toBe(
      'id,kind,symbol,condition,threshold,email,active,createdAt,firedAt,firedValue,webhookUrl,window,repeat,channels,nextEligibleAt,failingChannels',
    );
    expect(rows.some((row) => row.startsWith(`${(json(created ?? '') as { id: number }).id},price,ETH,below,2500,false,true,`))).toBe(true);
  },
  'cli.timeseries': (out) => {
    const [header, ...rows] = out.trimEnd().split('\n');
    expect(header).toBe('time,mentions,sentiment,engagement');
    // 90 days before now, widened to whole UTC days.
    expect(rows.length).toBeGreaterThanOrEqual(90);
    expect(rows.length).toBeLessThanOrEqual(91);
  },
  'cli.trending': (out) => expect(out).toMatch(/│ topic\s+│ mentions │ sentiment\s*│ change24h\s*│ relatedTokens\s*│/),
  'cli.watchlist': (out) => {
    const [header, btc, eth, ...jsonl] = out.trimEnd().split('\n');
    expect([header, btc, eth]).toEqual(['symbol,name,slug,rank', 'BTC,Bitcoin,bitcoin,1', 'ETH,Ethereum,ethereum,2']);
    expect(jsonl.map((line) => (json(line) as { symbol: string }).symbol)).toEqual(['BTC', 'ETH']);
  },
  'cli.usage': (out) =>
    expect(json(out)).toMatchObject({ plan: 'free', quota: 1000, calls: expect.any(Number), key: { calls: expect.any(Number) } }),
};

describe.skipIf(clientSideOnly)('the docs code examples', () => {
  it('each runnable example has its expectation, and the rest install from the server or set the key variable', () => {
    expect(runnable.map(([id]) => id).sort()).toEqual(Object.keys(expectations).sort());
    for (const [id, example] of Object.entries(allExamples)) {
      // downloads.int.test.ts runs them.
      if (example.kind === 'install')
        expect(example.code, id).toMatch(/^(npm install|yarn add|pnpm add|npm install -g|pip install) .*\{\{BASE_URL\}\}\/downloads\//);
      if (example.kind === 'setup') expect(example.code, id).toMatch(/^export COINSIGHT_API_KEY="cs_live_/);
    }
  });

  it('the TypeScript examples type-check against the built SDK', async () => {
    const files = runnable.filter(([, e]) => e.language === 'typescript');
    for (const [id, example] of files) await writeFile(fileOf(id), `${withBaseUrl(example.code, server.baseUrl)}\nexport {};\n`);
    const tsc = await run(
      `${API_DIR}node_modules/.bin/tsc`,
      [
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--skipLibCheck',
        '--types',
        'node',
        ...files.map(([id]) => fileOf(id)),
      ],
      { cwd: WORK_DIR, timeout: 120_000 },
    ).catch((error: { stdout?: string }) => ({ stdout: `tsc failed:\n${error.stdout ?? String(error)}` }));
    expect(tsc.stdout).toBe('');
  }, 150_000);

  it.each(runnable.filter(([id]) => !id.startsWith('alerts.')))(
    '%s answers what the docs say',
    async (id, example) => {
      expectations[id]?.(await runExample(id, example));
    },
    60_000,
  );

  it('the alert examples create once with the same Idempotency-Key, list, and delete', async () => {
    const create = allExamples['alerts.createCurl']!;
    const first = await bash(create);
    expectations['alerts.createCurl']?.(first);
    // Run twice, as a retry would: the same alert.
    expect(json(await bash(create))).toEqual(json(first));
    expectations['alerts.listCurl']?.(await bash(allExamples['alerts.listCurl']!));
    const id = String(v1AlertResponseSchema.parse(json(first)).alert.id);
    const deleted = await bash(allExamples['alerts.deleteCurl']!, { ALERT_ID: id });
    expectations['alerts.deleteCurl']?.(deleted);
    expectations['alerts.sdk']?.(await typescript('alerts.sdk'));
    expectations['alerts.sdkPython']?.(await runExample('alerts.sdkPython', allExamples['alerts.sdkPython']!));
  });
});
