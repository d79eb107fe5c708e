import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { parseTrustProxy } from '../trust-proxy.js';

// The stack's files (compose.yaml, .env.example, deploy/haproxy.cfg, the Dockerfile) agree
// with one another and with what the server accepts. The stack itself runs in scripts/stack-test.sh.
const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const compose = read('compose.yaml');
const haproxy = read('deploy/haproxy.cfg');
const dockerfile = read('Dockerfile');
const example = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

describe('the deploy files', () => {
  it('.env.example, filled in as docs/deploy.md says, is a configuration the server accepts', () => {
    const env = loadEnv({
      ...example,
      DATABASE_URL: 'postgres://coinsight@postgres/coinsight',
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    expect(env.SHUTDOWN_DRAIN_SECONDS).toBeGreaterThan(0);
  });

  it("TRUST_PROXY in .env.example is compose's network, so the balancer's X-Forwarded-For is believed", () => {
    const subnet = /subnet: (\S+)/.exec(compose)?.[1];
    expect(subnet).toBeDefined();
    expect(parseTrustProxy(example.TRUST_PROXY)).toEqual([subnet]);
  });

  it('the drain outlasts the time HAProxy takes to mark an instance down', () => {
    const [, inter = '', fall = ''] = /default-server inter (\d+)s fall (\d+)/.exec(haproxy) ?? [];
    expect(Number(example.SHUTDOWN_DRAIN_SECONDS)).toBeGreaterThan(Number(inter) * Number(fall));
    expect(haproxy).toContain('http-check send meth GET uri /readyz');
  });

  it('the commands the image and compose run are files the build makes', () => {
    const built = (dist: string) => dist.replace('/dist/', '/src/').replace(/\.js$/, '.ts');
    const server = /CMD \["node", "([^"]+)"\]/.exec(dockerfile)?.[1] ?? '';
    const migrate = /command: \['node', '([^']+)'\]/.exec(compose)?.[1] ?? '';
    for (const file of [server, migrate]) expect(existsSync(new URL(built(file), root)), file).toBe(true);
  });
});
