// Bundles the CLI into one file, dist/coinsight.js, with the SDK, commander, cli-table3 and
// csv-stringify inside: `npx @coinsight/cli` then needs nothing but Node, and no workspace package.
import { readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/coinsight.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: {
    // The shebang makes it the `coinsight` binary; createRequire serves the CommonJS dependencies' require() of Node built-ins.
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  define: { CLI_VERSION: JSON.stringify(pkg.version) },
  legalComments: 'linked',
  logLevel: 'warning',
});
