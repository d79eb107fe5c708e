import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// The topic and creator pages over the demo posts the server seeded, reached as a user reaches
// them (a trending topic, a top creator, a topic they name), and the asset page's price chart with
// the social volume on it; at 1280 and 390 px, axe clean.
const e2e = setupE2E({ signedIn: true });
const url = e2e.url;

async function axeClean(page: Parameters<typeof runAxe>[0], where: string) {
  const { serious } = await runAxe(page);
  expect(describeViolations(serious), `axe on ${where}`).toEqual([]);
}

describe('topic and creator pages in Chromium', () => {
  it('a trending topic opens its page, a top creator theirs, and a topic they name its own', async () => {
    const { page } = e2e;
    await page.goto(url('/social/analytics'), { waitUntil: 'load' });
    const trending = page.getByRole('table', { name: 'Trending topics' });
    const first = trending.getByRole('link').first();
    await first.waitFor();
    const topic = await first.innerText();
    await first.click();
    await page.waitForURL(url(`/topics/${encodeURIComponent(topic)}`));
    await page.getByRole('heading', { level: 1, name: topic }).waitFor();
    await page.getByRole('img', { name: new RegExp(`^Posts naming \\${topic} per day`) }).waitFor();
    expect(
      await page
        .getByRole('list', { name: `Mentions of ${topic} per platform` })
        .getByRole('listitem')
        .count(),
    ).toBe(4);
    await page.getByRole('article').first().waitFor();
    if (topic.startsWith('$'))
      await page
        .getByRole('img', { name: /price over the last 7 days/ })
        .locator('canvas')
        .first()
        .waitFor();
    await axeClean(page, `/topics/${topic}`);

    // The period is in the address: a shared link opens the same view.
    await page.getByLabel('Period').selectOption('30d');
    await page.waitForURL(/period=30d/);
    await page
      .getByRole('img', { name: /last 30 days/ })
      .first()
      .waitFor();

    const creators = page.getByRole('table', { name: `Top creators for ${topic}` });
    const creator = creators.getByRole('link').first();
    const name = await creator.innerText();
    await creator.click();
    await page.waitForURL(/\/creators\/[a-z]+\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: new RegExp(name.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')) }).waitFor();
    await page.getByRole('img', { name: /^Posts per day/ }).waitFor();
    await page.getByRole('table', { name: 'Coins' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await axeClean(page, `the creator page of ${name}`);

    const named = page.getByRole('table', { name: 'Coins' }).getByRole('link').first();
    const coin = await named.innerText();
    await named.click();
    await page.getByRole('heading', { level: 1, name: coin }).waitFor();
  });

  it("the asset page's price chart carries the mentions, and their sentiment on request", async () => {
    const { page } = e2e;
    await page.goto(url('/market/BTC'), { waitUntil: 'load' });
    const chart = page.getByRole('img', {
      name: /^BTC candlestick chart, last 30 days, hourly candles: \d+ candles with mentions of \$BTC per day as bars, last price/,
    });
    await chart.locator('canvas').first().waitFor();
    await page.getByText(/Mentions of \$BTC per day \(left axis\)/).waitFor();
    await page.getByRole('checkbox', { name: 'Show sentiment' }).check();
    await page.getByRole('img', { name: /and their mean sentiment as a line, last price \$[\d,.]+$/ }).waitFor();
    await axeClean(page, '/market/BTC with sentiment');
  });

  it('at 390 px the topic and creator pages fit the screen, axe clean', async () => {
    const topicPage = await e2e.open({ width: 390 });
    await topicPage.goto(url('/topics/%24BTC'), { waitUntil: 'load' });
    await topicPage.getByRole('heading', { level: 1, name: '$BTC' }).waitFor();
    await topicPage.getByRole('article').first().waitFor();
    const creatorHref = await topicPage
      .getByRole('table', { name: 'Top creators for $BTC' })
      .getByRole('link')
      .first()
      .getAttribute('href');
    for (const [page, path] of [
      [topicPage, '/topics/$BTC'],
      [await e2e.open({ width: 390 }), creatorHref ?? ''],
      [await e2e.open({ width: 390 }), '/topics/%23defi'],
    ] as const) {
      if (page !== topicPage) {
        await page.goto(url(path), { waitUntil: 'load' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('img').first().waitFor();
      }
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll, `${path} is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
      await axeClean(page, `${path} at 390 px`);
    }
  });
});
