import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  v1AlertResponseSchema,
  v1DataResponseSchema,
  v1PricesResponseSchema,
  v1RequestLogResponseSchema,
  v1UsageResponseSchema,
} from '@coinsight/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presetFreeCalls } from '../test/keys.js';
import { startLiveServer } from '../test/live-server.js';
import { v1Account } from '../test/v1.js';

// The built CLI (packages/cli/dist/coinsight.js, one bundled file) run as a subprocess
// against a listening server, as a user runs it: its stdout, stderr and exit status. Asynchronous
// child processes only: the server answering them lives in this process.

const CLI = fileURLToPath(new URL('../../../packages/cli/dist/coinsight.js', import.meta.url));

let server: Awaited<ReturnType<typeof startLiveServer>>;
let home: string;

// What this file checks is the client's side (its requests, answers and errors over HTTP): the
// server under it is the same on either database, so it runs in the PGlite project only.
const clientSideOnly = process.env.TEST_DB === 'postgres';

beforeAll(async () => {
  server = await startLiveServer();
  home = await mkdtemp(join(tmpdir(), 'coinsight-cli-home-'));
});

afterAll(async () => {
  await server?.close();
  await rm(home, { recursive: true, force: true });
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `coinsight …` with a home of its own (no stored key unless a test logs in) and no inherited COINSIGHT_ variables. */
function coinsight(args: string[], env: Record<string, string> = {}, input?: string): Promise<Result> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('COINSIGHT_') && name !== 'XDG_CONFIG_HOME'),
  );
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [CLI, ...args],
      { env: { ...base, HOME: home, COINSIGHT_BASE_URL: server.baseUrl, COINSIGHT_API_KEY: server.apiKey, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(input ?? '');
  });
}

