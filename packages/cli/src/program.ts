import { Command, CommanderError, Option } from 'commander';
import { addAccountCommands } from './commands/account.js';
import { addAlertCommands } from './commands/alerts.js';
import { addDataCommand } from './commands/data.js';
import { addMarketCommands } from './commands/market.js';
import { addMcpCommand } from './commands/mcp.js';
import { addWatchlistCommands } from './commands/watchlist.js';
import { DEFAULT_BASE_URL } from './config.js';
import type { Io } from './context.js';
import { describeError, EXIT, exitCodeOf, type ExitCode } from './exit-codes.js';
import { FORMATS } from './output.js';

const HELP_FOOTER = `
Formats: table on a terminal, json otherwise (pipes, files); jsonl is one JSON object a line;
csv has a header line, and cells starting with = + - @ are prefixed with ' against spreadsheet formulas.

The key: COINSIGHT_API_KEY, else the one \`coinsight login\` stored in
$XDG_CONFIG_HOME/coinsight/config.json (~/.config/coinsight/config.json), mode 0600.
The address: --base-url, else COINSIGHT_BASE_URL, else the stored one, else ${DEFAULT_BASE_URL}.

Exit codes: 0 ok, 1 API error, 2 usage error, 3 no key or key refused (401/403),
4 rate limited, quota used up or budget reached (429/402), 5 API unreachable.
More: the CLI page of the Coinsight docs (docs/cli.md in its repository).`;

export function createProgram(io: Io, version: string): Command {
  const program = new Command('coinsight')
    .description(
      'The Coinsight /v1 API on the command line: prices, history, social mentions, time series and trends, sentiment, assets, posts, alerts, the watchlist and usage',
    )
    .version(version, '-v, --version')
    .addOption(new Option('--format <format>', 'output format (default: table on a terminal, json otherwise)').choices(FORMATS))
    .option('--base-url <url>', `where the API is served (default: COINSIGHT_BASE_URL, the stored one, or ${DEFAULT_BASE_URL})`)
    .addHelpText('after', HELP_FOOTER)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride();
  addMarketCommands(program, io);
  addDataCommand(program, io);
  addAlertCommands(program, io);
  addWatchlistCommands(program, io);
  addAccountCommands(program, io);
  addMcpCommand(program, io);
  // Every command stops on a usage error instead of exiting the process itself, so that main() chooses the status.
  for (const command of allCommands(program)) command.exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
  return program;
}

function allCommands(command: Command): Command[] {
  return command.commands.flatMap((child) => [child, ...allCommands(child)]);
}

/** Runs one command line and answers the exit status; errors are printed on stderr. */
export async function run(argv: readonly string[], io: Io, version: string): Promise<ExitCode> {
  const program = createProgram(io, version);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end this way too; commander has printed what it had to.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.exitCode === 0) return EXIT.ok;
      return EXIT.usage;
    }
    io.err(describeError(error));
    return exitCodeOf(error);
  }
}
