import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { setupE2E } from './harness';

// The server's data folder holds the demo posts it seeded, so the pages have data to show; the
// social pages need a signed-in user.
const e2e = setupE2E({ signedIn: true });
const url = e2e.url;

const table = () => e2e.page.getByRole('table', { name: 'Twitter posts' });
const header = (name: string) => table().getByRole('columnheader', { name: new RegExp(`^${name}`) });

/** The numbers in one column of the table, top to bottom. */
async function column(name: string): Promise<number[]> {
  const headers = await table().getByRole('columnheader').allInnerTexts();
  const index = headers.findIndex((text) => text.toUpperCase().startsWith(name.toUpperCase()));
  const rows = table().locator('tbody tr');
  const values: number[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    values.push(Number((await rows.nth(i).locator('td').nth(index).innerText()).replaceAll(',', '')));
  }
  return values;
}

/** Polls `check` until it holds: for a page whose old results leave the screen when it asks for new ones. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

const sorted = (values: number[], order: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (order === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));

/**
 * Does `action` and waits until the table shows the rows it asked for: the table keeps its old
 * rows on screen while the next ones load, and marks itself busy from the moment the query
 * changes until they are in. So: the answer to this query, then the table no longer busy.
 */
async function showsAnswerTo(input: Record<string, string>, action: () => Promise<unknown>): Promise<void> {
  await answerTo(e2e.page, 'social.list.twitter', input, action);
  await e2e.page.locator('[aria-busy="false"]', { has: table() }).waitFor();
}

describe('social data in Chromium', () => {
  it('filters, sorts, jumps to a page and expands a row on the Twitter table', async () => {
    const { page } = e2e;
    await page.goto(url('/social/twitter'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Twitter Data' }).waitFor();
    await table().locator('tbody tr').nth(24).waitFor();
    expect(await header('Date').getAttribute('aria-sort')).toBe('descending');

    await page.getByLabel('Min likes').fill('10');
    await showsAnswerTo({ minLikes: '10' }, () => page.getByRole('button', { name: 'Apply filters' }).click());
    expect(page.url()).toMatch(/minLikes=10/);
    expect((await column('Likes')).every((likes) => likes >= 10)).toBe(true);

    await showsAnswerTo({ minLikes: '10', sortBy: 'likes', sortOrder: 'asc' }, () => header('Likes').getByRole('button').click());
    expect(page.url()).toMatch(/sortBy=likes&sortOrder=asc/);
    expect(await header('Likes').getAttribute('aria-sort')).toBe('ascending');
    const ascending = await column('Likes');
    expect(sorted(ascending, 'asc')).toBe(true);
    expect(ascending[0]).toBeGreaterThanOrEqual(10);

    await showsAnswerTo({ minLikes: '10', sortBy: 'likes', sortOrder: 'desc' }, () => header('Likes').getByRole('button').click());
    expect(page.url()).toMatch(/sortOrder=desc/);
    expect(await header('Likes').getAttribute('aria-sort')).toBe('descending');
    const descending = await column('Likes');
    expect(sorted(descending, 'desc')).toBe(true);
    expect(descending[0]).toBeGreaterThan(ascending[0]!);

    const jump = page.getByLabel('Go to page');
    await jump.fill('x1');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Enter a page number using digits only');
    await jump.fill('2');
    await showsAnswerTo({ minLikes: '10', sortBy: 'likes', sortOrder: 'desc', page: '2' }, () =>
      page.getByRole('button', { name: 'Go', exact: true }).click(),
    );
    expect(page.url()).toMatch(/page=2/);
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    const secondPage = await column('Likes');
    expect(sorted(secondPage, 'desc')).toBe(true);
    expect(secondPage[0]).toBeLessThanOrEqual(descending.at(-1)!);

    const firstRow = table().locator('tbody tr').first();
    const text = firstRow.getByRole('button', { expanded: false });
    const clampedHeight = (await firstRow.boundingBox())?.height ?? 0;
    // The date's cell: the first one holds the author's link, which opens their page.
    await firstRow.locator('td').nth(2).click();
    await firstRow.getByRole('button', { expanded: true }).waitFor();
    expect((await firstRow.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(clampedHeight);
    await firstRow.locator('td').nth(2).click();
    await text.waitFor();
  });

  it('Social Analytics has a card for every platform, LinkedIn included, each opening its table', async () => {
    const { page } = e2e;
    await page.goto(url('/social/analytics'), { waitUntil: 'load' });
    const links = page.getByRole('link', { name: /^View Details/ });
    await links.first().waitFor();
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
      '/social/twitter',
      '/social/instagram',
      '/social/facebook',
      '/social/linkedin',
    ]);
    await page.getByRole('link', { name: 'View Details: LinkedIn' }).click();
    await page.getByRole('heading', { level: 1, name: 'LinkedIn Data' }).waitFor();
  });

  it('searches in the Data Explorer once the typing has paused, and narrows to a selected platform', async () => {
    const { page } = e2e;
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('social.search')) searches.push(request.url());
    });
    await page.clock.install();
    await page.goto(url('/explorer'), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Data Explorer' }).waitFor();
    await page.getByText('Enter a search term to begin').waitFor();

    // The page's clock stands still while the keys go in, however slowly a loaded machine types.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('searchbox', { name: 'Search' }).pressSequentially('bitcoin');
    await page.clock.runFor(499);
    expect(searches).toEqual([]);
    await page.clock.runFor(1);
    await page.clock.resume();
    const results = page.getByRole('article');
    await results.first().waitFor();
    expect(searches).toHaveLength(1);
    expect(decodeURIComponent(searches[0]!)).toContain('"q":"bitcoin"');
    expect(await results.count()).toBeGreaterThan(1);

    const twitter = page.getByRole('button', { name: 'Twitter', exact: true });
    await twitter.click();
    expect(await twitter.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { name: 'Results on Twitter' }).waitFor();
    const platforms = () =>
      results
        .locator('header')
        .getByText(/^(Twitter|Instagram|Facebook|LinkedIn)$/)
        .allInnerTexts();
    await until('only Twitter results are listed', async () => {
      const shown = await platforms();
      return shown.length > 0 && shown.every((p) => p === 'Twitter');
    });

    await twitter.click();
    expect(await twitter.getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('heading', { name: 'Results', exact: true }).waitFor();
    await until('other platforms are listed again', async () => new Set(await platforms()).size > 1);

    await page.getByRole('searchbox', { name: 'Search' }).fill('qwertyuiopzeppelin');
    await page.getByText('No results found').waitFor();
  });
});
