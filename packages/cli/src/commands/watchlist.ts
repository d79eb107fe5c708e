import type { Command } from 'commander';
import type { Watchlist } from '@coinsight/sdk';
import { Context, type Io } from '../context.js';
import { listOf } from '../parse.js';

const COLUMNS = ['symbol', 'name', 'slug', 'rank'] as const;

function printWatchlist(context: Context, answer: Watchlist): void {
  context.print({ answer, items: answer.data, columns: COLUMNS, row: (asset) => ({ ...asset }) });
}

/** watchlist, watchlist set: the account's watchlist, the web app's stars (never billed). */
export function addWatchlistCommands(program: Command, io: Io): void {
  const watchlist = program
    .command('watchlist')
    .description("The account's watchlist, in order (the coins starred in the web app; never billed); `watchlist set`: replace it")
    .action(async (_options, command: Command) => {
      const context = new Context(io, command);
      printWatchlist(context, await (await context.client()).watchlist.get());
    });

  watchlist
    .command('set')
    .description('Replace the whole watchlist, in order; with no symbols, empty it')
    .argument('[symbols...]', 'tickers, names or ids, separated by spaces or commas')
    .action(async (symbols: string[], _options, command: Command) => {
      const context = new Context(io, command);
      printWatchlist(context, await (await context.client()).watchlist.set(listOf(symbols)));
    });
}
