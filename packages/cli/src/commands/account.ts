import { Coinsight } from '@coinsight/sdk';
import type { Command } from 'commander';
import { configPath, readConfig, removeConfig, writeConfig } from '../config.js';
import { Context, type Io } from '../context.js';
import { UsageError } from '../exit-codes.js';
import { flatten } from '../output.js';

interface LoginOptions {
  apiKey?: string;
  verify: boolean;
}

export function addAccountCommands(program: Command, io: Io): void {
  program
    .command('usage')
    .description("This month's calls, quota and cost, and this key's calls (never billed)")
    .action(async (_options, command: Command) => {
      const context = new Context(io, command);
      const answer = await (await context.client()).usage();
      const row = flatten(answer);
      context.print({ answer, items: [answer], columns: Object.keys(row), row: () => row, single: true });
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
