import { describe, expect, it } from 'vitest';
import { describeViolations, runAxe } from './axe';
import { setupE2E } from './harness';

// The docs pages in a real browser, at a phone's width and a desktop's: axe-clean, no
// sideways page scroll (long code lines scroll inside their block), every block copyable.
const e2e = setupE2E();
const PAGES = ['/docs', '/docs/getting-started', '/docs/data-analysis', '/docs/alerts'];

describe('docs pages', () => {
  it.each([390, 1280])('at %i px they fit, are axe-clean, and their code scrolls inside its block', async (width) => {
    const page = await e2e.open({ width });
    const problems: string[] = [];
    let scrollingBlocks = 0;
    for (const path of PAGES) {
      await page.goto(e2e.url(path), { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const fit = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        blocks: Array.from(document.querySelectorAll('pre')).map((pre) => ({
          overflows: pre.scrollWidth > pre.clientWidth,
          right: pre.getBoundingClientRect().right,
        })),
        origin: window.location.origin,
        text: Array.from(document.querySelectorAll('pre'))
          .map((pre) => pre.textContent ?? '')
          .join('\n'),
      }));
      if (fit.page > 0) problems.push(`${path}: the page scrolls ${fit.page} px sideways`);
      for (const block of fit.blocks) if (block.right > width) problems.push(`${path}: a code block ends at ${block.right} px`);
      scrollingBlocks += fit.blocks.filter((b) => b.overflows).length;
      expect(fit.text).toContain(`${fit.origin}/v1/`);
      expect(fit.text).not.toContain('{{BASE_URL}}');
      const copyButtons = await page.getByRole('button', { name: /^Copy / }).count();
      expect(copyButtons, path).toBe(fit.blocks.length);
      const { serious } = await runAxe(page);
      expect(describeViolations(serious), `axe on ${path} at ${width} px`).toEqual([]);
    }
    expect(problems).toEqual([]);
    // At a phone's width the long curl lines do not wrap: they scroll inside their block.
    if (width === 390) expect(scrollingBlocks).toBeGreaterThan(0);
  });

  it('copies a code block', async () => {
    const page = await e2e.open({ width: 390 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.url('/') });
    await page.goto(e2e.url('/docs/alerts'), { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Copy Create a price alert' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^curl -s -X POST "http:\/\/[^"]+\/v1\/alerts\/create"/);
  });
});
