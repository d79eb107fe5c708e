import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// The Data Explorer's count, cards and platform choice; filter
// messages in the words people see; addresses a table cannot show. At a phone's width and a laptop's.
const e2e = setupE2E({ signedIn: true });

const WIDTHS = [390, 1280] as const;

async function pageAt(width: number): Promise<Page> {
  return width === 1280 ? e2e.page : e2e.open({ width });
}

async function expectAxeClean(page: Page) {
  const axe = await runAxe(page);
  expect(describeViolations(axe.serious)).toEqual([]);
}

/** The social.list calls the page makes from now on. */
function listCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/') && request.url().includes('social.list')) calls.push(request.url());
  });
  return calls;
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(WIDTHS)('social pages at %i px', (width) => {
  it('past the last page, the table says how many pages there are and goes to the last one', async () => {
    const page = await pageAt(width);
    await page.goto(e2e.url('/social/twitter?page=9999'), { waitUntil: 'networkidle' });
    const notice = page.getByText(/^There is no page 9,999: the [\d,]+ posts fill [\d,]+ pages\.$/);
    await notice.waitFor();
    const pages = /fill ([\d,]+) pages/.exec(await notice.innerText())?.[1] ?? '';
    expect(await page.getByText('No data found').count()).toBe(0);
    expect(await page.getByText(/^Showing/).count()).toBe(0);
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Go to the last page' }).click();
    await page.waitForURL(new RegExp(`page=${pages.replaceAll(',', '')}$`));
    await page.getByText(`Page ${pages} of ${pages}`).waitFor();
    expect(await page.getByRole('table', { name: 'Twitter posts' }).locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await noSideways(page)).toBe(true);
  });

  it.each([
    ['?minLikes=abc', 'Min likes', 'Min likes must be a whole number, 0 or more'],
    ['?startDate=2026-11-20&endDate=2026-11-19', 'To date', 'To date must not be before From date'],
  ])('a malformed filter in the address (%s) is named at once, beside its field, and never sent', async (search, field, message) => {
    const page = await pageAt(width);
    const calls = listCalls(page);
    await page.goto(e2e.url(`/social/twitter${search}`), { waitUntil: 'networkidle' });
    await page.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await page.getByText('Loading Twitter posts…').count()).toBe(0);
    expect(await page.getByLabel(field).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByRole('table', { name: 'Twitter posts' }).locator('tbody tr').nth(1).waitFor();
    expect(calls).toHaveLength(1);
  });

  it('the filter form names fields by their labels, while REST keeps naming the parameter', async () => {
    const page = await pageAt(width);
    await page.goto(e2e.url('/social/twitter'), { waitUntil: 'networkidle' });
    // On a phone the filters fold behind one button.
    if (width === 390) await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByLabel('Min likes').fill('-5');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Min likes must be a whole number, 0 or more').waitFor();
    await page.getByLabel('Min likes').fill('');
    await page.getByLabel('From date').fill('2026-11-20');
    await page.getByLabel('To date').fill('2026-11-19');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('To date must not be before From date').waitFor();
    await expectAxeClean(page);

    const rest = await fetch(e2e.url('/api/social/twitter?startDate=2026-11-20&endDate=2026-11-19'), {
      headers: { authorization: `Bearer ${e2e.user.token}` },
    });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ error: 'endDate must not be before startDate' });
  });

  it('the Data Explorer counts its results and loads more; the cards follow the search; one platform choice, LinkedIn included', async () => {
    const page = await pageAt(width);
    await page.goto(e2e.url('/explorer'), { waitUntil: 'networkidle' });
    await page.getByRole('combobox', { name: 'Period' }).selectOption('90d');
    await page.getByRole('searchbox', { name: 'Search' }).fill('bitcoin');

    const count = page.getByText(/^Showing [\d,]+ of [\d,]+\+? results$/);
    await count.waitFor();
    const [shown, total] = (/^Showing ([\d,]+) of ([\d,]+)/.exec(await count.innerText()) ?? [])
      .slice(1)
      .map((n) => Number(n.replaceAll(',', '')));
    expect(shown).toBe(50);
    expect(total).toBeGreaterThan(50);
    expect(await page.getByRole('article').count()).toBe(50);
    await page.getByRole('button', { name: 'Load more results' }).click();
    await page.getByText(new RegExp(`^Showing ${Math.min(100, total!)} of`)).waitFor();
    expect(await page.getByRole('article').count()).toBe(Math.min(100, total!));

    // Each card says how many posts match, and the four add up to the total.
    const cards = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    const matching = await cards.getByText(/^[\d,]+\+? matching posts?$/).allInnerTexts();
    expect(matching).toHaveLength(4);
    expect(matching.reduce((sum, text) => sum + Number(text.split(' ')[0]!.replaceAll(',', '')), 0)).toBe(total);
    await expectAxeClean(page);

    const dropdown = page.getByRole('combobox', { name: 'Platform' });
    const card = (name: string) => page.getByRole('button', { name, exact: true });
    await card('Instagram').click();
    expect(await dropdown.inputValue()).toBe('instagram');
    await page.getByRole('heading', { name: 'Results on Instagram' }).waitFor();
    await dropdown.selectOption('twitter');
    expect(await card('Twitter').getAttribute('aria-pressed')).toBe('true');
    expect(await card('Instagram').getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('heading', { name: 'Results on Twitter' }).waitFor();

    await dropdown.selectOption({ label: 'LinkedIn' });
    expect(await card('LinkedIn').getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { name: 'Results on LinkedIn' }).waitFor();
    await page.getByRole('article').first().waitFor();
    const platforms = await page
      .getByRole('article')
      .locator('header')
      .getByText(/^(Twitter|Instagram|Facebook|LinkedIn)$/)
      .allInnerTexts();
    expect(new Set(platforms)).toEqual(new Set(['LinkedIn']));
    expect(await noSideways(page)).toBe(true);
    await expectAxeClean(page);
  });
});