describe.skipIf(clientSideOnly)(`the coinsight CLI against the API (${process.env.TEST_DB})`, () => {
  it('prints prices as json when piped, and as csv or jsonl when asked', async () => {
    const json = await coinsight(['prices', 'btc,ETH']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(v1PricesResponseSchema.parse(JSON.parse(json.stdout)).prices.map((p) => p.symbol)).toEqual(['BTC', 'ETH']);
    const csv = await coinsight(['prices', 'BTC', 'ETH', '--format', 'csv']);
    expect(csv.code).toBe(0);
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.symbol, r.name])).toEqual([
      ['BTC', 'Bitcoin'],
      ['ETH', 'Ethereum'],
    ]);
    const jsonl = await coinsight(['--format', 'jsonl', 'prices', 'BTC']);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { symbol: string }).symbol),
    ).toEqual(['BTC']);
    const table = await coinsight(['prices', 'BTC', '--format', 'table']);
    expect(table.stdout).toMatch(/│ symbol │ name\s+│ price/);
    expect(table.stdout).toMatch(/│ BTC\s+│ Bitcoin │/);
  });

  it('reads history, mentions and sentiment', async () => {
    const history = await coinsight([
      'history',
      'bitcoin',
      '--interval',
      '1h',
      '--from',
      String(Math.floor(Date.now() / 1000) - 30 * 3600),
      '--format',
      'jsonl',
    ]);
    expect(history).toMatchObject({ code: 0, stderr: '' });
    expect(history.stdout.trimEnd().split('\n')).toHaveLength(24);
    const mentions = await coinsight(['mentions', 'ETH', '--timeframe', '30d', '--format', 'csv']);
    const platforms = (parse(mentions.stdout, { columns: true }) as Record<string, string>[]).map((r) => r.platform);
    expect(platforms.at(-1)).toBe('total');
    const sentiment = await coinsight(['sentiment', 'BTC,eth', '--sources', 'twitter,linkedin']);
    expect(JSON.parse(sentiment.stdout)).toMatchObject({
      sources: ['twitter', 'linkedin'],
      symbols: [{ symbol: 'BTC' }, { symbol: 'ETH' }],
    });
  });

  it('exports every post across pages as one csv, with progress on stderr', async () => {
    const all = await coinsight(['data', '--all', '--limit', '3', '--format', 'csv']);
    expect(all.code).toBe(0);
    const rows = parse(all.stdout, { columns: true }) as Record<string, string>[];
    const ids = await server.app.db.selectFrom('posts').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(rows.map((r) => r.id)).toEqual(ids.map((r) => String(r.id)));
    const pages = Math.ceil(ids.length / 3);
    expect(all.stderr).toMatch(new RegExp(`page ${pages}, ${ids.length} posts, done\\n$`));
    expect(all.stderr.split('\n').filter(Boolean)).toHaveLength(pages);
    // One page without --all: the answer as the API gives it, nextCursor included.
    const one = await coinsight(['data', '--limit', '3', '--symbol', 'BTC']);
    expect(v1DataResponseSchema.parse(JSON.parse(one.stdout)).nextCursor).toEqual(expect.any(String));
  });

  it('creates, lists and deletes an alert', async () => {
    const created = await coinsight(['alerts', 'create', 'BTC', '--above', '123456', '--no-email']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const { alert } = v1AlertResponseSchema.parse(JSON.parse(created.stdout));
    expect(alert).toMatchObject({ symbol: 'BTC', condition: 'above', threshold: 123_456, email: false, active: true });
    const listed = await coinsight(['alerts', 'list', '--format', 'jsonl']);
    expect(
      listed.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: number }).id),
    ).toContain(alert.id);
    const deleted = await coinsight(['alerts', 'delete', String(alert.id)]);
    expect(JSON.parse(deleted.stdout)).toMatchObject({ id: alert.id, deleted: true });
    // Deleted twice: the API's 404, its code, message and request id on stderr, exit 1.
    const spike = await coinsight(['alerts', 'create', 'ETH', '--spike', '3', '--repeat', '30', '--no-email']);
    expect(v1AlertResponseSchema.parse(JSON.parse(spike.stdout)).alert).toMatchObject({
      kind: 'spike',
      threshold: 3,
      repeat: { cooldownMinutes: 30 },
    });
    const change = await coinsight(['alerts', 'create', 'BTC', '--change', '5', '--window', '1h', '--no-email']);
    expect(v1AlertResponseSchema.parse(JSON.parse(change.stdout)).alert).toMatchObject({ kind: 'change', threshold: 5, window: '1h' });
    const again = await coinsight(['alerts', 'delete', String(alert.id)]);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toMatch(/^coinsight: .+\n {2}code: not_found \(HTTP 404\)\n {2}request id: \S+\n$/);
  });

  it("reads this month's usage", async () => {
    const usage = await coinsight(['usage']);
    expect(v1UsageResponseSchema.parse(JSON.parse(usage.stdout))).toMatchObject({
      plan: 'free',
      quota: 1000,
      key: { name: 'integration test' },
    });
    const csv = await coinsight(['usage', '--format', 'csv']);
    expect(parse(csv.stdout, { columns: true })).toEqual([
      expect.objectContaining({ plan: 'free', quota: '1000', 'key.name': 'integration test' }),
    ]);
  });

  it('reads the request log, filtered, as csv', async () => {
    await coinsight(['prices', 'NOPE']);
    await server.app.requestLog.flush();
    const json = await coinsight(['usage', 'requests', '--status', '4xx', '--operation', 'getCryptoPrices', '--limit', '5']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    const page = v1RequestLogResponseSchema.parse(JSON.parse(json.stdout));
    expect(page.data[0]).toMatchObject({ path: '/v1/crypto/prices', status: 400, billed: false, key: { name: 'integration test' } });
    expect(page.data.every((entry) => entry.status >= 400 && entry.status < 500)).toBe(true);
    const csv = await coinsight(['usage', 'requests', '--status', '400', '--all', '--format', 'csv']);
    const rows = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      status: '400',
      method: 'GET',
      path: '/v1/crypto/prices',
      operation: 'getCryptoPrices',
      billed: 'false',
    });
    expect((await coinsight(['usage', 'requests', '--status', 'bad'])).code).toBe(1);
  });

  it('answers 3 to a refused key and 4 past the quota, with the API code and request id', async () => {
    const refused = await coinsight(['prices', 'BTC'], { COINSIGHT_API_KEY: 'cs_live_' + 'A'.repeat(43) });
    expect(refused).toMatchObject({ code: 3, stdout: '' });
    expect(refused.stderr).toMatch(/code: unauthorized \(HTTP 401\)\n {2}request id: \S+/);
    const requestId = /request id: (\S+)/.exec(refused.stderr)?.[1];
    expect(server.logs.some((line) => line.includes(`"reqId":"${requestId}"`))).toBe(true);

    const spent = await v1Account(server.app);
    const key = await server.app.db.selectFrom('api_keys').select('id').where('user_id', '=', spent.userId).executeTakeFirstOrThrow();
    await presetFreeCalls(server.app.db, spent.userId, key.id, 1_000);
    const limited = await coinsight(['prices', 'BTC'], { COINSIGHT_API_KEY: spent.secret });
    expect(limited).toMatchObject({ code: 4, stderr: expect.stringMatching(/code: quota_exceeded \(HTTP 429\)/) });

    const unreachable = await coinsight(['usage', '--base-url', 'http://127.0.0.1:9']);
    expect(unreachable).toMatchObject({ code: 5, stderr: expect.stringMatching(/code: network_error/) });
  });

  it('logs in: checks the key, stores it 0600 under XDG_CONFIG_HOME, and later commands use it', async () => {
    const xdg = join(home, 'xdg');
    const withoutKey = { COINSIGHT_API_KEY: '', XDG_CONFIG_HOME: xdg };
    expect((await coinsight(['usage'], withoutKey)).code).toBe(3);

    // A refused key is not stored.
    const bad = await coinsight(['login'], withoutKey, 'cs_live_' + 'B'.repeat(43));
    expect(bad.code).toBe(3);
    await expect(stat(join(xdg, 'coinsight', 'config.json'))).rejects.toMatchObject({ code: 'ENOENT' });

    const login = await coinsight(['login'], withoutKey, `${server.apiKey}\n`);
    expect(login).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Saved the API key \(key "integration test", free plan\) to /) });
    const file = join(xdg, 'coinsight', 'config.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(join(xdg, 'coinsight'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ apiKey: server.apiKey });
    const usage = await coinsight(['usage'], withoutKey);
    expect(usage.code).toBe(0);

    // COINSIGHT_API_KEY wins over the stored key.
    expect((await coinsight(['usage'], { XDG_CONFIG_HOME: xdg, COINSIGHT_API_KEY: 'cs_live_' + 'C'.repeat(43) })).code).toBe(3);

    // Without XDG_CONFIG_HOME: ~/.config/coinsight.
    const plain = await coinsight(['login', '--no-verify'], { COINSIGHT_API_KEY: '' }, server.apiKey);
    expect(plain.code).toBe(0);
    expect((await stat(join(home, '.config', 'coinsight', 'config.json'))).mode & 0o777).toBe(0o600);
  });

  it('installs alone from its packed tarball, outside the workspace, as npx would', async () => {
    const exec = promisify(execFile);
    const dir = join(home, 'npx');
    await mkdir(join(dir, 'app'), { recursive: true });
    const packed = await exec('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: join(CLI, '..', '..'), timeout: 60_000 });
    await writeFile(join(dir, 'app', 'package.json'), '{}');
    // --offline: the package has no dependencies to fetch; everything it runs is in its one file.
    await exec('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed.stdout.trim())], {
      cwd: join(dir, 'app'),
      timeout: 120_000,
    });
    const installed = await exec(join(dir, 'app', 'node_modules', '.bin', 'coinsight'), ['prices', 'BTC', '--format', 'jsonl'], {
      env: { ...process.env, HOME: home, COINSIGHT_BASE_URL: server.baseUrl, COINSIGHT_API_KEY: server.apiKey },
      timeout: 30_000,
    });
    expect(JSON.parse(installed.stdout)).toMatchObject({ symbol: 'BTC', name: 'Bitcoin' });
  }, 180_000);

  it('documents itself: --help on every command, --version', async () => {
    const version = await coinsight(['--version']);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    for (const command of [
      [],
      ['prices'],
      ['history'],
      ['mentions'],
      ['sentiment'],
      ['data'],
      ['alerts'],
      ['alerts', 'create'],
      ['usage'],
      ['usage', 'requests'],
      ['login'],
    ]) {
      const help = await coinsight([...command, '--help']);
      expect(help, command.join(' ')).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: coinsight/) });
    }
    expect((await coinsight(['prices'])).code).toBe(2);
  });
});
