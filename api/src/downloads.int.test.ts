import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { downloadsIndexSchema, PUBLIC_TEST_API_KEY, type DownloadsIndex } from '@coinsight/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { allExamples, withBaseUrl } from '@coinsight/sdk/examples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { freePort } from './test/free-port.js';

// The clients as a customer gets them: from the server they use, at /downloads/ (packages/downloads,
// built by turbo before this test runs). Every install command the README, docs/*.md, the packages'
// READMEs, the /docs examples and /llms.txt show is run as written, each in an empty folder outside
// the workspace, against this listening server (the documented address, `$COINSIGHT_BASE_URL` or
// `http://localhost:3000`, is this server's); the installed client then makes a call with the public
// test key, the first call the docs offer. Two lines that differ only in writing the address out or
// as "$COINSIGHT_BASE_URL" hand the shell's command the same words, and run once. docs/mcp.md's
// client configuration is started as a client would start it. npm and pip need no registry: the
// tarballs have no dependencies to fetch and the Python package builds with its own backend. PGlite
// alone: nothing here depends on the database kind.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOWNLOADS = path.join(ROOT, 'packages/downloads/dist');
const DOCUMENTED_ADDRESS = 'http://localhost:3000';
const skip = process.env.TEST_DB === 'postgres';

let t: TestApp;
let baseUrl: string;
let work: string;
let index: DownloadsIndex;
/** Yarn for the documented `yarn add`: Yarn 1, the npm registry's `yarn` (a machine without it gets it through npx). */
const YARN = 'yarn@1.22.22';
/** A folder with `pnpm` and `yarn`, for the documented `pnpm add` (the pinned pnpm, as the repository runs it) and `yarn add`. */
let tools: string;
/**
 * The machine's global npm configuration (its CA file, proxy, registry), which any user's npm
 * reads: moving npm's prefix (below) would move where npm looks for it. Asked without this run's
 * npm variables: under `pnpm test`, npm answers pnpm's own rc file, and a user's npm reading that
 * instead lost the machine's CA file (SELF_SIGNED_CERT_IN_CHAIN through the registry's proxy, on
 * the one install that fetches a package from it: yarn, on a machine that has not cached it).
 */
let globalNpmrc: string;

beforeAll(async () => {
  if (skip) return;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ downloadsRoot: DOWNLOADS, publicUrl: baseUrl });
  await t.app.listen({ port, host: '127.0.0.1' });
  work = await mkdtemp(path.join(tmpdir(), 'coinsight-downloads-'));
  globalNpmrc = (await run('npm', ['config', 'get', 'globalconfig'], { env: withoutWorkspaceVariables() })).stdout.trim();
  tools = path.join(work, 'tools');
  await mkdir(tools);
  const { packageManager } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { packageManager: string };
  await writeFile(path.join(tools, 'pnpm'), `#!/bin/sh\nexec npx -y ${packageManager} "$@"\n`);
  await writeFile(path.join(tools, 'yarn'), `#!/bin/sh\nexec npx -y ${YARN} "$@"\n`);
  await chmod(path.join(tools, 'pnpm'), 0o755);
  await chmod(path.join(tools, 'yarn'), 0o755);
  index = downloadsIndexSchema.parse(await (await fetch(`${baseUrl}/downloads/index.json`)).json());
  // The first test-key call after a start opens the test dataset (2–3 s; far more on a loaded
  // machine), longer than a client's own timeout may wait: made here, so the clients' calls measure them.
  const warm = await fetch(`${baseUrl}/v1/crypto/prices?symbols=BTC`, { headers: { authorization: `Bearer ${PUBLIC_TEST_API_KEY}` } });
  expect(warm.status).toBe(200);
});

afterAll(async () => {
  // The tests are over: connections the clients' processes left open (keep-alive) are cut after a grace, as live-server.ts does.
  const cut = setTimeout(() => t?.app.server.closeAllConnections(), 5_000);
  await t?.close();
  clearTimeout(cut);
  if (work) await rm(work, { recursive: true, force: true });
});

