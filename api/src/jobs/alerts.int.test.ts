import { seedAssets } from '@coinsight/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedFeed } from '../services/market/feeds/simulated.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, verifiedSignup } from '../test/auth.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp.js';
import { alertsAfterTick } from './alerts.js';
import { marketJobs } from './market.js';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  await t.app.ready();
  await seedAssets(t.app.db);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe(`the tick job checks alerts (${process.env.TEST_DB})`, () => {
  it('a tick from the feed fires a crossed alert, and its mail reaches the SMTP server', async () => {
    const { token, user } = await verifiedSignup(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/alerts.create',
      headers: bearer(token),
      payload: { symbol: 'BTC', price: 1, condition: 'above' },
    });
    expect(res.statusCode).toBe(200);

    const feed = createSimulatedFeed({ seed: 1 });
    const tick = marketJobs({ db: t.app.db, log: t.app.deps.log, feed }, { tickSeconds: 10, afterTick: alertsAfterTick(t.app.deps) }).find(
      (job) => job.name === 'market-tick',
    )!;
    const now = new Date();
    expect(await tick.run(now, {}, new AbortController().signal)).toMatchObject({ afterTick: { fired: 1 } });
    expect(await tick.run(new Date(now.getTime() + 10_000), {}, new AbortController().signal)).toMatchObject({ afterTick: { fired: 0 } });

    const mails = smtp.received.filter((mail) => mail.envelopeTo.includes(user.email) && mail.text.includes('/market'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('BTC reached $');
    expect(mails[0]!.text).toContain('above $1.00');
    expect(mails[0]!.text).toContain('http://localhost:3000/market');
  });
});
