import { CoinsightError } from '@coinsight/sdk';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from './context.js';
import { describeError, EXIT, exitCodeOf } from './exit-codes.js';
import { run } from './program.js';
import { alertBody } from './commands/alerts.js';
import { pageWriter } from './commands/data.js';
import type { Post } from '@coinsight/sdk';

// The command line without a server: what needs the API is tested as a subprocess against a live
// one in api/src/v1/cli.int.test.ts.

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'coinsight-cli-'));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    stdinIsTTY: false,
    env: { HOME: home },
    readStdin: async () => '',
    readSecret: async () => '',
  };
  const code = await run(argv, io, '1.2.3');
  return { code, stdout, stderr };
}

describe('the command line', () => {
  it('prints its version and help with status 0', async () => {
    expect(await cli('--version')).toEqual({ code: 0, stdout: '1.2.3\n', stderr: '' });
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 ok, 1 API error, 2 usage error/);
    const sub = await cli('alerts', 'create', '--help');
    expect(sub).toMatchObject({ code: 0, stdout: expect.stringMatching(/--above <usd>/) });
  });

  it('answers 2 to a usage error, naming it on stderr', async () => {
    expect(await cli('pricez', 'BTC')).toMatchObject({ code: EXIT.usage, stderr: expect.stringMatching(/unknown command 'pricez'/) });
    expect(await cli('prices')).toMatchObject({ code: EXIT.usage, stderr: expect.stringMatching(/missing required argument/) });
    expect(await cli('prices', 'BTC', '--format', 'xml')).toMatchObject({ code: EXIT.usage, stderr: expect.stringMatching(/xml/) });
    expect(await cli('data', '--limit', 'ten')).toMatchObject({ code: EXIT.usage, stderr: expect.stringMatching(/whole number/) });
    expect(await cli('alerts', 'create', 'BTC')).toMatchObject({ code: EXIT.usage, stderr: expect.stringMatching(/exactly one of/) });
    expect(await cli('alerts', 'create', 'BTC', '--above', '-3')).toMatchObject({ code: EXIT.usage });
  });

  it('answers 3 without a key, saying how to give one', async () => {
    expect(await cli('prices', 'BTC')).toMatchObject({
      code: EXIT.auth,
      stdout: '',
      stderr: expect.stringMatching(/no API key: set COINSIGHT_API_KEY or run `coinsight login`/),
    });
  });
});

describe('exit codes and error lines', () => {
  it('map the API answer to the documented status', () => {
    const error = (status: number, code: string) => new CoinsightError(status, code, 'message', 'req-1');
    expect(exitCodeOf(error(400, 'bad_request'))).toBe(EXIT.apiError);
    expect(exitCodeOf(error(401, 'unauthorized'))).toBe(EXIT.auth);
    expect(exitCodeOf(error(403, 'forbidden'))).toBe(EXIT.auth);
    expect(exitCodeOf(error(429, 'rate_limited'))).toBe(EXIT.limited);
    expect(exitCodeOf(error(429, 'quota_exceeded'))).toBe(EXIT.limited);
    expect(exitCodeOf(error(402, 'budget_exceeded'))).toBe(EXIT.limited);
    expect(exitCodeOf(error(0, 'network_error'))).toBe(EXIT.network);
    expect(exitCodeOf(error(500, 'internal_error'))).toBe(EXIT.apiError);
  });

  it("print the API's message, code, status and request id", () => {
    expect(describeError(new CoinsightError(429, 'rate_limited', 'Too many requests', 'req-9', 12))).toBe(
      'coinsight: Too many requests\n  code: rate_limited (HTTP 429)\n  request id: req-9\n  retry after: 12 s\n',
    );
  });
});

describe('alerts create', () => {
  it('builds a price or a mention alert from exactly one threshold', () => {
    expect(alertBody('BTC', { above: 100_000, email: true })).toEqual({
      kind: 'price',
      condition: 'above',
      price: 100_000,
      symbol: 'BTC',
      email: true,
    });
    expect(alertBody('eth', { below: 2500, email: false, webhookUrl: 'https://example.com/hook' })).toEqual({
      kind: 'price',
      condition: 'below',
      price: 2500,
      symbol: 'eth',
      email: false,
      webhookUrl: 'https://example.com/hook',
    });
    expect(alertBody('BTC', { mentions: 50, email: true })).toEqual({ kind: 'mentions', mentions: 50, symbol: 'BTC', email: true });
    expect(() => alertBody('BTC', { above: 1, below: 2, email: true })).toThrow(/exactly one/);
  });

  it('builds change, sentiment and spike alerts, with repeat and the chat channels', () => {
    expect(alertBody('BTC', { change: 5, window: '1h', repeat: 60, slackWebhookUrl: 'https://hooks.slack.com/x', email: false })).toEqual({
      kind: 'change',
      percent: 5,
      window: '1h',
      symbol: 'BTC',
      email: false,
      slackWebhookUrl: 'https://hooks.slack.com/x',
      repeat: { cooldownMinutes: 60 },
    });
    expect(alertBody('ETH', { sentimentBelow: 0.3, telegramChatId: '-100', email: true })).toEqual({
      kind: 'sentiment',
      condition: 'below',
      score: 0.3,
      symbol: 'ETH',
      email: true,
      telegramChatId: '-100',
    });
    expect(alertBody('SOL', { spike: 3, discordWebhookUrl: 'https://discord.com/api/webhooks/1/a', email: true })).toEqual({
      kind: 'spike',
      factor: 3,
      symbol: 'SOL',
      email: true,
      discordWebhookUrl: 'https://discord.com/api/webhooks/1/a',
    });
    expect(() => alertBody('BTC', { change: 1, spike: 2, email: true })).toThrow(/exactly one/);
  });
});

describe('data --all output', () => {
  const post = (id: string, text: string) =>
    ({
      platform: 'twitter',
      _id: id,
      userRef: { username: 'u' },
      text,
      createdAt: '2026-11-26T10:00:00.000Z',
      hashtags: [],
      symbols: ['BTC'],
      likes: 1,
      comments: 0,
      shares: 0,
      views: 0,
      retweets: 0,
      sentiment: 0.5,
    }) satisfies Post;

  const written = (format: 'json' | 'csv' | 'jsonl', pages: Post[][]) => {
    let out = '';
    const writer = pageWriter(format, (text) => void (out += text));
    for (const page of pages) writer.write(page);
    writer.end();
    return out;
  };

  it('is one JSON array across pages, and empty when nothing matched', () => {
    const pages = [[post('1', 'a'), post('2', 'b')], [post('3', 'c')]];
    expect((JSON.parse(written('json', pages)) as Post[]).map((p) => p._id)).toEqual(['1', '2', '3']);
    expect(JSON.parse(written('json', [[]]))).toEqual([]);
    expect(written('jsonl', pages).split('\n')).toHaveLength(4);
  });

  it('is one CSV header then every page, escaped', () => {
    const out = written('csv', [[post('1', '=cmd')], [], [post('2', 'ok')]]);
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('platform,id,username,createdAt,likes,comments,shares,views,retweets,sentiment,symbols,hashtags,text');
    expect(lines[1]).toMatch(/,'=cmd$/);
    expect(written('csv', [[]])).toBe(`${lines[0]}\n`);
  });
});
