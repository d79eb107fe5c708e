import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answerTo } from './answers';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// An account's time zone, theme and number format, applied on reload and before the first paint;
// and the platform tables at a phone's width: filters folded, every figure reachable, the first
// column pinned, nothing wider than the screen.
const e2e = setupE2E({ signedIn: true });

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const { serious } = await runAxe(page);
  expect(describeViolations(serious), `axe on ${where}`).toEqual([]);
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The first post's date cell on /social/twitter: its text and the UTC time on hover. */
async function firstPostTime(page: Page): Promise<{ text: string; title: string; iso: string }> {
  const time = page.getByRole('table', { name: 'Twitter posts' }).locator('tbody tr').first().locator('time');
  await time.waitFor();
  return {
    text: (await time.innerText()).replace(/\s+/g, ' ').trim(),
    title: (await time.getAttribute('title')) ?? '',
    iso: (await time.getAttribute('datetime')) ?? '',
  };
}

/** A fresh account's page, so one test's saved preferences are no other test's. */
async function freshAccount(name: string, width = 1280): Promise<{ page: Page; token: string }> {
  const { token } = await e2e.signUp(name);
  return { page: await e2e.open({ token, width }), token };
}

describe('preferences', () => {
  it('a time zone and number format saved in Settings show on every page, and again after a reload', async () => {
    const { page } = await freshAccount('prefszone');
    await page.goto(e2e.url('/social/twitter'), { waitUntil: 'networkidle' });
    const before = await firstPostTime(page);
    expect(before.text).toMatch(/ UTC$/);
    expect(before.title).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);

    await page.goto(e2e.url('/settings'), { waitUntil: 'networkidle' });
    const form = page.getByRole('form', { name: 'Preferences' });
    await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
    await form.getByLabel('Number format').selectOption('period_comma');
    await answerTo(page, 'preferences.update', {}, () => form.getByRole('button', { name: 'Save Preferences' }).click());
    await page.getByText('Preferences saved.').waitFor();
    await expectAxeClean(page, 'Settings with its Preferences');

    await page.goto(e2e.url('/social/twitter'), { waitUntil: 'networkidle' });
    await page.reload({ waitUntil: 'networkidle' });
    const after = await firstPostTime(page);
    expect(after.iso).toBe(before.iso);
    const tokyo = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(after.iso));
    expect(after.text).toBe(tokyo.replace(/^(\w+ \d+, \d+), /, '$1 '));
    expect(after.text).toMatch(/ GMT\+9$/);
    // The UTC time on hover is the same instant as before.
    expect(after.title).toBe(before.title);
    // Grouped with periods: the views column holds counts in the thousands.
    const views = await page.getByRole('table', { name: 'Twitter posts' }).locator('tbody tr td[class*="end"]').allInnerTexts();
    expect(views.some((figure) => /^\d{1,3}(\.\d{3})+$/.test(figure))).toBe(true);
    expect(views.some((figure) => figure.includes(','))).toBe(false);
  });

  it('a dark theme is on <html> before the app script runs, and paints the first frame dark on a light device', async () => {
    const { page, token } = await freshAccount('prefsdark');
    const saved = await page.request.put(e2e.url('/api/preferences'), {
      data: { theme: 'dark' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(saved.status()).toBe(200);
    // Signed in, the app reads the account's preferences and keeps this device's copy.
    await page.goto(e2e.url('/dashboard'), { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');

    // Again with the app's scripts emptied: what is dark now was set by index.html alone.
    await page.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.reload({ waitUntil: 'load' });
    const first = await page.evaluate(() => ({
      theme: document.documentElement.getAttribute('data-theme'),
      background: getComputedStyle(document.body).backgroundColor,
      appRan: document.getElementById('root')?.childElementCount ?? 0,
    }));
    expect(first).toEqual({ theme: 'dark', background: 'rgb(11, 16, 32)', appRan: 0 });
    await page.unroute(/\/assets\/.*\.js$/);

    // With its scripts back the app keeps the theme (the device is light: the harness's default),
    // and the dark dashboard passes axe.
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('dark');
    await expectAxeClean(page, 'the dashboard, dark');
  });

  it('the Content-Security-Policy allows the boot script and no other inline script', async () => {
    const response = await e2e.page.goto(e2e.url('/'), { waitUntil: 'networkidle' });
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    expect(csp).not.toContain('unsafe-inline');
    // A refused script would have logged a console error, which fails the test in the harness.
    expect(await e2e.page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
  });
});

describe.each([390, 1280] as const)('the platform tables at %i px', (width) => {
  it('filters fold behind one button on a phone; every figure of the last number column shows whole; the page never scrolls sideways', async () => {
    const page = width === 1280 ? e2e.page : await e2e.open({ width });
    await page.goto(e2e.url('/social/twitter'), { waitUntil: 'networkidle' });
    const table = page.getByRole('table', { name: 'Twitter posts' });
    await table.locator('tbody tr').nth(1).waitFor();
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    const minLikes = page.getByLabel('Min likes');

    if (width === 390) {
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await minLikes.isVisible()).toBe(false);
      // The table starts on the first screen, not under nine fields.
      const tableTop = (await table.boundingBox())?.y ?? Infinity;
      expect(tableTop).toBeLessThan(844);
      await expectAxeClean(page, '/social/twitter, filters folded');
      await toggle.click();
      expect(await page.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
      expect(await minLikes.isVisible()).toBe(true);
      await expectAxeClean(page, '/social/twitter, filters open');
    } else {
      expect(await toggle.isVisible()).toBe(false);
      expect(await minLikes.isVisible()).toBe(true);
    }

    // Scrolled to its end, the last column of figures lies within the table's scroll box, and the
    // first column has stayed where it was.
    const wrapper = table.locator('xpath=..');
    const firstCell = table.locator('tbody tr').first().locator('td').first();
    const firstBefore = await firstCell.boundingBox();
    await wrapper.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const box = await wrapper.boundingBox();
    const figures = table.locator('tbody tr').locator('td:nth-last-child(2)');
    expect(await table.locator('thead th').nth(-2).innerText()).toMatch(/retweets/i);
    for (const figure of await figures.all()) {
      const cell = await figure.boundingBox();
      expect(cell && box).toBeTruthy();
      expect(cell!.x).toBeGreaterThanOrEqual(box!.x - 1);
      expect(cell!.x + cell!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
      expect(cell!.x + cell!.width).toBeLessThanOrEqual(width);
      const text = await figure.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
      expect(text.scroll).toBeLessThanOrEqual(text.client);
    }
    const firstAfter = await firstCell.boundingBox();
    expect(firstAfter?.x).toBe(firstBefore?.x);
    expect(await firstCell.evaluate((element) => getComputedStyle(element).position)).toBe('sticky');
    expect(await noSideways(page)).toBe(true);
  });

  it.each(['/tasks', '/alerts', '/settings?tab=api', '/market'])('%s fits the screen and passes axe', async (path) => {
    const page = width === 1280 ? e2e.page : await e2e.open({ width });
    await page.goto(e2e.url(path), { waitUntil: path === '/market' ? 'load' : 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (path === '/market') await page.getByRole('table').first().locator('tbody tr').nth(1).waitFor();
    expect(await noSideways(page)).toBe(true);
    await expectAxeClean(page, path);
  });
});
