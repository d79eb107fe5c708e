#!/usr/bin/env node
import { runStdio } from './run-stdio.js';

// `node dist/stdio.js`: the stdio server with the key from COINSIGHT_API_KEY and the address from
// COINSIGHT_BASE_URL (the CLI's `coinsight mcp` does the same through runStdio).
runStdio().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
