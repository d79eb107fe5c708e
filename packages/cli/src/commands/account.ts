import { Coinsight, type RequestLogEntry } from '@coinsight/sdk';
import type { Command } from 'commander';
import { configPath, readConfig, removeConfig, writeConfig } from '../config.js';
import { Context, type Io } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { flatten, type Row } from '../output.js';
import { wholeNumber } from '../parse.js';

interface RequestsOptions {
  key?: string;
  status?: string;
  operation?: string;
  limit?: number;
  cursor?: string;
  all?: boolean;
}

export const REQUEST_COLUMNS = [
  'at',
  'status',
  'method',
  'path',
  'operation',
  'latencyMs',
  'billed',
  'costMicros',
  'key',
  'requestId',
] as const;

export const requestRow = (entry: RequestLogEntry): Row => ({
  at: entry.at,
  status: entry.status,
  method: entry.method,
  path: entry.path,
  operation: entry.operation,
  latencyMs: entry.latencyMs,
  billed: entry.billed,
  costMicros: entry.costMicros,
  key: entry.key.prefix,
  requestId: entry.requestId,
});

interface LoginOptions {
  apiKey?: string;
  verify: boolean;
}

export function addAccountCommands(program: Command, io: Io): void {
  const usage = program
    .command('usage')
    .description("This month's calls, quota and cost, and this key's calls (never billed); `usage requests`: the request log")
    .action(async (_options, command: Command) => {
      const context = new Context(io, command);
      const answer = await (await context.client()).usage();
      const row = flatten(answer);
      context.print({ answer, items: [answer], columns: Object.keys(row), row: () => row, single: true });
    });

  usage
    .command('requests')
    .description("The account's calls of the last 30 days, newest first: one page, or every page with --all (never billed)")
    .option('--key <key>', 'calls made with this key: its id or its prefix (cs_live_AbCd)')
    .option('--status <status>', 'calls answered with this status (404) or class (4xx)')
    .option('--operation <id>', 'calls of this operation (getCryptoPrices, listData, …)')
    .option('--limit <n>', 'calls per page, 1 to 100 (default 25)', wholeNumber(1))
    .option('--cursor <cursor>', "a previous page's nextCursor")
    .option('--all', 'follow nextCursor to the last page')
    .action(async (options: RequestsOptions, command: Command) => {
      const context = new Context(io, command);
      const client = await context.client();
      const query = { key: options.key, status: options.status, operation: options.operation, limit: options.limit };
      if (!options.all) {
        const answer = await client.requests.list({ ...query, cursor: options.cursor });
        context.print({ answer, items: answer.data, columns: REQUEST_COLUMNS, row: requestRow });
        return;
      }
      const entries: RequestLogEntry[] = [];
      for await (const entry of client.requests.iterate({ ...query, cursor: options.cursor })) entries.push(entry);
      context.print({ answer: entries, items: entries, columns: REQUEST_COLUMNS, row: requestRow });
    });

  program
    .command('login')
    .description(
      'Store an API key for later commands (checked against the API first). Reads it from a prompt, or from stdin when piped; COINSIGHT_API_KEY still wins over it',
    )
    .option('--api-key <key>', 'the key itself (it then stays in your shell history: prefer the prompt or stdin)')
    .option('--no-verify', 'store it without calling GET /v1/usage first')
    .action(async (options: LoginOptions, command: Command) => {
      const context = new Context(io, command);
      const apiKey = (options.apiKey ?? (io.stdinIsTTY ? await io.readSecret('API key: ') : await io.readStdin())).trim();
      if (!apiKey) throw new UsageError('no API key given: paste one at the prompt, pipe it on stdin or pass --api-key');
      const explicitBaseUrl = context.globals.baseUrl?.trim();
      const { baseUrl } = await context.settings();
      let who = '';
      if (options.verify) {
        const usage = await new Coinsight({ apiKey, baseUrl }).usage();
        who = ` (key "${usage.key.name}", ${usage.plan} plan)`;
      }
      const stored = await readConfig(io.env);
      const file = await writeConfig({ ...stored, apiKey, ...(explicitBaseUrl ? { baseUrl: explicitBaseUrl } : {}) }, io.env);
      io.out(`Saved the API key${who} to ${file}\n`);
      if (io.env.COINSIGHT_API_KEY?.trim()) io.err('Note: COINSIGHT_API_KEY is set, and wins over the saved key while it is.\n');
    });

  program
    .command('logout')
    .description('Remove the stored API key and address')
    .action(async () => {
      await removeConfig(io.env);
      io.out(`Removed ${configPath(io.env)}\n`);
    });
}
