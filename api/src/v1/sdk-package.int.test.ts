import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer } from '../test/live-server.js';

// @coinsight/sdk as a customer gets it. Its packed tarball is installed into an empty
// folder outside the workspace (npm, offline: the package has no dependencies to fetch), a user's
// file is type-checked with `strict` against the installed declarations (skipLibCheck off, so the
// .d.ts files are checked too and may import nothing that is not in the tarball), compiled, and run
// against a listening server through a proxy that records what the SDK sent. The SDK's own build is
// turbo's (test depends on ^build); here it is only packed. PGlite alone: nothing here depends on
// the database kind.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SDK_DIR = join(ROOT, 'packages/sdk');
const TSC = join(ROOT, 'api/node_modules/.bin/tsc');

/** pnpm as turbo runs this test (`pnpm run test` sets npm_execpath), else the pinned one through npx. */
async function pnpm(): Promise<[string, string[]]> {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return [process.execPath, [execPath]];
  const { packageManager } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { packageManager: string };
  return ['npx', ['-y', packageManager]];
}

/** A pass-through to the server that keeps each request's method, path and headers. */
async function recordingProxy(
  target: string,
): Promise<{ url: string; seen: { method: string; path: string; headers: IncomingHttpHeaders }[]; server: Server }> {
  const seen: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    seen.push({ method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers });
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

// What a user writes, in a project of their own: `strict`, no `any`, the answers' types used.
const USER_FILE = `import { Coinsight, CoinsightError, type Price } from '@coinsight/sdk';

// apiKey and baseUrl from COINSIGHT_API_KEY and COINSIGHT_BASE_URL.
const coinsight = new Coinsight();

const prices = await coinsight.crypto.prices({ symbols: ['BTC', 'ETH'] });
const first: Price | undefined = prices.prices[0];
const created = await coinsight.alerts.create({ symbol: 'BTC', price: 123456, condition: 'above' });
const deleted = await coinsight.alerts.delete(created.alert.id);
let posts = 0;
for await (const post of coinsight.data.iterate({ limit: 2 })) {
  posts += post.likes >= 0 ? 1 : 0;
  if (posts === 3) break;
}
let refused: string | null = null;
try {
  await coinsight.crypto.history({ symbol: 'NOTACOIN' });
} catch (error) {
  if (error instanceof CoinsightError) refused = \`\${error.status} \${error.code} \${error.requestId ?? 'no id'}\`;
}
console.log(
  JSON.stringify({
    symbols: prices.prices.map((p) => p.symbol),
    firstName: first?.name ?? null,
    requestId: prices.meta.requestId,
    rateLimit: prices.meta.rateLimit,
    keys: Object.keys(prices),
    createdId: created.alert.id,
    deleted: deleted.deleted,
    posts,
    refused,
  }),
);
`;

let server: Awaited<ReturnType<typeof startLiveServer>>;
let proxy: Awaited<ReturnType<typeof recordingProxy>>;
let work: string;

beforeAll(async () => {
  if (process.env.TEST_DB === 'postgres') return;
  server = await startLiveServer();
  proxy = await recordingProxy(server.baseUrl);
  // Outside the workspace: no node_modules above it can lend the SDK (or anything else) to the user's project.
  work = await mkdtemp(join(tmpdir(), 'coinsight-sdk-install-'));
});

afterAll(async () => {
  proxy?.server.close();
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the packed @coinsight/sdk, installed outside the workspace', () => {
  it('installs offline, type-checks a strict user file, and calls the live API', async () => {
    const manifest = JSON.parse(await readFile(join(SDK_DIR, 'package.json'), 'utf8')) as { version: string; private?: boolean };
    expect(manifest.private).toBeUndefined();

    const packDir = join(work, 'pack');
    await mkdir(packDir);
    const [command, prefix] = await pnpm();
    await run(command, [...prefix, 'pack', '--pack-destination', packDir], { cwd: SDK_DIR, timeout: 60_000 });
    const [tarball] = await readdir(packDir);
    expect(tarball).toBe(`coinsight-sdk-${manifest.version}.tgz`);

    const project = join(work, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(packDir, tarball!)], {
      cwd: project,
      timeout: 60_000,
    });
    // No dependencies came along, and the declarations name no package of the workspace (nor zod).
    expect((await readdir(join(project, 'node_modules'))).filter((name) => !name.startsWith('.'))).toEqual(['@coinsight']);
    expect(await readdir(join(project, 'node_modules/@coinsight'))).toEqual(['sdk']);
    const installed = join(project, 'node_modules/@coinsight/sdk/dist');
    for (const file of (await readdir(installed, { recursive: true })).filter((f) => f.endsWith('.d.ts'))) {
      expect(await readFile(join(installed, file), 'utf8'), file).not.toMatch(/from ['"](?!\.)/);
    }

    await writeFile(join(project, 'main.ts'), USER_FILE);
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          module: 'nodenext',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          types: [],
          outDir: 'out',
        },
        files: ['main.ts'],
      }),
    );
    const compiled = await run(TSC, ['-p', 'tsconfig.json'], { cwd: project, timeout: 60_000 }).catch((error: { stdout?: string }) => ({
      stdout: `tsc failed:\n${error.stdout ?? String(error)}`,
    }));
    expect(compiled.stdout).toBe('');

    const { stdout } = await run(process.execPath, ['out/main.js'], {
      cwd: project,
      timeout: 30_000,
      env: { PATH: process.env.PATH, COINSIGHT_API_KEY: server.apiKey, COINSIGHT_BASE_URL: proxy.url },
    });
    const out = JSON.parse(stdout) as Record<string, unknown>;
    expect(out).toMatchObject({
      symbols: ['BTC', 'ETH'],
      firstName: 'Bitcoin',
      requestId: expect.any(String),
      rateLimit: { limit: 100, remaining: expect.any(Number), resetSeconds: expect.any(Number) },
      // meta is there, and not among the answer's own fields.
      keys: ['prices', 'asOf'],
      createdId: expect.any(Number),
      deleted: true,
      posts: 3,
      refused: expect.stringMatching(/^400 bad_request \S+$/),
    });
    // The request id is the one the server logged the call under.
    expect(server.logs.some((line) => line.includes(`"reqId":"${String(out.requestId)}"`))).toBe(true);

    // What went over the wire: the User-Agent with the packed version, and the POST's own Idempotency-Key.
    expect(proxy.seen.length).toBeGreaterThanOrEqual(6);
    for (const call of proxy.seen) expect(call.headers['user-agent']).toBe(`coinsight-sdk-typescript/${manifest.version}`);
    const post = proxy.seen.find((call) => call.method === 'POST');
    expect(post?.headers['idempotency-key']).toMatch(/^coinsight-sdk-[0-9a-f-]{36}$/);
    expect(proxy.seen.filter((call) => call.method === 'GET').every((call) => call.headers['idempotency-key'] === undefined)).toBe(true);
  }, 120_000);
});
