import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// A platform table as a workspace: filter by coin, choose columns, download what it shows, and
// keep it as a named view that comes back after a reload.

const e2e = setupE2E({ signedIn: true });
const url = e2e.url;

const table = (page: Page) => page.getByRole('table', { name: 'Twitter posts' });

async function expectClean(page: Page, where: string): Promise<void> {
  const { serious } = await runAxe(page);
  expect(describeViolations(serious), `axe on ${where}`).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${where} is ${scroll} px wide in ${client} px`).toBeLessThanOrEqual(client);
}

/** What the REST list answers for the table's query, with the user's token. */
async function listed(query: string): Promise<{ data: { _id: string; symbols: string[] }[]; pagination: { total: number } }> {
  const res = await fetch(url(`/api/social/twitter?limit=100&${query}`), { headers: { authorization: `Bearer ${e2e.user.token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: { _id: string; symbols: string[] }[]; pagination: { total: number } };
}

describe('table downloads and saved views in Chromium', () => {
  it('filters Twitter by coin, downloads its rows in its columns, saves the view and applies it after a reload', async () => {
    const { page } = e2e;
    await page.goto(url('/social/twitter'), { waitUntil: 'networkidle' });
    await table(page).locator('tbody tr').nth(24).waitFor();

    await page.getByLabel('Coin').fill('btc');
    await answerTo(page, 'social.list.twitter', { coin: 'btc' }, () => page.getByRole('button', { name: 'Apply filters' }).click());
    await answerTo(page, 'social.list.twitter', { coin: 'btc', sortBy: 'likes' }, () =>
      table(page)
        .getByRole('columnheader', { name: /^Likes/ })
        .getByRole('button')
        .click(),
    );
    await page.locator('[aria-busy="false"]', { has: table(page) }).waitFor();
    const answer = await listed('coin=BTC&sortBy=likes&sortOrder=asc');
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((post) => post.symbols.includes('BTC'))).toBe(true);
    expect(await table(page).locator('tbody tr').count()).toBe(Math.min(25, answer.pagination.total));

    // Columns: the post's text and views hidden, in the table and the address.
    await page.getByText('Columns', { exact: true }).click();
    // A box's state follows the address, which a loaded machine may update a moment after the
    // click: each click is followed by the address it makes (uncheck() would judge at once).
    await page.getByRole('checkbox', { name: 'Post' }).click();
    await page.waitForURL(/hide=text(&|$)/);
    await page.getByRole('checkbox', { name: 'Views' }).click();
    await page.waitForURL(/hide=text%2Cviews|hide=text,views/);
    expect(await page.getByRole('checkbox', { name: 'Post' }).isChecked()).toBe(false);
    expect(await table(page).getByRole('columnheader').allInnerTexts()).not.toContain('Post');
    await page.getByText(/up to 10,000 rows/).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^twitter-posts-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path()) ?? '', 'utf8')).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,username,createdAt,likes,replies,retweets,sentiment');
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(answer.pagination.total);
    expect(ids.slice(0, answer.data.length)).toEqual(answer.data.map((post) => post._id));
    await expectClean(page, 'the Twitter table filtered by coin at 1280 px');

    await page.getByLabel('Name this view').fill('BTC by likes');
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByRole('button', { name: 'Apply view BTC by likes' }).waitFor();

    await page.goto(url('/social/twitter'), { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByLabel('Coin').inputValue()).toBe('');
    await answerTo(page, 'social.list.twitter', { coin: 'btc', sortBy: 'likes' }, () =>
      page.getByRole('button', { name: 'Apply view BTC by likes' }).click(),
    );
    expect(page.url()).toMatch(/coin=btc/);
    expect(page.url()).toMatch(/sortBy=likes&sortOrder=asc/);
    expect(await page.getByLabel('Coin').inputValue()).toBe('btc');
    await page.locator('[aria-busy="false"]', { has: table(page) }).waitFor();
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    expect(headers.some((text) => /views|post/i.test(text))).toBe(false);
    expect(
      await table(page)
        .getByRole('columnheader', { name: /^Likes/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it("downloads the Data Explorer's results as JSON: the rows it lists, in its order", async () => {
    const { page } = e2e;
    await page.goto(url('/explorer'), { waitUntil: 'networkidle' });
    await page.getByLabel('Period').selectOption('30d');
    await page.getByLabel('Search').fill('$SOL');
    const results = page.getByRole('region', { name: 'Results' });
    const shown = await results.getByText(/^Showing \d+ of \d+\+? results?$/).innerText();
    await results.getByText(/as many as Load more reaches/).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), results.getByRole('button', { name: 'Download JSON' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^search-results-\d{4}-\d{2}-\d{2}\.json$/);
    const rows = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { text: string; symbols: string[] }[];
    const [, listed, total] = /^Showing (\d+) of (\d+)/.exec(shown) ?? [];
    expect(rows.length).toBeGreaterThanOrEqual(Number(listed));
    if (!shown.includes('+')) expect(rows.length).toBe(Number(total));
    expect(rows.every((row) => row.symbols.includes('SOL'))).toBe(true);
    expect(await results.locator('article').first().locator('p').first().textContent()).toBe(rows[0]!.text);
  });

  it('fits 390 px and stays axe-clean with its tools and saved views, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await e2e.open({ width: 390, height: 844, colorScheme });
      await page.goto(url('/social/twitter?coin=ETH&hide=views'), { waitUntil: 'networkidle' });
      await table(page).locator('tbody tr').first().waitFor();
      await page.getByRole('heading', { name: 'Saved views' }).waitFor();
      await page.getByText('Columns (1 hidden)').click();
      await expectClean(page, `the Twitter table at 390 px (${colorScheme})`);
    }
  });
});
