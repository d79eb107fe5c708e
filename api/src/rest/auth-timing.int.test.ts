import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { nextAddress, signup } from '../test/auth.js';

// Whether an address has an account must not show in how long forgot-password or the sign-in link
// takes to answer (services/auth/one-time-link.ts): the lookup and the mail run after the answer.
// The SMTP server here takes SMTP_DELAY_MS to accept each message, as a distant one can: a known
// address that waited for its mail would answer that much later than an unknown one.

const SMTP_DELAY_MS = 600;
const ROUNDS = 5;

const delivered: string[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          delivered.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        }, SMTP_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Coinsight <no-reply@coinsight.test>' });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function timed(url: string, email: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: nextAddress() });
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { ms, body: res.body };
}

describe(`forgot-password and the sign-in link answer known and unknown addresses in the same time (${process.env.TEST_DB})`, () => {
  it.each(['/api/auth/forgot-password', '/api/auth/sign-in-link'])(
    '%s: the medians differ by far less than one SMTP delivery',
    async (url) => {
      // One account per round: each known request is under its account's mail limit, so it mails.
      const known = await Promise.all(Array.from({ length: ROUNDS }, async () => (await signup(t.app)).body.email));
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        const a = await timed(url, known[i] ?? '');
        const b = await timed(url, `nobody.${i}.${Date.now()}@example.com`);
        // The same words for both.
        expect(a.body).toBe(b.body);
        times.known.push(a.ms);
        times.unknown.push(b.ms);
      }
      // Waiting for the mail would put the known median a whole delivery (600 ms) above the other.
      expect(median(times.known)).toBeLessThan(median(times.unknown) + SMTP_DELAY_MS / 2);
      // The links still went out, after the answers (each account also got its confirmation mail).
      for (const email of known)
        await expect.poll(() => delivered.filter((to) => to === email).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    },
  );
});