/** This process's environment without the variables of this workspace, of its package managers and of pip's configuration here. */
const withoutWorkspaceVariables = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(npm_|PNPM|PIP_FIND_LINKS|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|COINSIGHT_|TURBO|VITEST|NODE_OPTIONS)/i.test(name),
    ),
  );

/**
 * A clean environment for a user's shell: no variable of this workspace or of pip's configuration on
 * this machine, npm's global prefix in `folder` (for `npm install -g`) with the machine's global
 * npm configuration still read, quiet npm, the server's address and the public test key.
 */
function userEnv(folder: string, extraPath: string[] = []): NodeJS.ProcessEnv {
  return {
    ...withoutWorkspaceVariables(),
    PATH: [...extraPath, path.join(folder, 'global/bin'), tools, process.env.PATH ?? ''].join(path.delimiter),
    npm_config_prefix: path.join(folder, 'global'),
    npm_config_globalconfig: globalNpmrc,
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    COINSIGHT_BASE_URL: baseUrl,
    COINSIGHT_API_KEY: PUBLIC_TEST_API_KEY,
  };
}

/** Install lines in a document's code (inline and fenced): npm, yarn, pnpm, npx and pip ones naming /downloads/ (or the checkout's ./packages/). */
function installLines(markdown: string): string[] {
  const code = [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n'));
  const inline = [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return [...code, ...inline]
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(
      (line) =>
        /^(npm install|yarn add|pnpm add|npx -y|pip install)\s/.test(line) &&
        (line.includes('/downloads/') || line.includes(' ./packages/')),
    );
}

async function documentedCommands(): Promise<Map<string, string[]>> {
  const files = [
    'README.md',
    ...(await readdir(path.join(ROOT, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
    'packages/sdk/README.md',
    'packages/sdk-python/README.md',
  ];
  const found = new Map<string, string[]>();
  // The shell hands a command the same words whether the address was written out or as
  // "$COINSIGHT_BASE_URL/…" (the user's environment holds it, see userEnv): such two lines are one
  // command, run once in the first spelling met, with the places of both.
  const spellings = new Map<string, string>();
  const add = (where: string, written: string) => {
    const expanded = written.replace(/"\$COINSIGHT_BASE_URL(\/[^"\s$`\\]*)"/g, `${baseUrl}$1`);
    const command = spellings.get(expanded) ?? written;
    spellings.set(expanded, command);
    found.set(command, [...(found.get(command) ?? []), where]);
  };
  const version = (kind: string) => index.files.find((f) => f.kind === kind)?.version ?? 'missing';
  for (const file of files) {
    for (const line of installLines(await readFile(path.join(ROOT, file), 'utf8'))) {
      // `<version>` stands for the build's: the sdist's name is versioned.
      add(file, line.replaceAll(DOCUMENTED_ADDRESS, baseUrl).replaceAll('<version>', version('sdist')));
    }
  }
  for (const [id, example] of Object.entries(allExamples)) {
    if (example.kind === 'install') add(`/docs example ${id}`, withBaseUrl(example.code, baseUrl));
  }
  const llms = await (await fetch(`${baseUrl}/llms.txt`)).text();
  for (const line of installLines(llms)) add('/llms.txt', line);
  return found;
}

/** A failure to reach the npm registry (through the machine's proxy), which is not what these tests check. */
const REGISTRY_HICCUP = /request to https:\/\/registry\.\S+ failed|ECONNRESET|ETIMEDOUT|EAI_AGAIN/;

/**
 * Runs a user's command. An install that failed to reach the registry is tried again, three tries
 * in all, five seconds apart: installs are idempotent, and the registry is a network away.
 */
async function sh(command: string, cwd: string, env: NodeJS.ProcessEnv, tries = 3): Promise<string> {
  try {
    const { stdout, stderr } = await run('bash', ['-euo', 'pipefail', '-c', command], { cwd, env, timeout: 180_000 });
    return `${stdout}\n${stderr}`;
  } catch (caught) {
    const error = caught as { stdout?: string; stderr?: string; message: string };
    const text = `${error.message}\n${error.stdout ?? ''}\n${error.stderr ?? ''}`;
    if (tries > 1 && REGISTRY_HICCUP.test(text)) {
      await sleep(5_000);
      return sh(command, cwd, env, tries - 1);
    }
    throw new Error(`\`${command}\` failed: ${text}`);
  }
}

async function mcpToolsOver(command: string, args: string[], env: Record<string, string>): Promise<{ tools: string[]; symbols: string[] }> {
  const client = new Client({ name: 'coinsight-downloads-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env, stderr: 'pipe' }));
  try {
    const { tools } = await client.listTools();
    const prices = (await client.callTool({ name: 'get_crypto_prices', arguments: { symbols: 'BTC,ETH' } })) as {
      structuredContent?: { prices: { symbol: string }[] };
    };
    return { tools: tools.map((tool) => tool.name), symbols: prices.structuredContent?.prices.map((p) => p.symbol) ?? [] };
  } finally {
    await client.close();
  }
}

const SDK_CALL = `import { Coinsight } from '@coinsight/sdk';
const { prices } = await new Coinsight().crypto.prices({ symbols: ['BTC', 'ETH'] });
console.log(JSON.stringify(prices.map((p) => [p.symbol, p.asOf])));`;
const PYTHON_CALL = `from coinsight import Coinsight
print([(p["symbol"], p["asOf"]) for p in Coinsight().crypto.prices(symbols=["BTC", "ETH"])["prices"]])`;
const TEST_EPOCH = '2026-01-01T00:00:00.000Z';

describe.skipIf(skip)('the clients from /downloads/', () => {
  it('lists every file with its checksum, and serves each with it', async () => {
    expect(index.files.map((f) => [f.package, f.kind])).toEqual([
      ['@coinsight/sdk', 'npm'],
      ['@coinsight/cli', 'npm'],
      ['coinsight', 'wheel'],
      ['coinsight', 'sdist'],
    ]);
    expect(index.pythonIndex).toBe(`${baseUrl}/downloads/simple/`);
    for (const file of index.files) {
      for (const url of [file.url, file.stableUrl].filter((u): u is string => u !== null)) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type'), url).toBe(file.kind === 'wheel' ? 'application/zip' : 'application/gzip');
        expect(res.headers.get('cache-control'), url).toBe('no-cache');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(createHash('sha256').update(bytes).digest('hex'), url).toBe(file.sha256);
        expect(bytes.length).toBe(file.size);
      }
    }
    const pip = await (await fetch(index.pythonIndex + 'coinsight/')).text();
    for (const file of index.files.filter((f) => f.package === 'coinsight')) expect(pip).toContain(`${file.file}#sha256=${file.sha256}`);
    // A missing file is JSON, never the web app.
    const missing = await fetch(`${baseUrl}/downloads/coinsight-nope.tgz`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found: GET /downloads/coinsight-nope.tgz' });
  });

  it('every documented install command works as written, and the installed client calls the server', async () => {
    const commands = await documentedCommands();
    const all = [...commands.keys()];
    // Each kind of install is documented somewhere: npm and pnpm for the SDK, npm -g and npx for the CLI, pip for Python.
    for (const pattern of [
      /^npm install \S*coinsight-sdk/,
      /^yarn add /,
      /^pnpm add /,
      /^npm install -g /,
      /^npx -y .* prices BTC,ETH$/,
      /^npx -y .* mcp$/,
      /^pip install --index-url /,
      /^pip install \S*\.tar\.gz/,
    ])
      expect(
        all.some((c) => pattern.test(c)),
        String(pattern),
      ).toBe(true);

    let n = 0;
    for (const [command, where] of commands) {
      const folder = path.join(work, `install-${n++}`);
      await mkdir(folder);
      const label = `${command} (${where.join(', ')})`;
      if (/ mcp$/.test(command)) {
        // The MCP server the line starts, spoken to over its stdin and stdout.
        const env = userEnv(folder) as Record<string, string>;
        const { tools, symbols } = await mcpToolsOver('bash', ['-c', command], env);
        expect(tools, label).toContain('get_crypto_prices');
        expect(symbols, label).toEqual(['BTC', 'ETH']);
      } else if (command.startsWith('pip install')) {
        await run('python3', ['-m', 'venv', path.join(folder, 'venv')], { timeout: 120_000 });
        const env = userEnv(folder, [path.join(folder, 'venv/bin')]);
        // `pip install ./packages/sdk-python` is run where it is documented: in the repository.
        const fromCheckout = command.includes(' ./packages/');
        const out = await sh(command, fromCheckout ? ROOT : folder, env);
        if (fromCheckout) expect(out, label).toContain('Successfully installed coinsight-');
        // From the index pip takes the wheel; the sdist line builds the sdist (offline, its own backend).
        else expect(out, label).toMatch(command.includes('.tar.gz') ? /coinsight-[\d.]+\.tar\.gz/ : /coinsight-[\d.]+-py3-none-any\.whl/);
        const call = await sh(`python -c '${PYTHON_CALL}'`, folder, env);
        expect(call, label).toContain(`('BTC', '${TEST_EPOCH}'), ('ETH', '${TEST_EPOCH}')`);
      } else if (command.includes('coinsight-sdk')) {
        const env = userEnv(folder);
        await writeFile(path.join(folder, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
        await sh(command, folder, env);
        await writeFile(path.join(folder, 'main.js'), SDK_CALL);
        // The first line is the call's answer (stdout); anything after it is stderr (a loaded machine's warnings).
        const printed = await sh('node main.js', folder, env);
        expect(JSON.parse(printed.split('\n')[0]!), `${label}: ${printed}`).toEqual([
          ['BTC', TEST_EPOCH],
          ['ETH', TEST_EPOCH],
        ]);
      } else if (command.startsWith('npm install -g')) {
        const env = userEnv(folder);
        await sh(command, folder, env);
        const out = await sh('coinsight prices BTC,ETH --format csv', folder, env);
        expect(out, label).toMatch(/^symbol,name,price,.*\nBTC,Bitcoin,/m);
      } else {
        // npx: the line is the call.
        const out = await sh(command, folder, userEnv(folder));
        expect(out, label).toContain('"symbol": "BTC"');
        expect(out, label).toContain(`"asOf": "${TEST_EPOCH}"`);
      }
    }
  }, 1_500_000);

  it("docs/mcp.md's client configuration starts the MCP server as written", async () => {
    const text = await readFile(path.join(ROOT, 'docs/mcp.md'), 'utf8');
    const config = [...text.matchAll(/```json\n([\s\S]*?)```/g)]
      .map((m) => JSON.parse(m[1]!) as { mcpServers?: { coinsight?: { command?: string; args: string[]; env: Record<string, string> } } })
      .map((c) => c.mcpServers?.coinsight)
      .find((server) => server?.command);
    expect(config?.command).toBe('npx');
    const here = (value: string) => value.replaceAll(DOCUMENTED_ADDRESS, baseUrl);
    const folder = path.join(work, 'mcp-config');
    await mkdir(folder);
    // What a client does: the command with its arguments, and the configured variables over its own
    // (PATH and HOME are the client's).
    const base = userEnv(folder);
    const env: Record<string, string> = {
      PATH: base.PATH!,
      HOME: process.env.HOME ?? folder,
      ...Object.fromEntries(Object.entries(base).filter(([name]) => name.startsWith('npm_config_')) as [string, string][]),
      ...Object.fromEntries(Object.entries(config!.env).map(([name, value]) => [name, here(value)])),
    };
    expect(env.COINSIGHT_API_KEY).toBe(PUBLIC_TEST_API_KEY);
    const { tools, symbols } = await mcpToolsOver(config!.command!, config!.args.map(here), env);
    expect(tools).toContain('get_crypto_prices');
    expect(symbols).toEqual(['BTC', 'ETH']);
  }, 300_000);
});
