import { run } from './program.js';
import { nodeIo } from './node-io.js';

// Replaced by the package's version when scripts/build.mjs bundles this file.
declare const CLI_VERSION: string;

// `coinsight data --all | head` closes the pipe early: stop quietly rather than crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), nodeIo(), CLI_VERSION);
