import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// Ticks every 2 s (the simulated feed's price moves on its 10 s grid), so a change shows soon.
const e2e = setupE2E({ signedIn: true, env: { MARKET_TICK_SECONDS: '2' } });
const url = e2e.url;

/** Polls `check` until it holds; the page changes by itself here, so there is nothing else to wait on. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

describe('market pages in Chromium', () => {
  it('shows prices that change without a reload, then an asset page with its candlestick chart', async () => {
    const { page } = e2e;
    let loads = 0;
    page.on('load', () => loads++);
    // The live stream keeps a request open: the network is never idle on this page.
    await page.goto(url('/market'), { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Market Overview' }).waitFor();
    await page.getByText('Live: prices update with every tick').waitFor();
    expect(await page.getByText(/^BTC market cap as a share of the \d+ tracked assets' total$/).count()).toBe(1);

    const btcRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Bitcoin BTC' }) });
    // The star, the rank, the coin, then the price.
    const btcPrice = btcRow.getByRole('cell').nth(3);
    await until('BTC has a price', async () => /^\$[\d,]+\.\d{2}$/.test(await btcPrice.innerText()));
    const updated = page.getByText(/^Last updated/);
    // Read apart, a tick can land between the two reads: the price then changes at once while its time
    // already shows that tick's. Both must move on from what was read.
    const before = await btcPrice.innerText();
    const updatedBefore = await updated.innerText();
    await until(
      'the BTC price and its time change',
      async () => (await btcPrice.innerText()) !== before && (await updated.innerText()) !== updatedBefore,
    );
    expect(loads).toBe(1);

    const axe = await runAxe(page);
    expect(describeViolations(axe.serious), 'axe on /market').toEqual([]);

    await btcRow.getByRole('link', { name: 'Bitcoin BTC' }).click();
    await page.waitForURL(url('/market/BTC'));
    await page.getByRole('heading', { level: 1, name: 'Bitcoin (BTC)' }).waitFor();
    const chart = page.getByRole('img', { name: /^BTC candlestick chart, last 30 days, hourly candles/ });
    await chart.locator('canvas').first().waitFor();
    expect(await page.getByRole('link', { name: 'Create alert' }).getAttribute('href')).toMatch(/^\/alerts\?symbol=BTC&price=\d+$/);

    await page.getByRole('group', { name: 'Candle interval' }).getByRole('button', { name: '1d' }).click();
    await page
      .getByRole('img', { name: /^BTC candlestick chart, last year, daily candles/ })
      .locator('canvas')
      .first()
      .waitFor();
    const assetAxe = await runAxe(page);
    expect(describeViolations(assetAxe.serious), 'axe on /market/BTC').toEqual([]);
  });

  it('at 390 px the market table scrolls inside its box, the pages do not scroll sideways and are axe-clean', async () => {
    for (const path of ['/market', '/market/BTC']) {
      // A page each: leaving one while its queries are in flight would abort them.
      const page = await e2e.open({ width: 390 });
      await page.goto(url(path), { waitUntil: 'load' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page
        .getByRole('table')
        .or(page.getByRole('img', { name: /candlestick/ }))
        .first()
        .waitFor();
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll, `${path} is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
      expect(describeViolations((await runAxe(page)).serious), `axe on ${path} at 390 px`).toEqual([]);
    }
  });

  it("the asset page's price chart fills its card, and its last price is the header's", async () => {
    const page = await e2e.open({ width: 1280, height: 1000 });
    await page.goto(url('/market/BTC'), { waitUntil: 'load' });
    const chart = page.getByRole('img', { name: /^BTC candlestick chart, last 30 days, hourly candles/ });
    await chart.locator('canvas').first().waitFor();
    // Read in one go: a tick re-renders both from the same price.
    const read = () =>
      page.evaluate(() => {
        const header =
          Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent === 'Price')?.nextElementSibling?.textContent ?? '';
        const label = document.querySelector('[aria-label*="candlestick chart"]')?.getAttribute('aria-label') ?? '';
        return { header, last: /last price (\S+)$/.exec(label)?.[1] ?? label };
      });
    await until('the chart shows a price', async () => /^\$[\d,]+\.\d{2}$/.test((await read()).header));
    for (let i = 0; i < 3; i++) {
      const { header, last } = await read();
      expect(last).toBe(header);
      await page.waitForTimeout(1_000);
    }
    // No empty lower half: the chart reaches the attribution at the foot of its card.
    const gap = await page.evaluate(() => {
      const plot = document.querySelector('[aria-label*="candlestick chart"]')!.getBoundingClientRect();
      const card = document.querySelector('[aria-label*="candlestick chart"]')!.closest('section')!.getBoundingClientRect();
      return { below: card.bottom - plot.bottom, plot: plot.height, card: card.height };
    });
    expect(gap.below, JSON.stringify(gap)).toBeLessThan(80);
    expect(gap.plot).toBeGreaterThan(gap.card / 2);
  });

  it('says when a symbol is not tracked', async () => {
    const { page } = e2e;
    await page.goto(url('/market/NOPE'), { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Asset not found' }).waitFor();
    // The refused lookup is the answer the page reads, not a fault.
    expect(e2e.takeProblems().filter((problem) => !/HTTP 404: GET \S+market\.asset/.test(problem))).toEqual([]);
  });

  it("stars coins into the account's watchlist on /market and an asset page, filters to it, and the dashboard shows it; another account sees none", async () => {
    const { page } = e2e;
    await page.goto(url('/market'), { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Market Overview' }).waitFor();
    const star = (name: string) => page.getByRole('button', { name: `${name} in your watchlist` });
    await until(
      'the stars are ready',
      async () => (await star('Bitcoin').isEnabled()) && (await star('Bitcoin').getAttribute('aria-pressed')) === 'false',
    );
    await star('Bitcoin').click();
    await star('Ethereum').click();
    await until('both are starred', async () => (await star('Ethereum').getAttribute('aria-pressed')) === 'true');
    await page.getByRole('button', { name: 'Watchlist (2)' }).click();
    await page.getByRole('table', { name: 'Your watchlist' }).waitFor();
    expect(await page.getByRole('table').getByRole('link').allInnerTexts()).toEqual(['Bitcoin BTC', 'Ethereum ETH']);
    expect(describeViolations((await runAxe(page)).serious), 'axe on /market?watchlist').toEqual([]);

    await page.goto(url('/market/SOL'), { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Solana (SOL)' }).waitFor();
    await until('the star is ready', async () => star('Solana').isEnabled());
    await star('Solana').click();
    await until('Solana is starred', async () => (await star('Solana').getAttribute('aria-pressed')) === 'true');
    expect(describeViolations((await runAxe(page)).serious), 'axe on /market/SOL').toEqual([]);

    for (const width of [1280, 390]) {
      const dashboard = await e2e.open({ width });
      await dashboard.goto(url('/dashboard'), { waitUntil: 'load' });
      const card = dashboard.getByRole('region', { name: 'Watchlist' });
      await card.getByRole('table', { name: 'Your watchlist' }).waitFor();
      await until('the watchlist shows its coins', async () => (await card.getByRole('row').count()) === 4);
      expect(await card.innerText()).not.toContain('The top 5');
      expect(describeViolations((await runAxe(dashboard)).serious), `axe on /dashboard at ${width} px`).toEqual([]);
      const { scroll, client } = await dashboard.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(scroll, `/dashboard is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
    }

    // Another account: its own, empty watchlist; the top 5 on its dashboard, saying so.
    const other = await e2e.signUp('e2ewatch');
    const theirs = await e2e.open({ width: 390, token: other.token });
    await theirs.goto(url('/market'), { waitUntil: 'load' });
    await theirs.getByRole('button', { name: 'Watchlist (0)' }).waitFor();
    expect(await theirs.getByRole('button', { name: 'Bitcoin in your watchlist' }).getAttribute('aria-pressed')).toBe('false');
    expect(describeViolations((await runAxe(theirs)).serious), 'axe on /market at 390 px, signed in').toEqual([]);
    await theirs.goto(url('/dashboard'), { waitUntil: 'load' });
    const card = theirs.getByRole('region', { name: 'Watchlist' });
    await card.getByText('The top 5 by market cap, until you star coins of your own').waitFor();
  });
});
