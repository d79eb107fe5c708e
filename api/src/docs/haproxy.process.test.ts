import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// deploy/haproxy.cfg as shipped, run by HAProxy (scripts/ensure-haproxy.sh installs Debian's, the
// version compose.yaml runs) in front of a stand-in instance on loopback that answers every path
// 200 and records what reached it: what the balancer refuses never reaches an instance, whatever
// the instance would do with it.

const CONFIG = fileURLToPath(new URL('../../../deploy/haproxy.cfg', import.meta.url));
const haveHaproxy = spawnSync('haproxy', ['-v']).status === 0;

let backend: Server;
let haproxy: ChildProcess | undefined;
let lb = '';
const reached: string[] = [];

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listening(port: number): Promise<void> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      }).on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`HAProxy did not listen on ${port}`);
}

beforeAll(async () => {
  if (!haveHaproxy) return;
  backend = createServer((req, res) => {
    if (req.url !== '/readyz') reached.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('instance');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const instance = `127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const port = await freePort();
  lb = `http://127.0.0.1:${port}`;
  haproxy = spawn('haproxy', ['-db', '-f', CONFIG], {
    env: { ...process.env, LB_BIND: `127.0.0.1:${port}`, API1_ADDR: instance, API2_ADDR: instance },
    stdio: 'ignore',
  });
  await listening(port);
});

afterAll(async () => {
  haproxy?.kill('SIGTERM');
  if (backend) await new Promise<void>((resolve) => backend.close(() => resolve()));
});

/** A GET with the path exactly as written (fetch would normalise it). */
async function get(path: string): Promise<number> {
  const { port } = new URL(lb);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: coinsight.test\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe.skipIf(!haveHaproxy)(
  'deploy/haproxy.cfg refuses /metrics in every spelling an instance would route (needs haproxy: scripts/ensure-haproxy.sh)',
  () => {
    it.each([
      '/metrics',
      '/%6detrics',
      '/metric%73',
      '/%6D%65%74%72%69%63%73',
      '/METRICS',
      '/Metrics',
      '//metrics',
      '/./metrics',
      '/api/../metrics',
      '/%2fmetrics',
      '/metrics/',
      '/metrics?format=text',
      '/metrics;x',
    ])('%s: 404 at the balancer, never forwarded', async (path) => {
      expect(await get(path)).toBe(404);
      expect(reached).not.toContain(path);
    });

    it.each(['/api/health', '/readyz', '/v1/crypto/prices?symbols=BTC', '/assets/metrics-chart.js', '/blog/metricsfor-everyone'])(
      '%s: forwarded to an instance',
      async (path) => {
        expect(await get(path)).toBe(200);
      },
    );
  },
);
