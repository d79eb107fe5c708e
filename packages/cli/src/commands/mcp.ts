import type { Command } from 'commander';
import { Context, type Io } from '../context.js';
import { MissingKeyError } from '../exit-codes.js';

export function addMcpCommand(program: Command, io: Io): void {
  program
    .command('mcp')
    .description(
      'Serve the /v1 operations as MCP tools over stdio, for an agent (Claude Desktop, an IDE…): each tool call is one metered /v1 call with your key. Writes nothing but the protocol on stdout',
    )
    .action(async (_options, command: Command) => {
      const { apiKey, baseUrl } = await new Context(io, command).settings();
      if (!apiKey) throw new MissingKeyError('no API key: set COINSIGHT_API_KEY or run `coinsight login` (create a key in Settings → API)');
      // Loaded only for this command: the MCP SDK is most of the bundle, and no other command needs it.
      const { runStdio } = await import('@coinsight/mcp');
      await runStdio({ apiKey, baseUrl });
      // Serves until the client closes stdin.
      await new Promise<void>((resolve) => process.stdin.once('close', resolve));
    });
}
